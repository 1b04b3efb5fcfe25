import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { createServeApp } from './app-serving/serve-app.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { directSignIn, startTestGateway, type TestGateway } from '../testing/gateway.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { startRedis, type TestRedis } from '../testing/redis.ts';
import { CookieJar, jarFetch, signInThroughProvider } from '../testing/sign-in.ts';
import { createGateway } from './gateway.ts';
import { createLogger } from './logging.ts';
import { redisStore, type SessionStore } from './session-store.ts';
import { signInSealer } from './sign-in-state.ts';
import { inProcessUpstream, type Upstream } from './upstream.ts';

/**
 * #27, the edge: sign-in state bound to one attempt, malformed escapes, the host hrefs name, a
 * session store that is down, a slow people lookup at sign-in, the service's own 5xx bodies, and
 * logs that are JSON, each as a person or an operator would meet it.
 */
let db: DatabaseSync;
let backend: Hono;

/** The log lines a gateway wrote, parsed (each must be JSON). */
function capturedLogger(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return createLogger({ destination: sink });
}

function appDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'edges-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-1.js'), 'console.log(1);\n');
  return `${dir}/`;
}

beforeAll(() => {
  ({ db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') }));
  backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
});
afterAll(() => db.close());

describe('sign-in state: one attempt, one sealed cookie', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ upstream: inProcessUpstream(backend, DEMO_CLIENT), db });
  });
  afterAll(() => gw.close());

  const stateOf = (response: Response) => new URL(response.headers.get('location')!).searchParams.get('state')!;

  it("a second attempt supersedes the first: the first one's callback is refused, the second completes", async () => {
    const jar = new CookieJar();
    const first = await jarFetch(jar, `${gw.origin}/auth/sign-in?returnTo=%2Falerts`);
    const firstCookie = jar.get(gw.origin, 'ss_signin');
    const second = await jarFetch(jar, `${gw.origin}/auth/sign-in?returnTo=%2Fstudents`);
    expect(stateOf(first)).not.toBe(stateOf(second));
    expect(jar.get(gw.origin, 'ss_signin')).not.toBe(firstCookie);

    // The provider completes the first attempt; its callback arrives with the second one's cookie.
    const stale = await signInThroughProvider(gw.origin, 'E0006', { start: first.headers.get('location')!, jar });
    expect(stale.response.status).toBe(400);
    expect(stale.cookie).toBe('');
    expect(await stale.response.text()).toContain('Sign-in expired');

    const fresh = await signInThroughProvider(gw.origin, 'E0006', { start: second.headers.get('location')!, jar });
    expect(fresh.landedOn).toBe(`${gw.origin}/students`);
    // Spent: the same callback again is refused.
    const replay = await jarFetch(jar, fresh.response.url || `${gw.origin}/auth/callback?state=${stateOf(second)}&code=x`);
    expect(replay.status).not.toBe(302);
  });

  it("a planted sign-in cookie is never reused, and another browser's callback is refused (login CSRF)", async () => {
    // The attacker plants a cookie value of their choosing in the victim's browser (plain http),
    // and starts a sign-in of their own carrying the same value, stopping before the callback.
    const planted = { cookie: 'ss_signin=chosen-by-the-attacker' };
    const attacker = new CookieJar();
    const attackerStart = await jarFetch(attacker, `${gw.origin}/auth/sign-in`, { headers: planted });
    expect(attacker.get(gw.origin, 'ss_signin')).not.toBe('chosen-by-the-attacker');
    const { landedOn: callback } = await signInThroughProvider(gw.origin, 'E0005', {
      start: attackerStart.headers.get('location')!,
      jar: attacker,
      stopBeforeCallback: true,
    });
    expect(new URL(callback).pathname).toBe('/auth/callback');
    // The attacker's callback opened in the victim's browser, which carries the planted value: refused, no session.
    const victim = new CookieJar();
    const landed = await jarFetch(victim, callback, { headers: planted });
    expect(landed.status).toBe(400);
    expect(victim.get(gw.origin, 'ss_session')).toBeUndefined();
  });

  it('a sealed state opens only with its key, its state and before it expires', () => {
    const sealer = signInSealer('secret');
    const cookie = sealer.seal('s1', { codeVerifier: 'v', nonce: 'n', returnTo: '/alerts' }, 1_000);
    expect(sealer.open(cookie, 's1', 2_000)).toEqual({ codeVerifier: 'v', nonce: 'n', returnTo: '/alerts' });
    expect(sealer.open(cookie, 's2', 2_000)).toBeUndefined();
    expect(sealer.open(cookie, 's1', 1_000 + 600_001)).toBeUndefined();
    expect(signInSealer('other').open(cookie, 's1', 2_000)).toBeUndefined();
    const tampered = `${cookie.slice(0, -2)}${cookie.endsWith('A') ? 'B' : 'A'}A`;
    expect(sealer.open(tampered, 's1', 2_000)).toBeUndefined();
    expect(sealer.open('not-base64-!!', 's1', 2_000)).toBeUndefined();
  });
});

