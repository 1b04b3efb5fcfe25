import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../api/access-log.ts';
import { directSignIn, seededUpstream } from '../testing/gateway.ts';
import { databaseGrants } from './access-grants.ts';
import { databaseAccessLog } from './access-log-store.ts';
import { openGatewayDatabase } from './db/database.ts';
import { createGateway } from './gateway.ts';
import { databaseJournal } from './journal-store.ts';
import { createLogger } from './logging.ts';
import { NOT_IN_NETWORK, type AccessRules } from './relationships.ts';
import { type Upstream } from './upstream.ts';

/**
 * #30, records by relationship: a person opens a student's records when they are in the student's
 * network, in RECORDS_GROUP, or hold a current grant with a stated reason; ACCESS_POLICY=all-staff
 * skips the rule. A refused read of one student is 403 not-in-network, with nothing sent upstream.
 */
const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
const STUDENT = 'S000007';
let clock = new Date('2026-11-27T09:00:00.000Z');
let closeDb: () => void;
let member = '';
let outsider = '';
const sent: string[] = [];
let accessLog: ReturnType<typeof databaseAccessLog>;

function gatewayWith(access: AccessRules, upstream: Upstream): Hono {
  const database = openGatewayDatabase(':memory:');
  accessLog = databaseAccessLog(database);
  return createGateway({
    upstream,
    auth: signin.auth,
    logger: createLogger({ level: 'silent' }),
    journal: databaseJournal(database),
    accessLog,
    grants: databaseGrants(database, () => clock),
    access,
  });
}

let upstream: Upstream;
let gateway: Hono;
beforeAll(async () => {
  const { upstream: inner, close } = seededUpstream();
  closeDb = close;
  upstream = { ...inner, send: (path, init, base) => (sent.push(`${init.method ?? 'GET'} ${path}`), inner.send(path, init, base)) };
  gateway = gatewayWith({ policy: 'relationship', recordsGroup: 'success-records', grantHours: 8 }, upstream);
  const network = (await (
    await get(`/api/people/${STUDENT}/successNetwork`, await signin.cookieFor('E0001', ['success-staff', 'success-records']))
  ).json()) as { values: { href: string }[] };
  const members = network.values.map((v) => v.href.split('/').at(-1)!);
  member = members[0]!;
  outsider = ['E0011', 'E0012', 'E0013', 'E0014', 'E0015'].find((p) => !members.includes(p))!;
});
afterAll(() => closeDb());

const get = (path: string, cookie: string, on: Hono = gateway) => on.request(`${ORIGIN}${path}`, { headers: { cookie, accept: 'application/json' } });
const post = (path: string, cookie: string, body: unknown) =>
  gateway.request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const staff = (person: string, ...groups: string[]) => signin.cookieFor(person, ['success-staff', ...groups]);

