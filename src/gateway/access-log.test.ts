import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../api/access-log.ts';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { directSignIn, startTestGateway, type TestGateway, seededUpstream, useAccessLoggedGateway } from '../testing/gateway.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';
import { ACCESS_LOG_PROBLEM } from './access-log.ts';
import { databaseAccessLog, type AccessLogStore } from './access-log-store.ts';
import { openGatewayDatabase } from './db/database.ts';
import { inProcessUpstream } from './upstream.ts';

/**
 * #30 (the access log): every read that returns students' records is logged — who, which
 * students, which operation and filter — before it is answered; administrators read the log as
 * JSON or CSV (the CSV leaves its own trace first); a read whose entry cannot be written is 503.
 */
const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
const gateway = useAccessLoggedGateway(() => ({ ...seededUpstream(), options: { auth: signin.auth } }));

const get = (path: string, cookie: string, accept = 'application/json') => gateway.request(`${ORIGIN}${path}`, { headers: { cookie, accept } });
const advisor = () => signin.cookieFor('E0010', ['success-staff']);
const admin = () => signin.cookieFor('E0001');
async function log(query: string): Promise<AccessLogEntry[]> {
  const response = await get(`/admin/access-log${query}`, await admin());
  expect(response.status).toBe(200);
  return ((await response.json()) as { values: AccessLogEntry[] }).values;
}

describe('the access log', () => {
  it('logs a list read with its filter and every student it returned, and a single read with its student', async () => {
    const cookie = await advisor();
    const list = await get('/api/notations/updates/?identifiers=S000005,S000006&limit=50', cookie);
    expect(list.status).toBe(200);
    const returned = [...new Set(((await list.json()) as { values: { student: { href: string } }[] }).values.map((v) => v.student.href.split('/').at(-1)!))];
    expect(returned.length).toBeGreaterThan(0);
    const network = await get('/api/people/S000007/successNetwork', cookie);
    expect(network.status).toBe(200);
    expect((await get('/api/people/?limit=5', cookie)).status).toBe(200); // directory search: no record read

    const mine = await log('?person=E0010');
    const [networkRead, listRead] = mine;
    expect(listRead).toMatchObject({
      person: 'E0010',
      event: 'read',
      operation: 'updates.list',
      path: '/notations/updates/',
      query: 'identifiers=S000005,S000006&limit=50',
    });
    expect([...listRead!.students].sort()).toEqual([...returned].sort());
    expect(networkRead).toMatchObject({ operation: 'people.successNetwork.get', students: ['S000007'] });
    expect(mine.some((e) => e.operation === 'people.list')).toBe(false);
    expect((await log('?student=S000007')).map((e) => e.operation)).toContain('people.successNetwork.get');
  });

  it('is for administrators; bad filters are 400; the CSV export is logged before its file', async () => {
    expect((await get('/admin/access-log', await advisor())).status).toBe(403);
    expect((await gateway.request(`${ORIGIN}/admin/access-log`, { headers: { accept: 'application/json' } })).status).toBe(401);
    expect((await get('/admin/access-log?since=yesterday', await admin())).status).toBe(400);
    const csv = await get('/admin/access-log?person=E0010&format=csv', await admin(), 'text/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="access-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('at,person,event,operation,path,query,students,reason,requestId,detail');
    expect(lines.length).toBeGreaterThan(2);
    const [exported] = await log('?person=E0001');
    expect(exported).toMatchObject({ event: 'export', operation: 'access-log.csv', detail: `${lines.length - 1} rows` });
    expect(exported!.students).toContain('S000007');
  });

  it('logs an export the app is about to give (POST /session/exports); no entry, no file (503)', async () => {
    const cookie = await advisor();
    const post = (body: unknown) =>
      gateway.request(`${ORIGIN}/session/exports`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ view: 'triage.alert.csv', rows: 'many' })).status).toBe(400);
    expect((await post({ view: 'triage.alert.csv', rows: 3, students: ['S000001', 'S000002', 'S000001'] })).status).toBe(201);
    const [exported] = await log('?person=E0010');
    expect(exported).toMatchObject({ event: 'export', operation: 'triage.alert.csv', detail: '3 rows' });
    expect([...exported!.students].sort()).toEqual(['S000001', 'S000002']);
    await sql`PRAGMA query_only = ON`.execute(gateway.database.db);
    try {
      expect((await post({ view: 'triage.alert.csv', rows: 1, students: ['S000001'] })).status).toBe(503);
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(gateway.database.db);
    }
  });

  it('refuses a read (503) whose entry cannot be written, without its records', async () => {
    const cookie = await advisor();
    await sql`PRAGMA query_only = ON`.execute(gateway.database.db);
    try {
      const refused = await get('/api/people/S000007/successNetwork', cookie);
      expect(refused.status).toBe(503);
      const problem = (await refused.json()) as { type: string; values?: unknown };
      expect(problem.type).toBe(`urn:student-success:problem:${ACCESS_LOG_PROBLEM}`);
      expect(problem.values).toBeUndefined();
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(gateway.database.db);
    }
    expect((await get('/api/people/S000007/successNetwork', cookie)).status).toBe(200);
  });
});

describe('sign-in, sign-out and session end in the access log', () => {
  let test: TestGateway;
  let store: AccessLogStore;
  let clock = Date.now();
  let closeBackend: () => void;
  beforeAll(async () => {
    const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
    closeBackend = () => db.close();
    store = databaseAccessLog(openGatewayDatabase(':memory:'));
    test = await startTestGateway({
      upstream: inProcessUpstream(createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600 }), DEMO_CLIENT),
      db,
      accessLog: store,
      now: () => clock,
      idleSeconds: 60,
    });
  });
  afterAll(async () => {
    await test.close();
    closeBackend();
  });

  it('records a sign-in, a sign-out, and a session found idle', async () => {
    const first = await signInThroughProvider(test.origin, 'E0006');
    expect(
      (await fetch(`${test.origin}/auth/sign-out`, { method: 'POST', headers: { cookie: first.cookie, origin: test.origin, accept: 'application/json' } }))
        .status,
    ).toBe(200);
    const second = await signInThroughProvider(test.origin, 'E0006');
    clock += 61_000;
    expect((await fetch(`${test.origin}/session`, { headers: { cookie: second.cookie } })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the session end is recorded after the answer
    const events = (await store.list({ person: 'E0006', limit: 10 })).values.map((e) => [e.event, e.detail]);
    expect(events).toEqual([
      ['session-end', 'idle timeout'],
      ['sign-in', null],
      ['sign-out', null],
      ['sign-in', null],
    ]);
  });
});
