import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGatewaysSharingRedis, type TestGateway } from '../testing/gateway.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';
import { databaseAccessLog, type AccessLogStore } from './access-log-store.ts';
import { openGatewayDatabase, type GatewayDatabase } from './db/database.ts';
import { createLogger } from './logging.ts';

/**
 * #30 item 5: an administrator ends every session of a person, on every instance at once (two
 * gateways sharing one Redis and one gateway database, people signing in through the real
 * development provider); and a session's groups follow the provider within GROUPS_RECHECK_S.
 */
let database: GatewayDatabase;
let accessLog: AccessLogStore;
beforeAll(() => {
  database = openGatewayDatabase(':memory:');
  accessLog = databaseAccessLog(database);
});
// Registered before the gateways': closed after them.
afterAll(async () => {
  await database?.close();
});
const gateways = useGatewaysSharingRedis(() => {
  const logger = createLogger({ level: 'silent' });
  return {
    first: { accessLog, logger },
    second: { accessLog, logger },
    /** One instance with GROUPS_RECHECK_S=1. */
    rechecking: {
      accessLog,
      logger,
      recheckSeconds: 1,
      prefix: 'recheck:',
      // A page of the app behind the gateway's guard.
      serveApp: (app) => app.get('*', (c) => c.html('<p>The app</p>')),
    },
  };
});
let first: TestGateway;
let second: TestGateway;
let rechecking: TestGateway;
beforeAll(() => {
  ({ first, second, rechecking } = gateways());
});

