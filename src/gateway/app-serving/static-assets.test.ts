import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { staticAssets } from './static-assets.ts';

const script = 'export const answer = 42;\n'.repeat(100);

function app() {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'));
  writeFileSync(join(dir, 'app-1.js'), script);
  writeFileSync(join(dir, 'app-1.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'app-1.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'plain-1.css'), 'a{}');
  writeFileSync(join(dir, 'app-1.js.map'), '{}');
  const hono = new Hono();
  hono.use('/assets/*', staticAssets(dir));
  hono.get('/assets/*', (c) => c.text('fell through', 404));
  return hono;
}

describe('staticAssets', () => {
  it('serves the brotli variant to a browser that accepts it, cached for a year', async () => {
    const response = await app().request('/assets/app-1.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script);
  });

  it('honours q=0, falls back to gzip or to the file itself', async () => {
    const gz = await app().request('/assets/app-1.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const none = await app().request('/assets/app-1.js');
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toBe(script);
    const css = await app().request('/assets/plain-1.css', { headers: { 'accept-encoding': 'br' } });
    expect(css.headers.get('content-encoding')).toBeNull();
    expect(await css.text()).toBe('a{}');
  });

  it('leaves unknown files, source maps and other methods to the next handler', async () => {
    const hono = app();
    expect((await hono.request('/assets/missing-1.js')).status).toBe(404);
    expect(await (await hono.request('/assets/app-1.js.map')).text()).toBe('fell through');
    expect((await hono.request('/assets/app-1.js', { method: 'POST' })).status).toBe(404);
  });
});
