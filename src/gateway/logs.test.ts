import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInThroughProvider } from '../testing/sign-in.ts';

/**
 * #27: what `npm start` writes is JSON, a line each, on stdout, and nothing on stderr: a sign-in
 * through the development provider, a refused path and a failed one included. (Plain lines such as
 * `[auth] …`, `[sessions] …` or oidc-provider's own notices used to sit among the JSON.)
 */
describe('npm start, as a process', () => {
  it('logs only JSON lines, through a sign-in, a refused spelling and a page', async () => {
    const app = mkdtempSync(join(tmpdir(), 'logs-app-'));
    mkdirSync(join(app, 'assets'));
    writeFileSync(join(app, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    const child = spawn(process.execPath, [new URL('./start.ts', import.meta.url).pathname], {
      env: { PATH: process.env.PATH ?? '', APP_DIR: app, PORT: '0', HOST: '127.0.0.1', SEED_SCALE: '0.05', GATEWAY_DATABASE: ':memory:' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString('utf8');
          const port = /"port":(\d+)/.exec(stdout)?.[1];
          if (port) resolve(`http://127.0.0.1:${port}`);
        });
        void exited.then(() => reject(new Error(`npm start exited: ${stderr}`)));
      });
      const { cookie } = await signInThroughProvider(origin, 'E0001');
      expect(cookie).not.toBe('');
      expect((await fetch(`${origin}/api/notations/%63ategories/1`, { method: 'PUT', headers: { cookie, origin, 'content-type': 'application/json' }, body: '{}' })).status).toBeLessThan(500);
      expect((await fetch(`${origin}/assets/%E0`)).status).toBe(400);
      expect((await fetch(`${origin}/students`, { headers: { cookie } })).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(stderr).toBe('');
  }, 60_000);
});
