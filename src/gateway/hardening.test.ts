import { Writable } from 'node:stream';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { createTokenProvider } from '../api/token-provider.ts';
import { directSignIn } from '../testing/gateway.ts';
import { createGateway } from './gateway.ts';
import { createLogger } from './logging.ts';
import { hrefRewriter, inProcessUpstream, remoteUpstream, type Upstream } from './upstream.ts';

/**
 * #15.1–15.4 at the gateway's boundary: what a browser (or an operator) sees when the service is
 * slow, down or refusing, when the request is hostile, and what the gateway says about itself.
 */
const ORIGIN = 'http://dashboard.test';
const TIMEOUTS = { upstreamMs: 300, tokenMs: 200 };
const signin = directSignIn({ publicUrl: ORIGIN });

let backend: Hono;
let closeDb: () => void;
let logLines: Record<string, unknown>[] = [];

/** Knobs a test turns on the in-process service. */
const knobs = {
  tokenHangs: false,
  releaseToken: [] as (() => void)[],
  tokenRequests: 0,
  delayMs: 0,
  down: false,
  seen: [] as { path: string; init: RequestInit }[],
};

function makeUpstream(): Upstream {
  const real = inProcessUpstream(backend, DEMO_CLIENT, TIMEOUTS);
  const internalFetch = async (input: string, init: RequestInit) => {
    knobs.tokenRequests += 1;
    // A token endpoint that hangs until released, ignoring the request's abort signal.
    if (knobs.tokenHangs) await new Promise<void>((resolve) => knobs.releaseToken.push(resolve));
    return backend.fetch(new Request(input, init));
  };
  return {
    ...real,
    token: createTokenProvider({
      tokenUrl: 'http://reference-backend.internal/api/oauth2/token',
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      fetch: internalFetch,
      timeoutMs: TIMEOUTS.tokenMs,
    }),
    send: async (path, init, base) => {
      knobs.seen.push({ path, init });
      if (knobs.down) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      if (knobs.delayMs) await new Promise((resolve) => setTimeout(resolve, knobs.delayMs));
      return real.send(path, init, base);
    },
    probe: async () => {
      if (knobs.down) throw new TypeError('fetch failed');
      return real.probe();
    },
  };
}

function makeGateway(extra: Partial<Parameters<typeof createGateway>[0]> = {}): Hono {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return createGateway({
    upstream: makeUpstream(),
    auth: signin.auth,
    timeouts: TIMEOUTS,
    logger: createLogger({ destination: sink }),
    ...extra,
  });
}

let gateway: Hono;
beforeAll(() => {
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
  closeDb = () => db.close();
  backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
  gateway = makeGateway();
});
afterAll(() => closeDb());
beforeEach(() => {
  Object.assign(knobs, { tokenHangs: false, releaseToken: [], tokenRequests: 0, delayMs: 0, down: false, seen: [] });
  logLines = [];
});

/** As the dashboard's own pages send it: writes carry the page's Origin (the gateway's CSRF check). */
const request = (path: string, init: RequestInit = {}, app = gateway) => {
  const headers = new Headers(init.headers);
  if (init.method && !['GET', 'HEAD'].includes(init.method) && !headers.has('origin')) headers.set('origin', ORIGIN);
  return app.request(`${ORIGIN}${path}`, { ...init, headers });
};
const problem = async (res: Response) => {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  return (await res.json()) as { type: string; status: number; detail: string };
};

/** A session in the gateways' shared store (every gateway here uses `signin.auth`). */
const signIn = (identifier = 'E0001', _app?: Hono): Promise<string> => signin.cookieFor(identifier);

