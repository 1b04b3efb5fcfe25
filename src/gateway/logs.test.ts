import { describe, expect, it } from 'vitest';
import { startDevProcess } from '../testing/gateway-process.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';

/**
 * #27: what `npm start` writes is JSON, a line each, on stdout, and nothing on stderr: a sign-in
 * through the development provider, a refused path and a failed one included. (Plain lines such as
 * `[auth] …`, `[sessions] …` or oidc-provider's own notices used to sit among the JSON.)
 */
describe('npm start, as a process', () => {
  it('logs only JSON lines, through a sign-in, a refused spelling and a page', async () => {
    const gateway = await startDevProcess({ env: { GATEWAY_DATABASE: ':memory:' } });
    const { origin } = gateway;
    try {
      const { cookie } = await signInThroughProvider(origin, 'E0001');
      expect(cookie).not.toBe('');
      expect(
        (await fetch(`${origin}/api/notations/%63ategories/1`, { method: 'PUT', headers: { cookie, origin, 'content-type': 'application/json' }, body: '{}' }))
          .status,
      ).toBeLessThan(500);
      expect((await fetch(`${origin}/assets/%E0`)).status).toBe(400);
      expect((await fetch(`${origin}/students`, { headers: { cookie } })).status).toBe(200);
    } finally {
      await gateway.stop();
    }
    const { stdout, stderr } = gateway.output();
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(stderr).toBe('');
  }, 60_000);
});
