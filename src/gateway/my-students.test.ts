import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../api/access-log.ts';
import { MyStudentsSchema, type MyStudents } from '../api/my-students.ts';
import { directSignIn, seededUpstream } from '../testing/gateway.ts';
import { gatewayEngines } from '../testing/gateway-engines.ts';
import { openGatewayDatabase, type GatewayDatabase } from './db/database.ts';
import { createGateway } from './gateway.ts';
import { createLogger } from './logging.ts';
import { DEFAULT_ATTENTION_RULES } from './my-students/attention.ts';
import { NOT_IN_NETWORK } from './relationships.ts';
import { type Upstream } from './upstream.ts';
import { databaseVisits } from './visit-store.ts';
import { databaseWatchList, watchedStudents } from './watch-list-store.ts';

/** #32 items 1–3: the home of the signed-in person, their last visits and their watch list, through the gateway. */

const { freshSetting } = gatewayEngines('my-students');

describe.each(['sqlite', 'postgres'] as const)('visits and watch lists on %s', (engine) => {
  let setting: string;
  let database: GatewayDatabase;
  let clock = new Date('2026-11-20T10:00:00.000Z');
  beforeAll(async () => {
    setting = await freshSetting(engine);
    database = openGatewayDatabase(setting);
  });
  afterAll(() => database?.close());

  it('remembers each person’s last visit of each student, answering the one before, after a reopen', async () => {
    const visits = databaseVisits(database, () => clock);
    expect(await visits.visit('E0100', 'S000001')).toEqual({ previous: null, at: '2026-11-20T10:00:00.000Z' });
    clock = new Date('2026-11-21T08:00:00.000Z');
    expect(await visits.visit('E0100', 'S000001')).toEqual({ previous: '2026-11-20T10:00:00.000Z', at: '2026-11-21T08:00:00.000Z' });
    await visits.visit('E0200', 'S000002');
    await database.close();
    database = openGatewayDatabase(setting);
    const reopened = databaseVisits(database, () => clock);
    expect(Object.fromEntries(await reopened.lastVisits('E0100', ['S000001', 'S000002', 'S000003']))).toEqual({ S000001: '2026-11-21T08:00:00.000Z' });
    expect(await reopened.purge('2026-11-21T09:00:00.000Z')).toBe(2);
    expect((await reopened.lastVisits('E0100', ['S000001'])).size).toBe(0);
  });

  it('follows and unfollows students per person, keeps the first date, and lists them earliest first after a reopen', async () => {
    const watch = databaseWatchList(database, () => clock);
    clock = new Date('2026-11-22T08:00:00.000Z');
    await watch.watch('E0100', 'S000009');
    clock = new Date('2026-11-23T08:00:00.000Z');
    await watch.watch('E0100', 'S000004');
    expect(await watch.watch('E0100', 'S000009')).toEqual({ student: 'S000009', since: '2026-11-22T08:00:00.000Z' });
    await watch.watch('E0200', 'S000005');
    await database.close();
    database = openGatewayDatabase(setting);
    expect(await watchedStudents(database, 'E0100')).toEqual(['S000009', 'S000004']);
    const reopened = databaseWatchList(database, () => clock);
    expect(await reopened.unwatch('E0100', 'S000009')).toBe(true);
    expect(await reopened.unwatch('E0100', 'S000009')).toBe(false);
    expect(await reopened.list('E0100')).toEqual([{ student: 'S000004', since: '2026-11-23T08:00:00.000Z' }]);
    expect(await watchedStudents(database, 'E0200')).toEqual(['S000005']);
  });
});

const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
const STUDENT = 'S000007';
const RELATIONSHIP = { policy: 'relationship' as const, recordsGroup: 'success-records', grantHours: 8 };