describe('bounded upstream calls (#15.1)', () => {
  it('a hanging token endpoint costs each request its timeout (504), one token request at a time; the next succeeds once it answers', async () => {
    const app = makeGateway();
    knobs.tokenHangs = true;
    const cookie = await signIn('E0001', app);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => request('/api/notations/categories/', { headers: { cookie } }, app)));
    expect(Date.now() - started).toBeLessThan(TIMEOUTS.tokenMs + 700);
    for (const res of answers) {
      expect(res.status).toBe(504);
      const body = await problem(res);
      expect(body.type).toBe('urn:student-success:problem:upstream-timeout');
      expect(body.detail).toMatch(/token endpoint did not answer within 200 ms\. Try again/);
    }
    expect(knobs.tokenRequests).toBe(1);
    knobs.tokenHangs = false;
    knobs.releaseToken.forEach((release) => release());
    expect((await request('/api/notations/categories/', { headers: { cookie } }, app)).status).toBe(200);
  });

  it('a slow service is 504 upstream-timeout; an unreachable one 502 upstream-unreachable; refused credentials another type', async () => {
    const cookie = await signIn();
    knobs.delayMs = 1_000;
    const started = Date.now();
    const slow = await request('/api/notations/categories/', { headers: { cookie } });
    expect(Date.now() - started).toBeLessThan(900);
    expect(slow.status).toBe(504);
    const slowBody = await problem(slow);
    expect(slowBody.type).toBe('urn:student-success:problem:upstream-timeout');
    expect(slowBody.detail).toMatch(/student records service did not answer within 300 ms/);

    knobs.delayMs = 0;
    knobs.down = true;
    const down = await request('/api/notations/categories/', { headers: { cookie } });
    expect(down.status).toBe(502);
    const downBody = await problem(down);
    expect(downBody.type).toBe('urn:student-success:problem:upstream-unreachable');
    expect(downBody.detail).toMatch(/could not reach the student records service \(connection refused\)/);

    const refused = remoteUpstream({ url: 'http://127.0.0.1:9/api', tokenUrl: 'http://127.0.0.1:9/token', ...DEMO_CLIENT, timeouts: TIMEOUTS });
    const wrongKey = createGateway({
      upstream: { ...inProcessUpstream(backend, { ...DEMO_CLIENT, clientSecret: 'wrong' }), subscriptionKey: DEMO_CLIENT.subscriptionKey },
      auth: signin.auth,
      logger: createLogger({ level: 'silent' }),
    });
    const credentials = await request('/api/notations/categories/', { headers: { cookie } }, wrongKey);
    expect(credentials.status).toBe(502);
    const credentialsBody = await problem(credentials);
    expect(credentialsBody.type).toBe('urn:student-success:problem:upstream-credentials-refused');
    expect(credentialsBody.detail).not.toBe(downBody.detail);

    const unreachable = createGateway({ upstream: refused, auth: signin.auth, logger: createLogger({ level: 'silent' }) });
    const noService = await request('/api/notations/categories/', { headers: { cookie } }, unreachable);
    expect(noService.status).toBe(502);
    expect((await problem(noService)).type).toBe('urn:student-success:problem:upstream-unreachable');
  });
});

