import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { setResponseHeader } from '../http/known-body.ts';
import { directSignIn } from '../testing/gateway.ts';
import { decoders, rawGet, type RawResponse } from '../testing/raw-http.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { createGateway } from './gateway.ts';
import { createSession, readSession, sessionStoreKey, type SessionOptions } from './session.ts';
import { memoryStore } from './session-store.ts';
import { inProcessRequest, inProcessUpstream } from './upstream.ts';

/**
 * The score cohort's fallback (#11) asks E18 once per respondent: thousands of ~2 KB answers.
 * They go from the backend's handler to the socket as the string they were made from
 * (http/known-body.ts); these tests hold that path to what every other answer gets, over a real
 * socket (where @hono/node-server's lightweight responses are in play).
 */

const nonceOf = (res: RawResponse) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

describe('small /api answers through the gateway (E18 per respondent)', () => {
  const signin = directSignIn();
  let server: ServerType;
  let origin = '';
  let closeDb: () => void;
  let cookie = '';
  /** One respondent's E18 path under the gateway. */
  let e18 = '';

  beforeAll(async () => {
    const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.3, now: new Date('2026-06-01T00:00:00Z') });
    closeDb = () => db.close();
    const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600 });
    const late: { gateway?: Hono } = {};
    server = serve({ fetch: (request, env) => late.gateway!.fetch(request, env), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    late.gateway = createGateway({
      upstream: inProcessUpstream(backend, DEMO_CLIENT),
      auth: { ...signin.auth, config: { ...signin.auth.config, publicUrl: origin } },
      publicUrl: origin,
    });
    cookie = await signin.cookieFor('E0001');
    const admins = JSON.parse((await rawGet(`${origin}/api/noncognitives/administrations/?pageSize=100`, { cookie })).body.toString()) as {
      values: { results: { href: string } }[];
    };
    for (const administration of admins.values) {
      const results = JSON.parse((await rawGet(`${administration.results.href}?pageSize=1`, { cookie })).body.toString()) as { values: { href: string }[] };
      if (results.values[0]) {
        e18 = new URL(results.values[0].href).pathname;
        break;
      }
    }
    expect(e18).toMatch(/^\/api\/noncognitives\/administrations\/\d+\/results\/[^/]+\/factors$/);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    closeDb();
  });

  it('are the same bytes for a plain client, tagged by their hash, and compressed in one piece for a client that asks', async () => {
    const plain = await rawGet(`${origin}${e18}`, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A cache must not hand this plain body to a client that asked for br (RFC 9110 §12.5.5; #31 item 18).
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    const text = plain.body.toString('utf8');
    expect(JSON.parse(text)).toMatchObject({ values: expect.any(Array), self: { href: `${origin}${e18}` } });
    expect((JSON.parse(text) as { values: unknown[] }).values.length).toBeGreaterThan(0);
    // The strong tag of the identity bytes (etag.ts), the same on every request.
    const tag = `"${createHash('sha1').update(plain.body).digest('base64url')}"`;
    expect(plain.headers.etag).toBe(tag);
    expect((await rawGet(`${origin}${e18}`, { cookie })).body.equals(plain.body)).toBe(true);

    for (const encoding of ['zstd', 'br', 'gzip'] as const) {
      const res = await rawGet(`${origin}${e18}`, { cookie, 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(`${tag.slice(0, -1)}-${encoding}"`);
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect((await decoders[encoding](res.body)).toString('utf8')).toBe(text);
      // Either tag revalidates: 304, no body.
      for (const validator of [tag, String(res.headers.etag)]) {
        const again = await rawGet(`${origin}${e18}`, { cookie, 'accept-encoding': encoding, 'if-none-match': validator });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers['content-encoding']).toBeUndefined();
      }
    }
  });

  it('carry the security headers, no-store, a request id and a fresh CSP nonce each', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => rawGet(`${origin}${e18}`, { cookie, 'accept-encoding': 'zstd' })));
    const nonces = new Set<string>();
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
      const nonce = nonceOf(res)!;
      // 16 random bytes, base64 (as Hono's NONCE makes it).
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(answers.length);
    // An id the client sent comes back.
    expect((await rawGet(`${origin}${e18}`, { cookie, 'x-request-id': 'trace-123' })).headers['x-request-id']).toBe('trace-123');
  });

  it('pass the backend’s refusals on as problems, and refuse without a session', async () => {
    const missing = await rawGet(`${origin}/api/noncognitives/administrations/999999`, { cookie, 'accept-encoding': 'zstd' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ status: 404 });
    const bad = await rawGet(`${origin}/api/noncognitives/administrations/abc/results/x/factors`, { cookie });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({ status: 400, errors: [{ in: 'path', name: 'id' }] });
    const anonymous = await rawGet(`${origin}${e18}`, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});

describe('the in-process backend’s requests', () => {
  it('a GET reads as the web Request it stands for, down to its body and clone', async () => {
    const url = 'http://gateway.test/api/a/./b/../c?q=1 2&r=%41';
    const init = { method: 'get', headers: { accept: 'application/json', 'X-Request-Id': 'r1' } };
    const light = inProcessRequest(url, init);
    const real = new Request(url, init);
    expect(light.url).toBe(real.url);
    expect(light.method).toBe('GET');
    expect(light.headers.get('x-request-id')).toBe('r1');
    expect(light.headers.get('accept')).toBe('application/json');
    expect(light.body).toBeNull();
    expect(light.bodyUsed).toBe(false);
    expect(light.clone().url).toBe(real.url);
    expect(await light.text()).toBe('');
  });

  it('a write stays a web Request, body and all', async () => {
    const post = inProcessRequest('http://gateway.test/api/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(post).toBeInstanceOf(Request);
    expect(await post.json()).toEqual({ a: 1 });
  });
});

describe('sessions read on every /api request', () => {
  it('a session changed in the store is read anew, and one removed is gone', async () => {
    const store = memoryStore();
    const options: SessionOptions = { store, secure: false, idleSeconds: 600, maxSeconds: 3600 };
    const app = new Hono();
    let id = '';
    app.get('/in', async (c) => {
      id = (await createSession(c, options, { identifier: 'E0001', groups: ['success-staff'] })).id;
      return c.body(null, 204);
    });
    app.get('/me', async (c) => c.json((await readSession(c, options))?.session.groups ?? null));
    const cookie = (await app.request('/in')).headers.get('set-cookie')!.split(';')[0]!;
    const groups = async () => (await app.request('/me', { headers: { cookie } })).json();
    expect(await groups()).toEqual(['success-staff']);
    expect(await groups()).toEqual(['success-staff']);
    const stored = JSON.parse((await store.get(sessionStoreKey(id)))!) as Record<string, unknown>;
    await store.set(sessionStoreKey(id), JSON.stringify({ ...stored, groups: ['success-staff', 'success-admins'] }), 600);
    expect(await groups()).toEqual(['success-staff', 'success-admins']);
    await store.set(sessionStoreKey(id), JSON.stringify({ ...stored, groups: 'not a list' }), 600);
    expect(await groups()).toBeNull();
    await store.delete(sessionStoreKey(id));
    expect(await groups()).toBeNull();
  });
});

describe('a header set on a finished response', () => {
  it('lands on it in place, or on a copy when its headers cannot change (a redirect from Response.redirect)', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setResponseHeader(c, 'x-request-id', 'r1');
      setResponseHeader(c, 'expires', undefined);
    });
    app.get('/plain', () => new Response('ok', { headers: { expires: '0' } }));
    app.get('/moved', () => Response.redirect('http://gateway.test/elsewhere', 302));
    const plain = await app.request('/plain');
    expect(plain.headers.get('x-request-id')).toBe('r1');
    expect(plain.headers.get('expires')).toBeNull();
    expect(await plain.text()).toBe('ok');
    const moved = await app.request('/moved');
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://gateway.test/elsewhere');
    expect(moved.headers.get('x-request-id')).toBe('r1');
  });
});