describe('requests the gateway answers itself', () => {
  const signin = directSignIn({ publicUrl: 'http://dashboard.test' });
  let sent: string[] = [];
  let fault: { status: number; body: string } | undefined;
  let gateway: Hono;
  let socketGateway: TestGateway;
  beforeAll(async () => {
    const real = inProcessUpstream(backend, DEMO_CLIENT);
    const upstream: Upstream = {
      ...real,
      send: async (path, init, base) => {
        sent.push(path);
        if (fault) return new Response(fault.body, { status: fault.status, headers: { 'content-type': 'text/html', 'retry-after': '30' } });
        return real.send(path, init, base);
      },
    };
    gateway = createGateway({ upstream, auth: signin.auth, logger: createLogger({ level: 'silent' }), serveApp: createServeApp(appDir()) });
    socketGateway = await startTestGateway({ upstream, db, serveApp: createServeApp(appDir()), logger: createLogger({ level: 'silent' }) });
  });
  afterAll(() => socketGateway.close());

  it('a malformed escape anywhere is 400 problem+json, before any sign-in or upstream call', async () => {
    const cookie = await signin.cookieFor('E0001');
    sent = [];
    for (const path of [
      '/assets/%E0',
      '/assets/index-1.js%',
      '/%E0',
      '/students/%C3%28',
      '/api/notations/alerts/%E0',
      '/api/notations/alerts/?q=%zz',
      '/auth/sign-in?returnTo=%',
    ]) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const res = await rawRequest(socketGateway.origin, 'GET', path, headers);
        expect(res.status, path).toBe(400);
        expect(res.headers['content-type'], path).toBe('application/problem+json');
        expect(res.body.toString('utf8'), path).not.toMatch(/at \w+ \(|node_modules/);
      }
    }
    expect(sent).toEqual([]);
    // The asset itself is served.
    expect((await rawRequest(socketGateway.origin, 'GET', '/assets/index-1.js')).status).toBe(200);
  });

  it('hrefs and Location name PUBLIC_URL, whatever Host the request carries (TRUST_PROXY off)', async () => {
    const cookie = await signin.cookieFor('E0001');
    const list = await gateway.request('http://evil.example/api/notations/alerts/?pageSize=2', { headers: { cookie, host: 'evil.example' } });
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).toContain('"href":"http://dashboard.test/api/');
    expect(text).not.toContain('evil.example');
    const created = await gateway.request('http://evil.example/api/notations/updates/', {
      method: 'POST',
      headers: { cookie, host: 'evil.example', origin: 'http://dashboard.test', 'content-type': 'application/json' },
      body: JSON.stringify({ audienceType: 'All', canStudentView: false, details: 'Checked in.', student: { identifier: 'S000002' } }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(/^http:\/\/dashboard\.test\/api\/notations\/updates\/\d+$/);
  });

  it("the service's own 5xx body is replaced by the gateway's problem, with the same status and the request id", async () => {
    const cookie = await signin.cookieFor('E0001');
    for (const status of [500, 502, 503]) {
      fault = { status, body: '<html>db-7.corp.internal: NullPointerException at Handler.java:42</html>' };
      try {
        const res = await gateway.request('http://dashboard.test/api/notations/alerts/', { headers: { cookie, 'x-request-id': `fault-${status}` } });
        expect(res.status).toBe(status);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        const text = await res.text();
        expect(text).not.toContain('db-7');
        expect(JSON.parse(text)).toMatchObject({ type: 'urn:student-success:problem:upstream-error', status, correlationId: `fault-${status}` });
        if (status === 503) expect(res.headers.get('retry-after')).toBe('30');
      } finally {
        fault = undefined;
      }
    }
  });

  it('sign-in does not wait on a slow people lookup: the person is in within its short budget', async () => {
    const hanging: Upstream = {
      ...inProcessUpstream(backend, DEMO_CLIENT),
      send: (path, init, base) =>
        path.startsWith('/people/') ? new Promise<Response>(() => {}) : inProcessUpstream(backend, DEMO_CLIENT).send(path, init, base),
    };
    const slow = await startTestGateway({ upstream: hanging, db, logger: createLogger({ level: 'silent' }) });
    try {
      const started = performance.now();
      const result = await signInThroughProvider(slow.origin, 'E0006');
      const ms = performance.now() - started;
      expect(result.cookie).not.toBe('');
      // The budget is 1.5 s; before it, the upstream's 10 s deadline (11.7 s measured).
      expect(ms).toBeLessThan(4_000);
      const session = (await (await fetch(`${slow.origin}/session`, { headers: { cookie: result.cookie } })).json()) as { identifier: string };
      expect(session.identifier).toBe('E0006');
    } finally {
      await slow.close();
    }
  });

  it('every line the gateway logs is JSON, sign-in failures included (nothing on the console)', async () => {
    const lines: Record<string, unknown>[] = [];
    const consoleError = vi.spyOn(console, 'error');
    const broken = await startTestGateway({
      upstream: inProcessUpstream(backend, DEMO_CLIENT),
      oidc: { issuer: 'http://127.0.0.1:9/unreachable', clientId: 'x', clientSecret: 'y', identifierClaim: 'preferred_username', groupsClaim: 'groups' },
      logger: capturedLogger(lines),
    });
    try {
      const res = await fetch(`${broken.origin}/auth/sign-in`, { redirect: 'manual' });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('Sign-in is unavailable');
      expect(lines.some((l) => l.event === 'sign-in' && l.level === 40)).toBe(true);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      await broken.close();
    }
  });
});

describe('a session store that cannot be reached', () => {
  let redis: TestRedis;
  let store: SessionStore;
  let gw: TestGateway;
  const lines: Record<string, unknown>[] = [];
  const TIMEOUT_MS = 400;
  beforeAll(async () => {
    redis = await startRedis();
    store = await redisStore(redis.url, { timeoutMs: TIMEOUT_MS, logger: capturedLogger(lines) });
    gw = await startTestGateway({
      upstream: inProcessUpstream(backend, DEMO_CLIENT),
      db,
      store,
      serveApp: createServeApp(appDir()),
      logger: capturedLogger(lines),
    });
  });
  afterAll(async () => {
    await gw?.close();
    await store?.close();
    await redis?.stop();
  });

  async function timed(path: string, headers: Record<string, string>) {
    const started = performance.now();
    const res = await fetch(`${gw.origin}${path}`, { headers, redirect: 'manual' });
    return { res, text: await res.text(), ms: performance.now() - started };
  }

  it('hung (SIGSTOP) or gone (SIGKILL): pages say sign-in is unavailable, /api answers 503 of its own type, both within the timeout and 1 s; assets still load', async () => {
    const { cookie } = await signInThroughProvider(gw.origin, 'E0006');
    expect((await timed('/api/notations/categories/', { cookie })).res.status).toBe(200);

    for (const signal of ['SIGSTOP', 'SIGKILL'] as const) {
      redis.process.kill(signal);
      const api = await timed('/api/notations/categories/', { cookie, accept: 'application/json' });
      expect(api.res.status, signal).toBe(503);
      expect(api.res.headers.get('content-type')).toBe('application/problem+json');
      expect(JSON.parse(api.text)).toMatchObject({ type: 'urn:student-success:problem:session-store-unavailable', status: 503 });
      expect(api.text).not.toContain('student records service');
      expect(api.ms, signal).toBeLessThan(TIMEOUT_MS + 1_000);

      const page = await timed('/students', { cookie, accept: 'text/html' });
      expect(page.res.status, signal).toBe(503);
      expect(page.text).toContain('Sign-in is unavailable');
      expect(page.ms, signal).toBeLessThan(TIMEOUT_MS + 1_000);

      const anonymous = await timed('/alerts', { accept: 'text/html' });
      // Someone not signed in is sent to sign in: that needs no store (sign-in-state.ts).
      expect(anonymous.res.status, signal).toBe(302);

      expect((await timed('/assets/index-1.js', {})).res.status).toBe(200);
      if (signal === 'SIGSTOP') redis.process.kill('SIGCONT');
      // Back: the session is still there.
      if (signal === 'SIGSTOP')
        await vi.waitFor(async () => expect((await timed('/api/notations/categories/', { cookie })).res.status).toBe(200), { timeout: 5_000 });
    }
    expect(lines.some((l) => l.msg === 'session store unavailable')).toBe(true);
  }, 30_000);
});