describe('the home, visits and the watch list through the gateway', () => {
  const sent: string[] = [];
  let inner: Upstream;
  let gateway: Hono;
  let records: GatewayDatabase;
  let closeDb: () => void;
  let member = '';
  let colleague = '';
  let outsider = '';
  let stranger = '';
  let counted: Upstream;
  const gatewayOn = (upstream: Upstream, database: GatewayDatabase = openGatewayDatabase(':memory:'), serveApp?: (app: Hono) => void) =>
    createGateway({
      upstream,
      auth: signin.auth,
      logger: createLogger({ level: 'silent' }),
      access: RELATIONSHIP,
      visits: databaseVisits(database),
      watchList: databaseWatchList(database),
      ...(serveApp ? { serveApp } : {}),
    });
  const request = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}, on: Hono = gateway) =>
    on.request(`${ORIGIN}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, origin: ORIGIN, accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const json = async <T>(response: Response | Promise<Response>): Promise<T> => (await (await response).json()) as T;
  const staff = (person: string, ...groups: string[]) => signin.cookieFor(person, ['success-staff', ...groups]);
  const home = async (cookie: string, on: Hono = gateway) => {
    const response = await request('/session/my-students', cookie, {}, on);
    expect(response.status).toBe(200);
    return MyStudentsSchema.parse(await response.json());
  };
  const idOf = (href: string) => href.split('/').at(-1)!;

  beforeAll(async () => {
    ({ upstream: inner, close: closeDb } = seededUpstream());
    records = openGatewayDatabase(':memory:');
    counted = { ...inner, send: (path, init, base) => (sent.push(`${init.method ?? 'GET'} ${path}`), inner.send(path, init, base)) };
    gateway = gatewayOn(counted, records);
    const reader = await staff('E0001', 'success-records');
    const network = await json<{ values: { href: string }[] }>(request(`/api/people/${STUDENT}/successNetwork`, reader));
    const members = network.values.map((v) => idOf(v.href));
    [member, colleague] = members as [string, string];
    [outsider, stranger] = ['E0011', 'E0012', 'E0013', 'E0014', 'E0015', 'E0016'].filter((p) => !members.includes(p)) as [string, string];
    expect(colleague).toBeTruthy();
  });
  afterAll(() => closeDb());

  it('lists the person’s caseload with what they may see counted, the reasons in words, in attention order, in bounded calls', async () => {
    const cookie = await staff(member);
    sent.length = 0;
    const answer = await home(cookie);
    const caseload = await json<{ values: { identifier: string }[] }>(request(`/api/people/${member}/caseload?pageSize=1000`, cookie));
    expect(answer.source).toBe('caseload');
    expect(answer.rules).toEqual(DEFAULT_ATTENTION_RULES);
    expect(answer.students.map((s) => s.student).sort()).toEqual(caseload.values.map((p) => p.identifier).sort());
    expect(answer.students.every((s) => s.inCaseload && !s.watching && s.name !== s.student)).toBe(true);

    // Bounded: one E7 and one E1 call per 100 students a page, never one per student; E15 (for the
    // last contact by a network member) at most once per student, and not again on the next opening.
    const studentCalls = Math.ceil(answer.students.length / 100);
    expect(sent.filter((s) => s.startsWith('GET /notations/alerts/')).length).toBeLessThanOrEqual(studentCalls * 2);
    expect(sent.filter((s) => s.startsWith('GET /notations/updates/')).length).toBeLessThanOrEqual(studentCalls * 2);
    expect(sent.filter((s) => /successNetwork/.test(s)).length).toBeLessThanOrEqual(answer.students.length);
    sent.length = 0;
    await home(cookie);
    expect(sent.filter((s) => /successNetwork/.test(s)).length).toBe(0);

    // Each count is what the person reads themselves; each reason is one the rule gives.
    const row = answer.students.find((s) => s.student === STUDENT)!;
    const alerts = await json<{ values: { status: string }[] }>(request(`/api/notations/alerts/?identifiers=${STUDENT}&pageSize=1000`, cookie));
    const open = alerts.values.filter((a) => a.status === 'Open').length;
    expect(row.openAlerts).toBe(open);
    expect(row.reasons.some((r) => r.text === `${open} open ${open === 1 ? 'alert' : 'alerts'}`)).toBe(open > 0);
    for (const s of answer.students) {
      expect(s.reasons.some((r) => r.rule === 'open-alerts')).toBe(s.openAlerts >= 1);
      expect(s.reasons.some((r) => r.rule === 'bottom-band')).toBe(s.lowFactors.length > 0);
      for (const f of s.lowFactors) expect(f.score).toBeLessThanOrEqual(25);
    }
    expect(answer.students.some((s) => s.lowFactors.length > 0)).toBe(true);
    const counts = answer.students.map((s) => s.reasons.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // The read is logged with the students it counted.
    const admin = await signin.cookieFor('E0001');
    const log = await json<{ values: AccessLogEntry[] }>(request(`/admin/access-log?person=${member}`, admin));
    expect(log.values.find((e) => e.operation === 'session.myStudents')?.students.length).toBe(answer.students.length);
  });

  it('remembers the last visit and counts what others wrote since as new, with its reason', async () => {
    const cookie = await staff(member);
    const first = await json<{ previous: string | null; at: string }>(request('/session/visits', cookie, { method: 'POST', body: { student: STUDENT } }));
    const second = await request('/session/visits', cookie, { method: 'POST', body: { student: STUDENT } });
    expect(second.status).toBe(201);
    expect(((await second.json()) as { previous: string }).previous).toBe(first.at);
    const before = (await home(cookie)).students.find((s) => s.student === STUDENT)!;
    expect(before.newSinceVisit).toBe(0);
    expect(before.reasons.map((r) => r.rule)).not.toContain('new-alert');

    // A colleague in the network raises an alert.
    const raised = await request('/api/notations/alerts/', await staff(colleague), {
      method: 'POST',
      body: {
        audienceType: 'FullNetwork',
        canStudentView: false,
        categories: [],
        createdBy: { identifier: colleague },
        details: 'Missed three tutorials in a row',
        student: { identifier: STUDENT },
      },
    });
    expect(raised.status).toBe(201);
    const after = (await home(cookie)).students.find((s) => s.student === STUDENT)!;
    expect(after.newSinceVisit).toBe(1);
    expect(after.reasons.map((r) => r.text)).toContain('new alert since your last visit');
    expect(after.openAlerts).toBe(before.openAlerts + 1);
    // The person's own writing is never "new" to them.
    expect((await home(await staff(colleague))).students.find((s) => s.student === STUDENT)?.reasons.map((r) => r.rule)).not.toContain('new-alert');
  });

  it('brings a home read before up to date by reading only what changed since (modifiedOnStart): a lowering and its comment count', async () => {
    const cookie = await staff(member);
    await home(cookie);
    sent.length = 0;
    const before = (await home(cookie)).students.find((s) => s.student === STUDENT)!;
    const reads = sent.filter((s) => /^GET \/notations\/(alerts|updates)\//.test(s));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((s) => s.includes('modifiedOnStart='))).toBe(true);

    const alerts = await json<{ values: { id: number; status: string }[] }>(request(`/api/notations/alerts/?identifiers=${STUDENT}&pageSize=1000`, cookie));
    const open = alerts.values.find((a) => a.status === 'Open')!;
    const lowered = await request(`/api/notations/alerts/${open.id}/comments`, cookie, {
      method: 'POST',
      body: { createdBy: { identifier: member }, details: 'Met the student; a plan is agreed', usedToLowerAlert: true },
    });
    expect(lowered.status).toBe(201);
    const after = (await home(cookie)).students.find((s) => s.student === STUDENT)!;
    expect(after.openAlerts).toBe(before.openAlerts - 1);
    // The lowering comment is the newest contact with the student.
    expect(Date.parse(after.lastContactOn!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts as the last contact only what a member of the student’s network wrote, asking about each author at most once a home', async () => {
    const cookie = await staff(member);
    const before = (await home(cookie)).students.find((s) => s.student === STUDENT)!;
    const write = async (author: string, cookieOf: string) => {
      const created = await request('/api/notations/updates/', cookieOf, {
        method: 'POST',
        body: { audienceType: 'All', canStudentView: false, details: `Contact by ${author}`, student: { identifier: STUDENT } },
      });
      expect(created.status).toBe(201);
      const update = await json<{ createdOn: string }>(request(new URL(created.headers.get('location')!, ORIGIN).pathname, cookieOf));
      return update.createdOn;
    };
    // A staff member outside the network who may read the records (the records group) writes last: not a contact.
    const network = await json<{ values: { href: string }[] }>(request(`/api/people/${STUDENT}/successNetwork`, cookie));
    const outside = ['E0002', 'E0003', 'E0004', 'E0005', 'E0006', 'E0007', 'E0008', 'E0009'].find((p) => !network.values.some((v) => idOf(v.href) === p))!;
    await write(outside, await staff(outside, 'success-records'));
    sent.length = 0;
    const after = (await home(cookie)).students.find((s) => s.student === STUDENT)!;
    expect(after.lastContactOn).toBe(before.lastContactOn);
    expect(sent.filter((s) => s.startsWith(`GET /people/${outside}/caseload`)).length).toBeLessThanOrEqual(1);
    // A member of the network writes: that is the last contact.
    const byColleague = await write(colleague, await staff(colleague));
    expect((await home(cookie)).students.find((s) => s.student === STUDENT)!.lastContactOn).toBe(byColleague);
  });

  it('starts reading the home when the browser asks for the page /, and the app’s request takes that reading once', async () => {
    const served = gatewayOn(counted, openGatewayDatabase(':memory:'), (app) => app.get('*', (c) => c.html('<!doctype html><title>app</title>')));
    const cookie = await staff(colleague);
    const alertReads = () => sent.filter((s) => s.startsWith('GET /notations/alerts/')).length;
    sent.length = 0;
    const page = await served.request(`${ORIGIN}/`, { headers: { cookie, accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>app</title>');
    await expect.poll(alertReads).toBeGreaterThan(0);
    const early = await home(cookie, served);
    expect(early.students.length).toBeGreaterThan(0);
    const reading = alertReads();
    // Taken once: the next request reads again (what changed since, notation-cache.ts).
    await home(cookie, served);
    expect(alertReads()).toBe(reading * 2);
    // A reading the app never took is not served after a later load of the page: that one reads afresh.
    await served.request(`${ORIGIN}/`, { headers: { cookie, accept: 'text/html' } });
    await expect.poll(alertReads).toBe(reading * 3);
    const followed = await request(`/session/watch/${STUDENT}`, cookie, { method: 'PUT' }, served);
    expect(followed.status).toBe(200);
    await served.request(`${ORIGIN}/`, { headers: { cookie, accept: 'text/html' } });
    expect((await home(cookie, served)).students.find((s) => s.student === STUDENT)?.watching).toBe(true);
    // Nobody signed in: the page starts nothing.
    sent.length = 0;
    await served.request(`${ORIGIN}/`, { headers: { accept: 'text/html' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alertReads()).toBe(0);
  });

  it('answers the first frame’s timed ask (x-home-wait-ms) within its limit or with 204, logging only what it sends, and leaves the reading for the app', async () => {
    // A service that takes its time: the home is not ready within a millisecond.
    const slow: Upstream = {
      ...counted,
      send: (path, init, base) => new Promise((resolve) => setTimeout(resolve, 20)).then(() => counted.send(path, init, base)),
    };
    const served = gatewayOn(slow, openGatewayDatabase(':memory:'), (app) => app.get('*', (c) => c.html('<!doctype html><title>app</title>')));
    const cookie = await staff(colleague);
    const admin = await signin.cookieFor('E0001');
    const homeReads = async () =>
      (await json<{ values: AccessLogEntry[] }>(request(`/admin/access-log?person=${colleague}`, admin, {}, served))).values.filter(
        (e) => e.operation === 'session.myStudents',
      ).length;
    const alertReads = () => sent.filter((s) => s.startsWith('GET /notations/alerts/')).length;
    const timed = (ms: number) =>
      served.request(`${ORIGIN}/session/my-students`, { headers: { cookie, accept: 'application/json', 'x-home-wait-ms': String(ms) } });

    // Too short a limit: 204, nothing logged, and the app's own request takes the same reading.
    sent.length = 0;
    await served.request(`${ORIGIN}/`, { headers: { cookie, accept: 'text/html' } });
    const late = await timed(1);
    expect(late.status).toBe(204);
    expect(await homeReads()).toBe(0);
    await expect.poll(alertReads).toBeGreaterThan(0);
    const reading = alertReads();
    expect((await home(cookie, served)).students.length).toBeGreaterThan(0);
    expect(alertReads()).toBe(reading);
    expect(await homeReads()).toBe(1);

    // In time: the answer, logged; the app's own request, a moment later, is sent the same reading.
    await served.request(`${ORIGIN}/`, { headers: { cookie, accept: 'text/html' } });
    const inTime = await timed(10_000);
    expect(inTime.status).toBe(200);
    const pictured = MyStudentsSchema.parse(await inTime.json());
    expect(pictured.students.length).toBeGreaterThan(0);
    expect(await homeReads()).toBe(2);
    const afterPicture = alertReads();
    expect((await home(cookie, served)).generatedAt).toBe(pictured.generatedAt);
    expect(alertReads()).toBe(afterPicture);
    expect(await homeReads()).toBe(3);
    // Out of range or not a number: an ordinary request.
    expect((await timed(0)).status).toBe(200);
    expect((await served.request(`${ORIGIN}/session/my-students`, { headers: { cookie, accept: 'application/json', 'x-home-wait-ms': 'soon' } })).status).toBe(
      200,
    );
  });

  it('lets a person follow only students they may open, shows them on the home marked as watched, and unfollows', async () => {
    const outsiderCookie = await staff(outsider);
    const refused = await request(`/session/watch/${STUDENT}`, outsiderCookie, { method: 'PUT' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { type: string }).type).toBe(`urn:student-success:problem:${NOT_IN_NETWORK}`);

    // A grant with a stated reason opens the student, and so the watch list.
    const grant = await request('/session/access', outsiderCookie, {
      method: 'POST',
      body: { student: STUDENT, reason: 'Covering for a colleague this week' },
    });
    expect(grant.status).toBe(201);
    const followed = await request(`/session/watch/${STUDENT}`, outsiderCookie, { method: 'PUT' });
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({ student: STUDENT, since: expect.any(String) });
    expect(await json(request('/session/watch', outsiderCookie))).toMatchObject({ values: [{ student: STUDENT }] });
    expect(await watchedStudents(records, outsider)).toEqual([STUDENT]);
    const row = (await home(outsiderCookie)).students.find((s) => s.student === STUDENT);
    expect(row).toMatchObject({ watching: true, inCaseload: false });

    expect((await request(`/session/watch/${STUDENT}`, outsiderCookie, { method: 'DELETE' })).status).toBe(204);
    expect((await home(outsiderCookie)).students.find((s) => s.student === STUDENT)).toBeUndefined();
  });

  it('answers bad input with a clear 4xx problem, and nobody signed in with 401', async () => {
    const cookie = await staff('E0001', 'success-records');
    const cases: [number, string, { method?: string; body?: unknown }][] = [
      [400, '/session/watch/a%20b', { method: 'PUT' }],
      [400, `/session/watch/${'S'.repeat(101)}`, { method: 'PUT' }],
      [404, '/session/watch/S999999', { method: 'PUT' }],
      [400, '/session/visits', { method: 'POST', body: {} }],
      [400, '/session/visits', { method: 'POST', body: { student: '' } }],
      [400, '/session/visits', { method: 'POST', body: ['S000001'] }],
    ];
    for (const [status, path, init] of cases) {
      const response = await request(path, cookie, init);
      expect({ path, body: init.body, status: response.status }).toEqual({ path, body: init.body, status });
      expect(response.headers.get('content-type')).toMatch(/problem\+json/);
    }
    // No visit is recorded of a student one may not open.
    expect((await request(`/session/visits`, await staff(stranger), { method: 'POST', body: { student: STUDENT } })).status).toBe(403);
    for (const path of ['/session/my-students', '/session/watch']) expect((await gateway.request(`${ORIGIN}${path}`)).status).toBe(401);
  });

  it('without the caseload extension, lists the students whose networks the gateway has read with the person in them, and says so', async () => {
    const noCaseload: Upstream = {
      ...inner,
      send: (path, init, base) => (/\/caseload/.test(path) ? Promise.resolve(new Response('{}', { status: 404 })) : inner.send(path, init, base)),
    };
    const plain = gatewayOn(noCaseload);
    const cookie = await staff(member);
    // Opening the student reads (and keeps) their network.
    expect((await request(`/api/people/${STUDENT}/encouragements`, cookie, {}, plain)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer: MyStudents = await home(cookie, plain);
    expect(answer.source).toBe('known-networks');
    expect(answer.students.map((s) => s.student)).toEqual([STUDENT]);
  });
});
