import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directSignIn, seededUpstream } from '../testing/gateway.ts';
import { databaseAccessLog, type AccessLogStore } from './access-log-store.ts';
import { openGatewayDatabase, type GatewayDatabase } from './db/database.ts';
import { createGateway } from './gateway.ts';
import { createLogger } from './logging.ts';
import { RefreshRefused, type OidcClient, type SignedInPerson } from './oidc.ts';
import { cookieName, sessionStoreKey } from './session.ts';

/**
 * GROUPS_RECHECK_S when the provider cannot be asked: a provider that is down keeps the session
 * (and is asked again on the next request), so that a blip there does not sign everybody out; a
 * session without a refresh token cannot be rechecked, so it ends. (The provider answering is
 * tested through the real development provider in session-ends.test.ts.)
 */
const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
let answer: () => Promise<SignedInPerson> = () => Promise.reject(new TypeError('fetch failed'));
let asked = 0;
const oidc: OidcClient = {
  ...signin.auth.oidc,
  refresh: () => {
    asked += 1;
    return answer();
  },
};
let closeDb: () => void;
let database: GatewayDatabase;
let accessLog: AccessLogStore;
let gateway: Hono;

beforeAll(() => {
  const { upstream, close } = seededUpstream();
  closeDb = close;
  database = openGatewayDatabase(':memory:');
  accessLog = databaseAccessLog(database);
  const config = { ...signin.auth.config, sessions: { ...signin.auth.config.sessions, recheckSeconds: 60 } };
  gateway = createGateway({ upstream, auth: { ...signin.auth, config, oidc }, logger: createLogger({ level: 'silent' }), accessLog });
});
afterAll(async () => {
  await database.close();
  closeDb();
});

/** A session whose groups were last confirmed two minutes ago (past GROUPS_RECHECK_S=60). */
async function staleSession(identifier: string, refreshToken?: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const now = Date.now();
  const session = {
    identifier,
    groups: ['success-staff', 'success-admins'],
    createdAt: now - 120_000,
    lastSeenAt: now,
    ...(refreshToken ? { refreshToken } : {}),
  };
  await signin.auth.store.set(sessionStoreKey(id), JSON.stringify(session), 1800);
  return `${cookieName(false)}=${id}`;
}
const session = (cookie: string) => gateway.request(`${ORIGIN}/session`, { headers: { cookie } });

describe('rechecking the groups when the provider cannot be asked', () => {
  it('an unreachable provider keeps the session as it was, and is asked again on the next request', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'));
    asked = 0;
    const cookie = await staleSession('E0005', 'refresh-1');
    const kept = await session(cookie);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { groups: string[] }).groups).toContain('success-admins');
    expect((await session(cookie)).status).toBe(200);
    expect(asked).toBe(2);

    // Back: its answer counts from then on, and is not asked again within the interval.
    answer = async () => ({ identifier: 'E0005', groups: ['success-staff'], refreshToken: 'refresh-2' });
    const renewed = await session(cookie);
    expect(((await renewed.json()) as { groups: string[] }).groups).toEqual(['success-staff']);
    expect((await session(cookie)).status).toBe(200);
    expect(asked).toBe(3);
  });

  it('a refusal ends the session; so does having no refresh token to ask with', async () => {
    answer = () => Promise.reject(new RefreshRefused('invalid_grant'));
    const refused = await staleSession('E0006', 'refresh-1');
    expect((await session(refused)).status).toBe(401);
    const without = await staleSession('E0007');
    expect((await session(without)).status).toBe(401);
    const ends = async (person: string) => (await accessLog.list({ person, limit: 5 })).values.map((e) => [e.event, e.detail?.slice(0, 40)]);
    await expect.poll(() => ends('E0006')).toEqual([['session-end', 'the identity provider refused to renew t']]);
    await expect.poll(() => ends('E0007')).toEqual([['session-end', 'the groups could not be checked again (t']]);
  });
});
