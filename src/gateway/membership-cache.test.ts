import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directSignIn, seededUpstream } from '../testing/gateway.ts';
import { openGatewayDatabase, type GatewayDatabase } from './db/database.ts';
import { createGateway } from './gateway.ts';
import { createLogger } from './logging.ts';
import { databaseMembershipCache } from './membership-cache.ts';
import { networkMembership } from './membership.ts';
import { type Upstream } from './upstream.ts';

/**
 * #30: "membership is read with E15 per student and cached for ACCESS_CACHE_S across people and
 * instances". Two instances share one gateway database; the second reads no network the first read.
 */
const c = {} as Context;
let database: GatewayDatabase;
beforeAll(() => {
  database = openGatewayDatabase(':memory:');
});
afterAll(() => database.close());

describe('success networks shared by the instances', () => {
  it('a network one instance read costs another instance no E15 call, until ACCESS_CACHE_S has passed', async () => {
    let clock = 1_000_000;
    const reads: string[] = [];
    const read = async (_: Context, path: string) => {
      reads.push(path);
      if (path.includes('/caseload')) throw new Error('404: no caseload extension');
      return { values: [{ href: `/api/people/E0001` }, { href: `/api/people/E0002` }] };
    };
    const shared = databaseMembershipCache(database);
    const first = networkMembership({ read, ttlMs: 300_000, now: () => clock, shared });
    const second = networkMembership({ read, ttlMs: 300_000, now: () => clock, shared });
    const students = ['S100001', 'S100002', 'S100003'];
    expect(await Promise.all(students.map((s) => first.isMember(c, 'E0001', s)))).toEqual([true, true, true]);
    const e15 = () => reads.filter((p) => p.endsWith('/successNetwork')).length;
    expect(e15()).toBe(3);
    // Another instance, another person: the same networks, from the shared cache.
    expect(await Promise.all(students.map((s) => second.isMember(c, 'E0002', s)))).toEqual([true, true, true]);
    expect(await second.isMember(c, 'E0003', 'S100001')).toBe(false);
    expect(e15()).toBe(3);
    // Past ACCESS_CACHE_S every instance reads E15 again.
    clock += 300_001;
    await second.isMember(c, 'E0001', 'S100001');
    expect(e15()).toBe(4);
  });

  it('a network written through one instance is read anew by every instance within seconds', async () => {
    let clock = 5_000_000;
    let members = ['E0001'];
    let e15 = 0;
    const read = async (_: Context, path: string) => {
      if (path.includes('/caseload')) throw new Error('404');
      e15 += 1;
      return { values: members.map((m) => ({ href: `/api/people/${m}` })) };
    };
    const shared = databaseMembershipCache(database);
    const first = networkMembership({ read, ttlMs: 300_000, now: () => clock, shared });
    const second = networkMembership({ read, ttlMs: 300_000, now: () => clock, shared });
    expect(await second.isMember(c, 'E0009', 'S200001')).toBe(false);
    members = ['E0001', 'E0009'];
    await first.forget('S200001');
    expect(await first.isMember(c, 'E0009', 'S200001')).toBe(true);
    // The other instance trusts its own copy a few seconds, then the shared row, which is new.
    clock += 5_001;
    expect(await second.isMember(c, 'E0009', 'S200001')).toBe(true);
    expect(e15).toBe(2);
  });
});

describe('through the gateway', () => {
  let closeDb: () => void;
  let upstream: Upstream;
  const e15: string[] = [];
  beforeAll(() => {
    const { upstream: inner, close } = seededUpstream();
    closeDb = close;
    // A service without the caseload extension: membership comes from E15.
    upstream = {
      ...inner,
      send: (path, init, base) => {
        if (/\/caseload/.test(path))
          return Promise.resolve(new Response('{"status":404}', { status: 404, headers: { 'content-type': 'application/problem+json' } }));
        if ((init.method ?? 'GET') === 'GET' && /\/successNetwork/.test(path)) e15.push(path);
        return inner.send(path, init, base);
      },
    };
  });
  afterAll(() => closeDb());

  it('a second instance lists the same alerts with no E15 call, and a network saved through one opens the student there at once', async () => {
    const ORIGIN = 'http://dashboard.test';
    const signin = directSignIn({ publicUrl: ORIGIN });
    const shared = openGatewayDatabase(':memory:');
    const instance = () =>
      createGateway({
        upstream,
        auth: signin.auth,
        logger: createLogger({ level: 'silent' }),
        membershipCache: databaseMembershipCache(shared),
        access: { policy: 'relationship', recordsGroup: 'success-records', grantHours: 8 },
      });
    const [one, two] = [instance(), instance()];
    const advisor = await signin.cookieFor('E0002', ['success-staff']);
    const list = (on: typeof one) => on.request(`${ORIGIN}/api/notations/alerts/?pageSize=200`, { headers: { cookie: advisor, accept: 'application/json' } });
    const onOne = await list(one);
    expect(onOne.status).toBe(200);
    const cold = e15.length;
    expect(cold).toBeGreaterThan(10);
    const first = (await onOne.json()) as { values: unknown[]; hiddenByRelationship?: number };
    expect(await (await list(two)).json()).toEqual(first);
    expect(e15.length).toBe(cold);

    // A student the advisor may not open, then an editor adds them to its network through instance one.
    expect(first.hiddenByRelationship ?? 0).toBeGreaterThan(0);
    const asked = (on: typeof one, id: string) =>
      on.request(`${ORIGIN}/api/people/${id}/encouragements`, { headers: { cookie: advisor, accept: 'application/json' } });
    let student = '';
    for (let n = 1; n <= 50 && !student; n += 1) {
      const id = `S${String(n).padStart(6, '0')}`;
      if ((await asked(two, id)).status === 403) student = id;
    }
    expect(student).not.toBe('');
    const editor = await signin.cookieFor('E0001', ['success-staff', 'success-network-editors', 'success-records']);
    const current = (await (
      await one.request(`${ORIGIN}/api/people/${student}/successNetwork`, { headers: { cookie: editor, accept: 'application/json' } })
    ).json()) as { values: { href: string }[] };
    const put = await one.request(`${ORIGIN}/api/people/${student}/successNetwork`, {
      method: 'PUT',
      headers: { cookie: editor, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify([...current.values.map((v) => ({ identifier: v.href.split('/').at(-1)! })), { identifier: 'E0002' }]),
    });
    expect(put.status, await put.clone().text()).toBe(204);
    expect((await asked(one, student)).status).toBe(200);
    await shared.close();
  });
});
