import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `npm run backend`: starts from the environment, prints its base URL, answers, stops on SIGTERM. */
describe('the backend command', () => {
  it('prints its base URL and serves the token endpoint and OpenAPI', async () => {
    const child = spawn(process.execPath, ['src/backend/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_SCALE: '0.05', SEED_NOW: '2026-06-01' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/\S+\/api)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
        setTimeout(() => reject(new Error(`no base URL printed: ${out}`)), 30_000);
      });
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
      expect(openapi.openapi).toBe('3.1.0');
      expect(Object.keys(openapi.paths)).toContain('/notations/updates/');
      const token = await fetch(`${baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}` },
        body: 'grant_type=client_credentials',
      });
      expect(token.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses a bad environment by name', async () => {
    const child = spawn(process.execPath, ['src/backend/main.ts'], { env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('PORT');
  });
});
