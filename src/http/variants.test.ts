import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from '../testing/backend.ts';
import { startTestGateway, type TestGateway } from '../testing/gateway.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';
import { inProcessUpstream } from '../gateway/upstream.ts';
import { createLogger } from '../gateway/logging.ts';

/**
 * #31 item 18, as a cache or a third-party client sees it (RFC 9110): an answer that varies by
 * encoding says so, whether or not the request asked for one; a 304 carries the tag of the
 * variant its 200 would have had, and `Vary`; HEAD answers carry GET's headers. On the reference
 * backend and through the gateway.
 */
const PATH = '/notations/alerts/?pageSize=50';
const HEADERS_OF_GET = ['content-type', 'content-encoding', 'content-length', 'etag', 'vary', 'cache-control'];

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

function checks(target: () => Target) {
  const get = (method: string, headers: Record<string, string> = {}) => {
    const t = target();
    const url = new URL(`${t.url}${PATH}`);
    return rawRequest(url.origin, method, `${url.pathname}${url.search}`, { ...t.headers, ...headers });
  };

  it('says Vary: Accept-Encoding on a compressible answer, with or without Accept-Encoding', async () => {
    const plain = await get('GET');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    const br = await get('GET', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toMatch(/-br"$/);
  });

  it('a 304 names the variant the client holds, with Vary, as its 200 did', async () => {
    for (const encoding of ['br', 'gzip', 'zstd']) {
      const first = await get('GET', { 'accept-encoding': encoding });
      const tag = String(first.headers.etag);
      expect(tag).toMatch(new RegExp(`-${encoding}"$`));
      const again = await get('GET', { 'accept-encoding': encoding, 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(tag);
      expect(String(again.headers.vary)).toMatch(/accept-encoding/i);
      expect(again.body.byteLength).toBe(0);
    }
    const identity = await get('GET');
    const revalidated = await get('GET', { 'if-none-match': String(identity.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(identity.headers.etag);
    expect(String(revalidated.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("HEAD carries GET's headers, and no body", async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const g = await get('GET', headers);
      const h = await get('HEAD', headers);
      expect(h.status).toBe(200);
      expect(h.body.byteLength).toBe(0);
      for (const name of HEADERS_OF_GET) expect(h.headers[name], `${name} (${JSON.stringify(headers)})`).toEqual(g.headers[name]);
    }
  });
}

describe('variants on the reference backend', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ scale: 0.1 });
  });
  afterAll(() => backend.close());
  checks(() => ({ name: 'backend', url: backend.baseUrl, headers: backend.headers }));
});

describe('variants through the gateway', () => {
  let gw: TestGateway;
  let cookie = '';
  let close: () => void;
  beforeAll(async () => {
    const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
    close = () => db.close();
    const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
    gw = await startTestGateway({ upstream: inProcessUpstream(backend, DEMO_CLIENT), db, logger: createLogger({ level: 'silent' }) });
    cookie = (await signInThroughProvider(gw.origin, 'E0006')).cookie;
  });
  afterAll(async () => {
    await gw.close();
    close();
  });
  checks(() => ({ name: 'gateway', url: `${gw.origin}/api`, headers: { cookie } }));
});