const end = (origin: string, cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}/admin/sessions/end`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const status = async (origin: string, path: string, cookie: string) =>
  (await fetch(`${origin}${path}`, { headers: { cookie, accept: 'application/json' } })).status;
const sessionOf = async (origin: string, cookie: string) => {
  const response = await fetch(`${origin}/session`, { headers: { cookie } });
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as { groups: string[]; permissions: Record<string, boolean> }) : undefined,
  };
};
const entries = async (person: string) => (await accessLog.list({ person, limit: 50 })).values.filter((e) => e.event === 'session-end').map((e) => e.detail);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ending every session of a person', () => {
  it('an administrator on one instance ends them; the next request on the other instance is refused, and the access log says who ended whose', async () => {
    const admin = (await signInThroughProvider(first.origin, 'E0005')).cookie;
    const onFirst = (await signInThroughProvider(first.origin, 'E0006')).cookie;
    const onSecond = (await signInThroughProvider(second.origin, 'E0006')).cookie;
    for (const cookie of [onFirst, onSecond]) {
      expect(await status(second.origin, '/api/notations/categories/', cookie)).toBe(200);
      expect(await status(first.origin, '/session', cookie)).toBe(200);
    }

    const ended = await end(first.origin, admin, { person: 'E0006' });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ person: 'E0006', ended: true, logged: true });

    // At once, on the other instance, for both of the person's sessions: the signed-out answers.
    for (const cookie of [onFirst, onSecond]) {
      const api = await fetch(`${second.origin}/api/notations/categories/`, { headers: { cookie } });
      expect(api.status).toBe(401);
      expect(api.headers.get('content-type')).toMatch(/problem\+json/);
      expect(await status(second.origin, '/session', cookie)).toBe(401);
      expect(await status(first.origin, '/session', cookie)).toBe(401);
    }
    // The administrator's own session goes on.
    expect(await status(second.origin, '/session', admin)).toBe(200);
    // Signing in again afterwards is a new session, not ended.
    const again = (await signInThroughProvider(second.origin, 'E0006')).cookie;
    expect(await status(first.origin, '/api/notations/categories/', again)).toBe(200);

    expect(await entries('E0005')).toContain('ended every session of E0006');
    expect(await entries('E0006')).toContain('every session ended by the administrator E0005');
    // And the administrator reads it in the access log, filtered by the person.
    const log = await fetch(`${second.origin}/admin/access-log?person=E0006`, { headers: { cookie: admin, accept: 'application/json' } });
    const values = ((await log.json()) as { values: { event: string; detail: string | null }[] }).values;
    expect(values.find((e) => e.event === 'session-end')?.detail).toBe('every session ended by the administrator E0005');
  }, 60_000);

  it('only administrators may end sessions, only from this origin, and only with a person named properly', async () => {
    const admin = (await signInThroughProvider(first.origin, 'E0005')).cookie;
    const advisor = (await signInThroughProvider(first.origin, 'E0006')).cookie;
    const refused = await end(first.origin, advisor, { person: 'E0005' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect(await status(first.origin, '/session', admin)).toBe(200);
    expect((await end(first.origin, '', { person: 'E0006' })).status).toBe(401);
    expect((await end(first.origin, admin, { person: 'E0006' }, { origin: 'https://evil.example' })).status).toBe(403);

    for (const body of [
      {},
      { person: '' },
      { person: 'E0006 E0007' },
      { person: 'E0006', also: 'E0007' },
      { person: 42 },
      ['E0006'],
      '{not json',
      { person: 'x'.repeat(101) },
    ]) {
      const answer = await end(first.origin, admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/problem\+json/);
    }
    // None of that ended anything.
    expect(await status(first.origin, '/session', advisor)).toBe(200);
  }, 60_000);
});

describe('GROUPS_RECHECK_S', () => {
  const devIdp = () => rechecking.devIdp!;

  it('a person removed from the admin group loses administration after the interval; removed from the staff group, the session ends', async () => {
    const { cookie } = await signInThroughProvider(rechecking.origin, 'E0005');
    expect((await sessionOf(rechecking.origin, cookie)).body?.groups).toContain('success-admins');
    expect(await status(rechecking.origin, '/admin/access-log', cookie)).toBe(200);

    devIdp().setGroups('E0005', ['success-staff']);
    try {
      await sleep(1_100);
      expect(await status(rechecking.origin, '/admin/access-log', cookie)).toBe(403);
      const session = await sessionOf(rechecking.origin, cookie);
      expect(session.status).toBe(200);
      expect(session.body?.groups).toEqual(['success-staff']);
      expect(session.body?.permissions).toMatchObject({ editCategories: false });
      expect(await status(rechecking.origin, '/api/notations/categories/', cookie)).toBe(200);

      // Given back: administration returns on the next recheck, without signing in again.
      devIdp().setGroups('E0005', undefined);
      await sleep(1_100);
      expect(await status(rechecking.origin, '/admin/access-log', cookie)).toBe(200);

      devIdp().setGroups('E0005', []);
      await sleep(1_100);
      expect(await status(rechecking.origin, '/api/notations/categories/', cookie)).toBe(401);
      expect(await status(rechecking.origin, '/session', cookie)).toBe(401);
      expect(await entries('E0005')).toContain('no longer in the group success-staff');
    } finally {
      devIdp().setGroups('E0005', undefined);
    }
  }, 60_000);

  it('a person disabled at the provider (renewal refused) loses the session; a page then goes to sign-in', async () => {
    const { cookie } = await signInThroughProvider(rechecking.origin, 'E0006');
    expect(await status(rechecking.origin, '/session', cookie)).toBe(200);
    devIdp().setDisabled('E0006', true);
    try {
      await sleep(1_100);
      const page = await fetch(`${rechecking.origin}/students`, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toContain('/dev-idp/');
      expect(await status(rechecking.origin, '/session', cookie)).toBe(401);
      expect((await entries('E0006')).some((detail) => detail?.startsWith('the identity provider refused to renew the claims'))).toBe(true);
    } finally {
      devIdp().setDisabled('E0006', false);
    }
  }, 60_000);

  it('many requests at once after the interval share one renewal, and the rotated refresh token is the one kept', async () => {
    const { cookie } = await signInThroughProvider(rechecking.origin, 'E0006');
    await sleep(1_100);
    // The development provider rotates refresh tokens and takes a second use of one for a theft
    // (revoking the grant): all pass only if one renewal was made, and its new token kept.
    const statuses = await Promise.all(Array.from({ length: 8 }, () => status(rechecking.origin, '/api/notations/categories/', cookie)));
    expect(statuses).toEqual(Array(8).fill(200));
    await sleep(1_100);
    expect(await status(rechecking.origin, '/session', cookie)).toBe(200);
  }, 60_000);
});
