import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { startTestGateway, type TestGateway } from '../testing/gateway.ts';
import { CookieJar, jarFetch, signInThroughProvider } from '../testing/sign-in.ts';
import { memoryStore } from './session-store.ts';
import { inProcessUpstream, type Upstream } from './upstream.ts';

let db: DatabaseSync;
let gw: TestGateway;
let upstream: Upstream;
let upstreamCalls: { path: string; method: string; headers: Record<string, string> }[] = [];
let forceUpstream401 = 0;

beforeAll(async () => {
  ({ db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') }));
  const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600 });
  const real = inProcessUpstream(backend, DEMO_CLIENT);
  // Records what reaches the service, and can make it refuse the gateway's token.
  upstream = {
    ...real,
    send: async (path, init, base) => {
      upstreamCalls.push({ path, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) } });
      if (forceUpstream401 > 0) {
        forceUpstream401 -= 1;
        return new Response('{}', { status: 401 });
      }
      return real.send(path, init, base);
    },
  };
  gw = await startTestGateway({ upstream, db, serveApp: (app) => app.get('*', (c) => c.html('<!doctype html><title>app</title>')) });
});
afterAll(async () => {
  await gw.close();
  db.close();
});

/** A browser-like request: the session cookie, and the page's own Origin on writes. */
const request = (path: string, init: RequestInit & { cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', gw.origin);
  return fetch(`${gw.origin}${path}`, { ...init, headers, redirect: 'manual' });
};
const json = { 'content-type': 'application/json' };
// The seed at scale 0.1: E0005 is Staff (an admin), E0001 an Advisor (a network editor), E0006 Faculty (staff only).
const ADMIN = 'E0005';
const ADVISOR = 'E0001';
const FACULTY = 'E0006';

async function signIn(identifier = FACULTY): Promise<string> {
  return (await signInThroughProvider(gw.origin, identifier)).cookie;
}

describe('sign-in through the OpenID provider', () => {
  it('signs a staff member in with an HttpOnly, SameSite=Lax session cookie holding only a random id', async () => {
    const result = await signInThroughProvider(gw.origin, ADVISOR, { start: '/auth/sign-in?returnTo=%2Fstudents%2FS000001%3Fkinds%3Dalert' });
    expect(result.landedOn).toBe(`${gw.origin}/students/S000001?kinds=alert`);
    const setCookie = result.response.headers.getSetCookie().find((c) => c.startsWith('ss_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(result.cookie).toMatch(/^ss_session=[\w-]{43}$/);
    const me = await request('/session', { cookie: result.cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      identifier: ADVISOR,
      name: expect.any(String),
      person: expect.objectContaining({ identifier: ADVISOR, role: 'Advisor' }),
      groups: ['success-staff', 'success-network-editors'],
      permissions: { editCategories: false, editTriggers: false, editNetworks: true },
      requiredGroups: { staff: 'success-staff', admin: 'success-admins', network: 'success-network-editors', records: 'success-records' },
      accessPolicy: 'all-staff',
      alertResponseDays: 3,
    });
  });

  it('sends a page without a session straight to the provider, and back to that page', async () => {
    const page = await request('/alerts?status=Open');
    expect(page.status).toBe(302);
    const authorize = new URL(page.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${gw.origin}/dev-idp/auth`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${gw.origin}/auth/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const result = await signInThroughProvider(gw.origin, FACULTY, { start: '/alerts?status=Open' });
    expect(result.landedOn).toBe(`${gw.origin}/alerts?status=Open`);
    expect((await request('/alerts?status=Open', { cookie: result.cookie })).status).toBe(200);
  });

  it("gives the provider's pages the gateway's strict headers and no-store; no page of its own has inline script or style", async () => {
    const jar = new CookieJar();
    let response = await jarFetch(jar, `${gw.origin}/auth/sign-in`);
    // The gateway's sign-in → the provider's authorization endpoint → its login screen.
    for (let hops = 0; hops < 3 && (response.status === 302 || response.status === 303); hops += 1)
      response = await jarFetch(jar, new URL(response.headers.get('location')!, gw.origin).href);
    expect(response.url).toMatch(/\/dev-idp\/interaction\//);
    expect(response.status).toBe(200);
    const signedOut = await request('/auth/signed-out');
    const strict = (headers: Headers) =>
      Object.fromEntries(
        [...headers].filter(([name]) => !['date', 'content-length', 'content-type', 'x-request-id', 'connection', 'keep-alive', 'vary'].includes(name)),
      );
    const appHeaders = strict(signedOut.headers);
    // The same headers as the gateway's own pages, without a nonce: nothing there is inline.
    appHeaders['content-security-policy'] = appHeaders['content-security-policy']!.replace(/ 'nonce-[^']+'/, '');
    expect(strict(response.headers)).toEqual(appHeaders);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Logged like every request: it answers with its request id.
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const discovery = await request('/dev-idp/.well-known/openid-configuration');
    expect(discovery.headers.get('cache-control')).toBe('no-store');
    expect(discovery.headers.get('x-frame-options')).toBe('DENY');
    for (const html of [await response.text(), await signedOut.text()]) {
      expect(html).not.toMatch(/<style|<script>|style=/);
      expect(html).toContain('<link rel="stylesheet" href="/auth/page.css">');
    }
    // Its forms are small: a large body is refused unread.
    const large = await request('/dev-idp/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a='.padEnd(200 * 1024, 'x'),
    });
    expect(large.status).toBe(413);
    expect(large.headers.get('content-type')).toBe('application/problem+json');
    const css = await request('/auth/page.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const script = await request('/auth/page.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('returns only to a path of this origin', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const result = await signInThroughProvider(gw.origin, FACULTY, { start: `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}` });
      expect(result.landedOn).toBe(`${gw.origin}/`);
    }
  });

  it('refuses a student (no staff group): a clear page and no session', async () => {
    const result = await signInThroughProvider(gw.origin, 'S000001');
    expect(result.response.status).toBe(403);
    expect(result.cookie).toBe('');
    const page = await result.response.text();
    expect(page).toContain('Not permitted');
    expect(page).toContain('success-staff');
  });

  it('refuses a callback it did not start, or one replayed', async () => {
    const jar = new CookieJar();
    const stray = await jarFetch(jar, `${gw.origin}/auth/callback?code=abc&state=never-issued`);
    expect(stray.status).toBe(400);
    expect(await stray.text()).toContain('Sign in again');
  });

  it('answers 401 without a session, for a forged cookie, and after sign-out', async () => {
    expect((await request('/session')).status).toBe(401);
    expect((await request('/session', { cookie: `ss_session=${'a'.repeat(43)}` })).status).toBe(401);
    const cookie = await signIn();
    expect((await request('/api/notations/categories/', { cookie })).status).toBe(200);
    const out = await request('/auth/sign-out', { method: 'POST', cookie, headers: { accept: 'application/json' } });
    expect(out.status).toBe(200);
    const body = (await out.json()) as { endSessionUrl?: string };
    // RP-initiated logout: the provider's end-session endpoint, with the ID token as hint.
    expect(body.endSessionUrl).toMatch(new RegExp(`^${gw.origin}/dev-idp/session/end\\?.*id_token_hint=`));
    expect(out.headers.get('set-cookie')).toMatch(/ss_session=;.*Max-Age=0/i);
    expect((await request('/session', { cookie })).status).toBe(401);
    expect((await request('/api/notations/categories/', { cookie })).status).toBe(401);
  });

  it('a plain form post to sign out is redirected to the provider', async () => {
    const cookie = await signIn();
    const out = await request('/auth/sign-out', { method: 'POST', cookie, headers: { 'sec-fetch-site': 'same-origin', origin: gw.origin } });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toMatch(/\/dev-idp\/session\/end\?/);
  });
});

describe('session lifetime', () => {
  it('ends after the idle timeout, slides while used, and never outlives SESSION_MAX_S', async () => {
    // The sessions' clock is moved by hand: the test does not depend on how fast the machine is.
    let now = Date.now();
    const clock = () => now;
    const short = await startTestGateway({ upstream, db, store: memoryStore(clock), now: clock, idleSeconds: 60, maxSeconds: 120 });
    try {
      const used = (await signInThroughProvider(short.origin, FACULTY)).cookie;
      const idle = (await signInThroughProvider(short.origin, FACULTY)).cookie;
      const status = async (cookie: string) => (await fetch(`${short.origin}/session`, { headers: { cookie } })).status;
      now += 40_000;
      expect(await status(used)).toBe(200);
      now += 40_000;
      expect(await status(used)).toBe(200);
      expect(await status(idle)).toBe(401);
      now += 30_000;
      expect(await status(used)).toBe(200);
      now += 15_000;
      expect(await status(used)).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses writes without a same-origin Origin or Sec-Fetch-Site', async () => {
    const cookie = await signIn();
    const body = JSON.stringify({ audienceType: 'All', canStudentView: false, details: 'CSRF check.', student: { identifier: 'S000002' } });
    upstreamCalls = [];
    for (const headers of [{}, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site', origin: 'null' }] as Record<string, string>[]) {
      const res = await fetch(`${gw.origin}/api/notations/updates/`, { method: 'POST', headers: { cookie, ...json, ...headers }, body });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    expect(upstreamCalls).toHaveLength(0);
    const signOut = await fetch(`${gw.origin}/auth/sign-out`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' }, redirect: 'manual' });
    expect(signOut.status).toBe(403);
    expect((await request('/session', { cookie })).status).toBe(200);
    const sameSite = await fetch(`${gw.origin}/api/notations/updates/`, {
      method: 'POST',
      headers: { cookie, ...json, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(sameSite.status).toBe(201);
  });
});

describe('permissions', () => {
  it('refuses category, trigger and network edits without the group (403 naming it), sending nothing upstream', async () => {
    const faculty = await signIn(FACULTY);
    upstreamCalls = [];
    const category = await request('/api/notations/categories/1', {
      method: 'PUT',
      cookie: faculty,
      headers: json,
      body: '{"name":"Renamed","isActive":true}',
    });
    expect(category.status).toBe(403);
    expect(category.headers.get('content-type')).toBe('application/problem+json');
    expect(((await category.json()) as { detail: string }).detail).toContain("'success-admins'");
    const trigger = await request('/api/notations/triggers/1', { method: 'PATCH', cookie: faculty, headers: json, body: '{"additionalAdvice":"x"}' });
    expect(trigger.status).toBe(403);
    const network = await request('/api/people/S000002/successNetwork', { method: 'PUT', cookie: faculty, headers: json, body: '[]' });
    expect(network.status).toBe(403);
    expect(((await network.json()) as { detail: string }).detail).toContain("'success-network-editors'");
    expect(upstreamCalls).toHaveLength(0);
    // Reading and notations stay open to every signed-in person.
    expect((await request('/api/notations/categories/', { cookie: faculty })).status).toBe(200);
  });

  it('lets an admin edit categories and a network editor replace a network', async () => {
    const admin = await signIn(ADMIN);
    const session = (await (await request('/session', { cookie: admin })).json()) as { permissions: Record<string, boolean> };
    expect(session.permissions).toEqual({ editCategories: true, editTriggers: true, editNetworks: true });
    const current = (await (await request('/api/notations/categories/1', { cookie: admin })).json()) as { name: string; isActive: boolean };
    const category = await request('/api/notations/categories/1', {
      method: 'PUT',
      cookie: admin,
      headers: json,
      body: JSON.stringify({ name: current.name, isActive: current.isActive }),
    });
    expect(category.status).toBe(204);
    const advisor = await signIn(ADVISOR);
    const network = await request('/api/people/S000002/successNetwork', { cookie: advisor });
    const hrefs = ((await network.json()) as { values: { href: string }[] }).values.map((v) => v.href.split('/').pop()!);
    const put = await request('/api/people/S000002/successNetwork', {
      method: 'PUT',
      cookie: advisor,
      headers: json,
      body: JSON.stringify(hrefs.map((identifier) => ({ identifier }))),
    });
    expect(put.status).toBe(204);
  });
});

describe('/api through the gateway', () => {
  it('needs a session', async () => {
    const res = await request('/api/notations/alerts/');
    expect(res.status).toBe(401);
  });

  it('adds the credentials itself: the browser sends none and gets data with same-origin hrefs', async () => {
    const cookie = await signIn();
    upstreamCalls = [];
    const res = await request('/api/notations/alerts/?pageSize=2', { cookie, headers: { authorization: 'Bearer from-the-browser' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { values: { self: { href: string } }[]; hiddenByAudience?: { Private: number; FullNetwork: number } };
    // The page's two alerts: those this person may see, and those their audience hides (#30).
    expect(body.values.length + (body.hiddenByAudience?.FullNetwork ?? 0) + (body.hiddenByAudience?.Private ?? 0)).toBe(2);
    expect(body.values[0]!.self.href.startsWith(`${gw.origin}/api/notations/alerts/`)).toBe(true);
    const sent = upstreamCalls.find((call) => call.path.includes('/notations/alerts/'))!;
    expect(sent.headers['Ocp-Apim-Subscription-Key']).toBe(DEMO_CLIENT.subscriptionKey);
    expect(sent.headers.Authorization).toMatch(/^Bearer /);
    expect(sent.headers.Authorization).not.toContain('from-the-browser');
    expect(JSON.stringify(sent.headers)).not.toContain('cookie');
  });

  it('never hands out tokens', async () => {
    const cookie = await signIn();
    const res = await request('/api/oauth2/token', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret',
    });
    expect(res.status).toBe(404);
  });

  it('stamps the signed-in person into writes and refuses another one (403)', async () => {
    const cookie = await signIn(ADMIN);
    const body = { audienceType: 'All', canStudentView: false, details: 'Checked in about CHEM 101.', student: { identifier: 'S000002' } };
    const created = await request('/api/notations/updates/', { method: 'POST', cookie, headers: json, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const href = ((await created.json()) as { href: string }).href;
    expect(created.headers.get('location')).toBe(href);
    const update = (await (await request(new URL(href).pathname, { cookie })).json()) as { createdBy: { href: string } };
    expect(update.createdBy.href).toBe(`${gw.origin}/api/people/${ADMIN}`);

    const spoofed = await request('/api/notations/updates/', {
      method: 'POST',
      cookie,
      headers: json,
      body: JSON.stringify({ ...body, createdBy: { identifier: 'E0004' } }),
    });
    expect(spoofed.status).toBe(403);
    expect(((await spoofed.json()) as { errors: { name: string }[] }).errors[0]!.name).toBe('createdBy.identifier');

    const patch = await request('/api/notations/triggers/1', { method: 'PATCH', cookie, headers: json, body: '{"modifiedBy":{"identifier":"E0009"}}' });
    expect(patch.status).toBe(403);
    const stampedPatch = await request('/api/notations/triggers/1', {
      method: 'PATCH',
      cookie,
      headers: json,
      body: '{"additionalAdvice":"Call within a day."}',
    });
    expect(stampedPatch.status).toBe(204);
  });

  it("passes the service's own errors through unchanged", async () => {
    const cookie = await signIn();
    const res = await request('/api/notations/updates/abc', { cookie });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const malformed = await request('/api/notations/updates/', { method: 'POST', cookie, headers: json, body: '{not json' });
    expect(malformed.status).toBe(400);
  });

  it('retries once with a fresh token after a 401, and says so when the second fails too', async () => {
    const cookie = await signIn();
    forceUpstream401 = 1;
    expect((await request('/api/notations/categories/', { cookie })).status).toBe(200);
    forceUpstream401 = 2;
    const res = await request('/api/notations/categories/', { cookie });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/could not authenticate/);
  });
});
