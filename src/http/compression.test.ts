import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { createGateway } from '../gateway/gateway.ts';
import { directSignIn } from '../testing/gateway.ts';
import { decoders, rawGet } from '../testing/raw-http.ts';
import { inProcessUpstream, remoteUpstream } from '../gateway/upstream.ts';
import { DEMO_CLIENT, startBackend, type TestBackend } from '../testing/backend.ts';
import { compression, negotiateEncoding } from './compression.ts';

const signin = directSignIn();

async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding') as keyof typeof decoders | null;
  return (encoding ? await decoders[encoding](bytes) : bytes).toString('utf8');
}

describe('negotiateEncoding', () => {
  it('prefers zstd, then br, then gzip, and honours q-values and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5, zstd;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('*;q=0')).toBeUndefined();
    expect(negotiateEncoding('*')).toBe('zstd');
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});

describe('the reference backend', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ scale: 0.3 });
  });
  afterAll(() => backend.close());

  const get = (path: string, headers: Record<string, string> = {}) => rawGet(`${backend.baseUrl}${path}`, { ...backend.headers, ...headers });
  const LIST = '/notations/alerts/?pageSize=500&expand=student,createdBy,categories';

  it('compresses a large /api answer with each encoding the request accepts, to the same JSON', async () => {
    const plain = await get(LIST);
    const text = plain.body.toString('utf8');
    expect(text.length).toBeGreaterThan(50_000);
    for (const encoding of ['zstd', 'br', 'gzip'] as const) {
      const res = await get(LIST, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(text.length / 4);
      expect((await decoders[encoding](res.body)).toString('utf8')).toBe(text);
    }
  });

  it('gives a client that sends no Accept-Encoding the plain body, saying that it varies by encoding (#31 item 18)', async () => {
    const raw = await get(LIST);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(raw.body.toString('utf8'))).toMatchObject({ values: expect.any(Array) });
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await get('/notations/categories/1', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses a 304', async () => {
    const first = await get(LIST, { 'accept-encoding': 'br' });
    const again = await get(LIST, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body.length).toBe(0);
  });
});

describe('the gateway', () => {
  let closeDb: () => void;
  let gateway: Hono;
  const bigHtml = `<!doctype html><html><body>${'<p>Student Success</p>'.repeat(500)}</body></html>`;
  beforeAll(() => {
    const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
    closeDb = () => db.close();
    const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600 });
    gateway = createGateway({
      upstream: inProcessUpstream(backend, DEMO_CLIENT),
      auth: signin.auth,
      serveApp: (app) => app.get('*', (c) => c.html(bigHtml)),
    });
  });
  afterAll(() => closeDb());

  const request = (g: Hono, path: string, init: RequestInit = {}) => g.request(`http://dashboard.test${path}`, init);
  const signIn = (_g: Hono): Promise<string> => signin.cookieFor('E0001');

  it('compresses /api once (the in-process upstream answers plain) and the HTML', async () => {
    const cookie = await signIn(gateway);
    const plain = await request(gateway, '/api/notations/alerts/?pageSize=200&expand=student', { headers: { cookie } });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const res = await request(gateway, '/api/notations/alerts/?pageSize=200&expand=student', {
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers.get('content-encoding')).toBe('zstd');
    expect(await decoded(res)).toBe(text);
    expect(text).toContain('"href":"http://dashboard.test/api/');

    const page = await request(gateway, '/students', { headers: { cookie, 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await decoded(page)).toBe(bigHtml);
    const plainPage = await request(gateway, '/students', { headers: { cookie } });
    expect(plainPage.headers.get('content-encoding')).toBeNull();
    expect(await plainPage.text()).toBe(bigHtml);
  });

  it('revalidates through the gateway: the compressed variant’s tag gives 304', async () => {
    const cookie = await signIn(gateway);
    const path = '/api/notations/alerts/?pageSize=200&expand=student';
    const first = await request(gateway, path, { headers: { cookie, 'accept-encoding': 'br' } });
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]+-br"$/);
    const second = await request(gateway, path, { headers: { cookie, 'accept-encoding': 'br', 'if-none-match': tag } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });

  it('in proxy mode accepts compressed answers from the upstream and rewrites their hrefs', async () => {
    const service = await startBackend({ scale: 0.1 });
    const seen: (string | null)[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const res = await realFetch(input, init);
      seen.push(res.headers.get('content-encoding'));
      return res;
    });
    try {
      const proxy = createGateway({
        upstream: remoteUpstream({ url: service.baseUrl, tokenUrl: `${service.baseUrl}/oauth2/token`, ...DEMO_CLIENT }),
        auth: signin.auth,
      });
      const cookie = await signIn(proxy);
      const res = await request(proxy, '/api/notations/alerts/?pageSize=200&expand=student', { headers: { cookie, 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const text = await decoded(res);
      const body = JSON.parse(text) as { values: unknown[]; self: { href: string }; hiddenByAudience?: { Private: number; FullNetwork: number } };
      // The page's 200 alerts: those this person may see, and those their audience hides (#30).
      const hidden = (body.hiddenByAudience?.Private ?? 0) + (body.hiddenByAudience?.FullNetwork ?? 0);
      expect(body.values.length + hidden).toBe(200);
      expect(body.self.href.startsWith('http://dashboard.test/api/notations/alerts/')).toBe(true);
      expect(text).not.toContain(service.origin);
      expect(seen.some((e) => e !== null)).toBe(true);
      const plain = await request(proxy, '/api/notations/alerts/?pageSize=200&expand=student', { headers: { cookie } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect((JSON.parse(await plain.text()) as { values: unknown[] }).values).toHaveLength(body.values.length);
    } finally {
      spy.mockRestore();
      await service.close();
    }
  });
});

describe('compression middleware', () => {
  it('compresses a small answer of known length in one piece, with its compressed length and tag', async () => {
    const app = new Hono();
    app.use('*', compression());
    const json = JSON.stringify({ values: Array.from({ length: 30 }, (_, i) => ({ href: `http://dashboard.test/api/factors/${i}`, value: i * 7 })) });
    expect(json.length).toBeGreaterThan(1024);
    app.get('/small', () => new Response(json, { headers: { 'content-type': 'application/json', 'content-length': String(json.length), etag: '"t1"' } }));
    for (const encoding of ['zstd', 'br', 'gzip'] as const) {
      const res = await app.request('/small', { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('etag')).toBe(`"t1-${encoding}"`);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(bytes.length).toBeLessThan(json.length / 2);
      expect((await decoders[encoding](bytes)).toString('utf8')).toBe(json);
    }
    const plain = await app.request('/small');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(json);
  });

  it('streams: the first bytes of a long answer arrive before it ends', async () => {
    const app = new Hono();
    app.use('*', compression());
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/stream', () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(`[${'"row",'.repeat(1000)}`));
          await gate;
          controller.enqueue(encoder.encode('"end"]'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    });
    const res = await app.request('/stream', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    release();
    expect(JSON.parse((await decoders.gzip(Buffer.from(await res.arrayBuffer()))).toString('utf8'))).toHaveLength(1001);
  });
});