describe('records by relationship', () => {
  it('refuses an outsider a student (403 not-in-network) without asking the service, and lets a member and the records group in', async () => {
    const before = sent.filter((s) => s.includes(`/people/${STUDENT}/encouragements`)).length;
    const refused = await get(`/api/people/${STUDENT}/encouragements`, await staff(outsider));
    expect(refused.status).toBe(403);
    const problem = (await refused.json()) as { type: string; detail: string };
    expect(problem.type).toBe(`urn:student-success:problem:${NOT_IN_NETWORK}`);
    expect(problem.detail).toMatch(/You are not in this student's success network/);
    expect(sent.filter((s) => s.includes(`/people/${STUDENT}/encouragements`)).length).toBe(before);

    expect((await get(`/api/people/${STUDENT}/encouragements`, await staff(member))).status).toBe(200);
    expect((await get(`/api/people/${STUDENT}/encouragements`, await staff('E0015', 'success-records'))).status).toBe(200);
  });

  it('lists keep only the students the person may see, and say how many rows went', async () => {
    const list = async (cookie: string) =>
      (await (await get(`/api/notations/updates/?identifiers=${STUDENT}&pageSize=1000`, cookie)).json()) as {
        totalValues: number;
        values: unknown[];
        hiddenByRelationship?: number;
      };
    const asked = sent.filter((s) => s.includes('/notations/updates/')).length;
    const outside = (await list(await staff(outsider))) as Awaited<ReturnType<typeof list>> & { refusedStudents?: string[] };
    expect(outside.values).toEqual([]);
    expect(outside.totalValues).toBe(0);
    expect(outside.refusedStudents).toEqual([STUDENT]);
    // Answered at the gateway: the service was not asked.
    expect(sent.filter((s) => s.includes('/notations/updates/')).length).toBe(asked);
    // A list without named students keeps the rows of the students the person may see.
    const all = (await (await get('/api/notations/updates/?pageSize=200', await staff(outsider))).json()) as {
      values: { student: { href: string } }[];
      hiddenByRelationship?: number;
    };
    expect(all.hiddenByRelationship).toBeGreaterThan(0);
    expect(all.values.every((v) => !v.student.href.endsWith(`/${STUDENT}`))).toBe(true);
    expect((await list(await staff(member))).values.length).toBeGreaterThan(0);
  });

  it('a stated reason opens the student for ACCESS_GRANT_HOURS, logged with the reason; then it expires', async () => {
    const cookie = await staff(outsider);
    const short = await post('/session/access', cookie, { student: STUDENT, reason: 'need it' });
    expect(short.status).toBe(400);
    expect((await post('/session/access', cookie, { student: 'S999999', reason: 'Covering for a colleague this week.' })).status).toBe(404);
    expect(await (await get(`/session/access?student=${STUDENT}`, cookie)).json()).toMatchObject({
      student: STUDENT,
      allowed: false,
      why: 'none',
      grantHours: 8,
    });
    expect(await (await get(`/session/access?student=${STUDENT}`, await staff(member))).json()).toMatchObject({ allowed: true, why: 'network' });
    expect((await get('/session/access', cookie)).status).toBe(400);
    const granted = await post('/session/access', cookie, { student: STUDENT, reason: 'Covering for a colleague this week.' });
    expect(granted.status).toBe(201);
    expect(await granted.json()).toEqual({ student: STUDENT, until: '2026-11-27T17:00:00.000Z' });

    expect((await get(`/api/people/${STUDENT}/encouragements`, cookie)).status).toBe(200);
    expect(await (await get(`/session/access?student=${STUDENT}`, cookie)).json()).toMatchObject({
      allowed: true,
      why: 'grant',
      until: '2026-11-27T17:00:00.000Z',
    });
    const entries = (await accessLog.list({ person: outsider, limit: 10 })).values as AccessLogEntry[];
    expect(entries.map((e) => [e.event, e.reason])).toEqual([
      ['read', 'Covering for a colleague this week.'],
      ['grant', 'Covering for a colleague this week.'],
    ]);
    const admin = await signin.cookieFor('E0001');
    const grants = (await (await get('/admin/access-grants?since=2026-11-01', admin)).json()) as {
      values: { person: string; student: string; reason: string }[];
    };
    expect(grants.values).toContainEqual(expect.objectContaining({ person: outsider, student: STUDENT, reason: 'Covering for a colleague this week.' }));
    expect((await get('/admin/access-grants', cookie)).status).toBe(403);

    clock = new Date(clock.getTime() + 8 * 3_600_000 + 1_000);
    expect((await get(`/api/people/${STUDENT}/encouragements`, cookie)).status).toBe(403);
  });

  it('ACCESS_POLICY=all-staff skips the relationship rule', async () => {
    const open = gatewayWith({ policy: 'all-staff', recordsGroup: 'success-records', grantHours: 8 }, upstream);
    expect((await get(`/api/people/${STUDENT}/encouragements`, await staff(outsider), open)).status).toBe(200);
    expect(await (await get('/session/scope', await staff(outsider), open)).json()).toEqual({ scope: 'everyone' });
  });

  it('GET /session/scope: the students a person may open (caseload and grants), so that a list asks the service for those alone', async () => {
    const records = await staff('E0015', 'success-records');
    const caseload = (await (await get(`/api/people/${member}/caseload?pageSize=1000`, records)).json()) as { values: { identifier: string }[] };
    const scope = (await (await get('/session/scope', await staff(member))).json()) as { scope: string; students: string[] };
    expect(scope.scope).toBe('students');
    expect(scope.students).toEqual(caseload.values.map((p) => p.identifier).sort());
    expect(scope.students).toContain(STUDENT);

    // Someone on the staff outside the student's network (the seed's outsiders above are not all people of the service).
    const network = (await (await get(`/api/people/${STUDENT}/successNetwork`, records)).json()) as { values: { href: string }[] };
    const other = ['E0002', 'E0003', 'E0004', 'E0005', 'E0006'].find((p) => !network.values.some((v) => v.href.endsWith(`/${p}`)))!;
    const cookie = await staff(other);
    const before = (await (await get('/session/scope', cookie)).json()) as { scope: string; students: string[] };
    expect(before.scope).toBe('students');
    expect(before.students).not.toContain(STUDENT);
    expect((await post('/session/access', cookie, { student: STUDENT, reason: 'Covering for a colleague this week.' })).status).toBe(201);
    expect(((await (await get('/session/scope', cookie)).json()) as { students: string[] }).students).toEqual([...before.students, STUDENT].sort());
    expect(await (await get('/session/scope', records)).json()).toEqual({ scope: 'everyone' });
    expect((await gateway.request(`${ORIGIN}/session/scope`)).status).toBe(401);
  });
});
