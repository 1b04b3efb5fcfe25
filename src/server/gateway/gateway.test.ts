import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/open.ts';
import { DEMO_CLIENT } from '../../testing/backend.ts';
import { createGateway } from './gateway.ts';
import { inProcessUpstream, type Upstream } from './upstream.ts';

const ORIGIN = 'http://dashboard.test';
let gateway: Hono;
let upstream: Upstream;
let upstreamCalls: { path: string; headers: Record<string, string> }[] = [];
let forceUpstream401 = 0;
let closeDb: () => void;

beforeAll(() => {
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
  closeDb = () => db.close();
  const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600 });
  const real = inProcessUpstream(backend, DEMO_CLIENT);
  // Records what reaches the service, and can make it refuse the gateway's token.
  upstream = {
    ...real,
    send: async (path, init, base) => {
      upstreamCalls.push({ path, headers: { ...(init.headers as Record<string, string>) } });
      if (forceUpstream401 > 0) {
        forceUpstream401 -= 1;
        return new Response('{}', { status: 401 });
      }
      return real.send(path, init, base);
    },
  };
  gateway = createGateway({ upstream, session: { secret: 'x'.repeat(32), secure: false } });
});
afterAll(() => closeDb());

const request = (path: string, init: RequestInit = {}) => gateway.request(`${ORIGIN}${path}`, init);

async function signIn(identifier = 'E0001'): Promise<string> {
  const res = await request('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier }) });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

describe('sessions', () => {
  it('signs a staff member in with an HttpOnly, SameSite=Lax cookie and answers who it is', async () => {
    const res = await request('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'E0002' }) });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = setCookie.split(';')[0]!;
    const me = await request('/session', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ identifier: 'E0002', person: { identifier: 'E0002' } });
  });

  it('answers 401 without a session, and after sign-out', async () => {
    expect((await request('/session')).status).toBe(401);
    const cookie = await signIn();
    const out = await request('/session', { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/i);
  });

  it('refuses a forged cookie', async () => {
    const forged = `ss_session=${Buffer.from(JSON.stringify({ identifier: 'E0001', person: {}, expiresAt: 9e15 })).toString('base64url')}.bad`;
    expect((await request('/session', { headers: { cookie: forged } })).status).toBe(401);
  });

  it('refuses unknown people (400) and students (403), with problem details', async () => {
    const unknown = await request('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"identifier":"E9999"}' });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    const student = await request('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"identifier":"S000001"}' });
    expect(student.status).toBe(403);
    const empty = await request('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(empty.status).toBe(400);
  });

  it('lists staff (never students) for the demo sign-in', async () => {
    const res = await request('/session/staff?q=');
    const staff = (await res.json()) as { identifier: string; role: string }[];
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((p) => p.role !== 'Student' && p.identifier.startsWith('E'))).toBe(true);
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
    const res = await request('/api/notations/alerts/?pageSize=2', { headers: { cookie, authorization: 'Bearer from-the-browser' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { values: { self: { href: string } }[] };
    expect(body.values).toHaveLength(2);
    expect(body.values[0]!.self.href.startsWith(`${ORIGIN}/api/notations/alerts/`)).toBe(true);
    const sent = upstreamCalls.at(-1)!;
    expect(sent.headers['Ocp-Apim-Subscription-Key']).toBe(DEMO_CLIENT.subscriptionKey);
    expect(sent.headers.Authorization).toMatch(/^Bearer /);
    expect(sent.headers.Authorization).not.toContain('from-the-browser');
    expect(JSON.stringify(sent.headers)).not.toContain('cookie');
  });

  it('never hands out tokens', async () => {
    const cookie = await signIn();
    const res = await request('/api/oauth2/token', { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret' });
    expect(res.status).toBe(404);
  });

  it('stamps the signed-in person into writes and refuses another one (403)', async () => {
    const cookie = await signIn('E0003');
    const body = { audienceType: 'All', canStudentView: false, details: 'Checked in about CHEM 101.', student: { identifier: 'S000002' } };
    const created = await request('/api/notations/updates/', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const href = ((await created.json()) as { href: string }).href;
    expect(created.headers.get('location')).toBe(href);
    const update = (await (await request(new URL(href).pathname, { headers: { cookie } })).json()) as { createdBy: { href: string } };
    expect(update.createdBy.href).toBe(`${ORIGIN}/api/people/E0003`);

    const spoofed = await request('/api/notations/updates/', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, createdBy: { identifier: 'E0004' } }),
    });
    expect(spoofed.status).toBe(403);
    expect(((await spoofed.json()) as { errors: { name: string }[] }).errors[0]!.name).toBe('createdBy.identifier');

    const patch = await request('/api/notations/triggers/1', { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: '{"modifiedBy":{"identifier":"E0009"}}' });
    expect(patch.status).toBe(403);
    const stampedPatch = await request('/api/notations/triggers/1', { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: '{"additionalAdvice":"Call within a day."}' });
    expect(stampedPatch.status).toBe(204);
  });

  it("passes the service's own errors through unchanged", async () => {
    const cookie = await signIn();
    const res = await request('/api/notations/updates/abc', { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const malformed = await request('/api/notations/updates/', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{not json' });
    expect(malformed.status).toBe(400);
  });

  it('retries once with a fresh token after a 401, and says so when the second fails too', async () => {
    const cookie = await signIn();
    forceUpstream401 = 1;
    expect((await request('/api/notations/categories/', { headers: { cookie } })).status).toBe(200);
    forceUpstream401 = 2;
    const res = await request('/api/notations/categories/', { headers: { cookie } });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/could not authenticate/);
  });
});