describe('request bodies and methods (#15.2)', () => {
  it('unknown methods (PROPFIND; TRACE over a socket in process.test.ts) are 405 with Allow, as problem+json', async () => {
    for (const path of ['/api/notations/alerts/', '/', '/session']) {
      const res = await request(path, { method: 'PROPFIND' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
      // The refusal carries the security headers too.
      expect(res.headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
      if (path !== '/') expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect((await problem(res)).status).toBe(405);
    }
  });

  it('JSON nested 100,000 deep is 400 (not a RangeError and 502)', async () => {
    const cookie = await signIn();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await request('/api/notations/updates/', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: deep });
    expect(res.status).toBe(400);
    expect((await problem(res)).detail).toMatch(/nests deeper than/);
  });

  it('a body over 1 MiB is 413 problem+json, declared or streamed', async () => {
    const cookie = await signIn();
    const big = `{"details":"${'x'.repeat(1024 * 1024 + 10)}"}`;
    const declared = await request('/api/notations/updates/', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect((await problem(declared)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i += 1) controller.enqueue(new Uint8Array(100 * 1024).fill(32));
        controller.close();
      },
    });
    const streamed = await request('/api/notations/updates/', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('passes Content-Type on as sent: absent stays absent (201), a wrong one is the service’s 415', async () => {
    const cookie = await signIn();
    const body = JSON.stringify({ audienceType: 'All', canStudentView: false, details: 'Met to plan the term.', student: { identifier: 'S000002' } });
    knobs.seen = [];
    const res = await request('/api/notations/updates/', { method: 'POST', headers: { cookie }, body: new TextEncoder().encode(body) });
    expect(res.status).toBe(201);
    const sent = new Request('http://x/', { method: 'POST', ...knobs.seen.at(-1)!.init });
    expect(sent.headers.get('content-type')).toBeNull();
    const wrong = await request('/api/notations/updates/', { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: 'a,b' });
    expect(wrong.status).toBe(415);
    expect((await problem(wrong)).status).toBe(415);
  });
});

describe('headers (#15.3)', () => {
  it('a strict CSP with frame-ancestors none everywhere; no-store on /api, /session and /auth; HSTS only for an https PUBLIC_URL', async () => {
    const cookie = await signIn();
    const api = await request('/api/notations/categories/', { headers: { cookie } });
    expect(api.headers.get('cache-control')).toBe('no-store');
    const csp = api.headers.get('content-security-policy')!;
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/style-src 'self' 'nonce-[\w+/=-]+'/);
    expect((await request('/session', { headers: { cookie } })).headers.get('cache-control')).toBe('no-store');
    expect((await request('/auth/callback')).headers.get('cache-control')).toBe('no-store');
    expect((await request('/api/notations/categories/')).headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('strict-transport-security')).toBeNull();
    const https = makeGateway({ publicUrl: 'https://dashboard.example.edu' });
    expect((await request('/healthz', {}, https)).headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });
});

describe('operations (#15.4)', () => {
  it('/healthz says the process is up; /readyz checks the service and its token endpoint (503 when down)', async () => {
    const health = await request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const ready = await request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { upstream: { ok: true }, token: { ok: true } } });
    knobs.down = true;
    const notReady = await request('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('content-type')).toMatch(/application\/json/);
    expect(await notReady.json()).toMatchObject({ status: 'not-ready', checks: { upstream: { ok: false }, token: { ok: true } } });
  });

  it('logs one JSON access line per request with a request id sent upstream; no query values, no tokens, no cookies', async () => {
    const cookie = await signIn();
    logLines = [];
    knobs.seen = [];
    const res = await request('/api/people/?q=Margaret&role=Student', { headers: { cookie, 'x-request-id': 'lb-1234' } });
    expect(res.headers.get('x-request-id')).toBe('lb-1234');
    expect((knobs.seen.at(-1)!.init.headers as Record<string, string>)['X-Request-Id']).toBe('lb-1234');
    const access = logLines.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'GET', path: '/api/people/?q=&role=', status: 200, requestId: 'lb-1234' });
    expect(typeof access[0]!.durationMs).toBe('number');
    const all = JSON.stringify(logLines);
    expect(all).not.toContain('Margaret');
    expect(all).not.toContain('Bearer');
    expect(all).not.toContain(cookie.split('=')[1]!.slice(0, 20));
    // An id that is not plain is replaced.
    const odd = await request('/healthz', { headers: { 'x-request-id': 'a b <script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('TRUST_PROXY: hrefs name the address the browser used at the load balancer; without it the headers are ignored', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'dashboard.example.edu' };
    const trusting = makeGateway({ trustProxy: true });
    const cookie = await signIn('E0001', trusting);
    const res = await request('/api/notations/categories/', { headers: { cookie, ...forwarded } }, trusting);
    expect(JSON.stringify(await res.json())).toContain('https://dashboard.example.edu/api/notations/categories/');
    const plainCookie = await signIn();
    const plain = await request('/api/notations/categories/', { headers: { cookie: plainCookie, ...forwarded } });
    expect(JSON.stringify(await plain.json())).not.toContain('dashboard.example.edu');
  });

  it('rewrites hrefs from an upstream that names a different host than UPSTREAM_URL', () => {
    const rewrite = hrefRewriter('https://api.example.edu/student-success');
    const body = JSON.stringify({
      href: 'http://10.0.0.7:8080/student-success/notations/alerts/?page=2',
      values: [{ self: { href: 'https://api.example.edu/student-success/notations/alerts/1' } }, { href: 'https://elsewhere.example.org/about' }],
      details: 'see http://10.0.0.7:8080/student-success/x',
    });
    const out = JSON.parse(rewrite(body, 'https://dash.example.edu/api')) as {
      href: string;
      values: [{ self: { href: string } }, { href: string }];
      details: string;
    };
    expect(out.href).toBe('https://dash.example.edu/api/notations/alerts/?page=2');
    expect(out.values[0].self.href).toBe('https://dash.example.edu/api/notations/alerts/1');
    expect(out.values[1].href).toBe('https://elsewhere.example.org/about');
    expect(out.details).toBe('see http://10.0.0.7:8080/student-success/x');
    expect(rewrite('http://internal:80/student-success/notations/updates/9', 'https://dash.example.edu/api')).toBe(
      'https://dash.example.edu/api/notations/updates/9',
    );
  });
});
