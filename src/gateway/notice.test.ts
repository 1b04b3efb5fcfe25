import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { DEMO_CLIENT } from '../testing/backend.ts';
import { startTestGateway, type TestGateway } from '../testing/gateway.ts';
import { startPostgres } from '../testing/postgres.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';
import { databaseAccessLog, type AccessLogStore } from './access-log-store.ts';
import { readGatewayConfig } from './config.ts';
import { openGatewayDatabase, type GatewayDatabase } from './db/database.ts';
import { createLogger } from './logging.ts';
import { databaseNotices, loadNotice, NOTICE_PROBLEM, noticeFrom, type Notice } from './notice.ts';
import { inProcessUpstream, type Upstream } from './upstream.ts';

/**
 * #30 item 6: with a confidentiality notice, a person accepts its current version once before any
 * student's record is sent to them (sign-in through the development provider, as a browser would);
 * the acceptance is logged, and holds for their next session on any instance sharing the database.
 */
const NOTICE: Notice = noticeFrom('# Confidentiality\n\nStudent records are confidential. Use them only to support the student.\n');
const FACULTY = 'E0006';
const RECORDS = '/api/notations/updates/?identifiers=S000005&pageSize=5';

let db: DatabaseSync;
let database: GatewayDatabase;
let accessLog: AccessLogStore;
/** Two instances sharing one database, and one without a notice. */
let first: TestGateway;
let second: TestGateway;
let plain: TestGateway;
const sent: string[] = [];

beforeAll(async () => {
  ({ db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') }));
  const inner = inProcessUpstream(createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} }), DEMO_CLIENT);
  const upstream: Upstream = { ...inner, send: (path, init, base) => (sent.push(path), inner.send(path, init, base)) };
  database = openGatewayDatabase(':memory:');
  accessLog = databaseAccessLog(database);
  const logger = createLogger({ level: 'silent' });
  const shared = { upstream, db, logger, accessLog, notice: NOTICE, notices: databaseNotices(database) };
  first = await startTestGateway(shared);
  second = await startTestGateway(shared);
  plain = await startTestGateway({ upstream, db, logger });
});
afterAll(async () => {
  await Promise.all([first.close(), second.close(), plain.close()]);
  await database.close();
  db.close();
});

const request = (gw: TestGateway, path: string, cookie: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookie);
  headers.set('accept', 'application/json');
  if (init.method === 'POST') headers.set('origin', gw.origin);
  return fetch(`${gw.origin}${path}`, { ...init, headers, redirect: 'manual' });
};
const accept = (gw: TestGateway, cookie: string, body: unknown) =>
  request(gw, '/session/notice', cookie, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const sessionOf = async (gw: TestGateway, cookie: string) =>
  (await (await request(gw, '/session', cookie)).json()) as { notice?: { version: string; accepted: boolean } };

describe('the confidentiality notice', () => {
  let cookie = '';
  beforeAll(async () => {
    cookie = (await signInThroughProvider(first.origin, FACULTY)).cookie;
  });

  it('is pending after sign-in: the session says so, the notice is readable, and a record read is 403 with nothing sent upstream', async () => {
    expect(await sessionOf(first, cookie)).toMatchObject({ notice: { version: NOTICE.version, accepted: false } });
    const notice = await request(first, '/session/notice', cookie);
    expect(notice.status).toBe(200);
    expect(await notice.json()).toEqual({ version: NOTICE.version, text: NOTICE.text, acceptedVersion: null });

    const before = sent.length;
    for (const path of [RECORDS, '/api/people/S000005/successNetwork', '/api/notations/alerts/?pageSize=5']) {
      const refused = await request(first, path, cookie);
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await refused.json()) as { type: string; detail: string };
      expect(problem.type).toBe(`urn:student-success:problem:${NOTICE_PROBLEM}`);
      expect(problem.detail).toMatch(/confidentiality notice/);
    }
    // An administrator's download of a student's whole record is a record too.
    const admin = (await signInThroughProvider(first.origin, 'E0005')).cookie;
    const before2 = sent.length;
    const record = await request(first, '/admin/students/S000005/record', admin);
    expect(record.status).toBe(403);
    expect(((await record.json()) as { type: string }).type).toBe(`urn:student-success:problem:${NOTICE_PROBLEM}`);
    expect(sent.slice(before2).filter((path) => !path.startsWith('/people/E'))).toEqual([]);
    expect(sent.slice(before).filter((path) => !path.startsWith('/people/E'))).toEqual([]);
    // Directory search is not a record: it still answers.
    expect((await request(first, '/api/people/?pageSize=3', cookie)).status).toBe(200);
  });

  it('refuses another version (409) and a bad body (400), and logs nothing for them', async () => {
    const wrong = await accept(first, cookie, { version: 'not-the-version' });
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { detail: string }).detail).toContain(NOTICE.version);
    expect((await accept(first, cookie, {})).status).toBe(400);
    expect((await accept(first, cookie, { version: '' })).status).toBe(400);
    const withoutOrigin = await fetch(`${first.origin}/session/notice`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ version: NOTICE.version }),
    });
    expect(withoutOrigin.status).toBe(403);
    expect((await accessLog.list({ person: FACULTY, limit: 50 })).values.filter((e) => e.event === 'notice-accepted')).toEqual([]);
    expect((await request(first, RECORDS, cookie)).status).toBe(403);
  });

  it('once accepted, records are read, the acceptance is in the access log, and the session says so', async () => {
    expect((await accept(first, cookie, { version: NOTICE.version })).status).toBe(204);
    const read = await request(first, RECORDS, cookie);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { values: unknown[] }).values.length).toBeGreaterThan(0);
    expect(await sessionOf(first, cookie)).toMatchObject({ notice: { version: NOTICE.version, accepted: true } });
    expect(((await (await request(first, '/session/notice', cookie)).json()) as { acceptedVersion: string }).acceptedVersion).toBe(NOTICE.version);
    const entries = (await accessLog.list({ person: FACULTY, limit: 50 })).values.filter((e) => e.event === 'notice-accepted');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ person: FACULTY, operation: 'session.notice', detail: `version ${NOTICE.version}`, students: [] });
  });

  it('is not asked again in a new session, on another instance; accepting again is not logged twice', async () => {
    const again = (await signInThroughProvider(second.origin, FACULTY)).cookie;
    expect(again).not.toBe(cookie);
    expect(await sessionOf(second, again)).toMatchObject({ notice: { accepted: true } });
    expect((await request(second, RECORDS, again)).status).toBe(200);
    expect((await accept(second, again, { version: NOTICE.version })).status).toBe(204);
    expect((await accessLog.list({ person: FACULTY, limit: 50 })).values.filter((e) => e.event === 'notice-accepted')).toHaveLength(1);
    // Somebody else is still asked.
    const other = (await signInThroughProvider(second.origin, 'E0001')).cookie;
    expect(await sessionOf(second, other)).toMatchObject({ notice: { accepted: false } });
    expect((await request(second, RECORDS, other)).status).toBe(403);
  });

  it('without a notice file nothing is gated: no notice in the session, /session/notice is 404, records are read', async () => {
    const cookieHere = (await signInThroughProvider(plain.origin, 'E0001')).cookie;
    const session = (await sessionOf(plain, cookieHere)) as Record<string, unknown>;
    expect(session).not.toHaveProperty('notice');
    expect(session.accessPolicy).toBe('all-staff');
    expect((await request(plain, '/session/notice', cookieHere)).status).toBe(404);
    expect((await accept(plain, cookieHere, { version: NOTICE.version })).status).toBe(404);
    expect((await request(plain, RECORDS, cookieHere)).status).toBe(200);
  });

  it('asks for a session first', async () => {
    expect((await fetch(`${first.origin}/session/notice`, { headers: { accept: 'application/json' } })).status).toBe(401);
  });
});

describe('CONFIDENTIALITY_NOTICE_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notice-'));
  it('is read with a version that follows its text, and an empty or missing file stops the start', () => {
    const file = join(dir, 'notice.md');
    writeFileSync(file, 'Records are confidential.\n');
    const one = loadNotice(file);
    expect(one).toEqual({ version: expect.stringMatching(/^[0-9a-f]{12}$/), text: 'Records are confidential.' });
    writeFileSync(file, 'Records are confidential.\n\n\n');
    expect(loadNotice(file).version).toBe(one.version);
    writeFileSync(file, 'Records are confidential. Really.\n');
    expect(loadNotice(file).version).not.toBe(one.version);
    writeFileSync(file, ' \n\n');
    expect(() => loadNotice(file)).toThrow(/CONFIDENTIALITY_NOTICE_FILE is empty/);
    expect(() => loadNotice(join(dir, 'missing.md'))).toThrow(/CONFIDENTIALITY_NOTICE_FILE \(.*missing\.md\) cannot be read/);
    expect(readGatewayConfig({ CONFIDENTIALITY_NOTICE_FILE: file }).noticeFile).toBe(file);
    expect(readGatewayConfig({}).noticeFile).toBeUndefined();
  });
});

describe('acceptances on PostgreSQL', () => {
  it('are kept per person and version, shared by two instances, and accepting twice keeps one', async () => {
    const postgres = await startPostgres();
    const one = openGatewayDatabase(postgres.url);
    const two = openGatewayDatabase(postgres.url);
    try {
      const [a, b] = [databaseNotices(one), databaseNotices(two)];
      expect(await b.accepted('E0006', NOTICE.version)).toBe(false);
      await a.accept('E0006', NOTICE.version);
      await b.accept('E0006', NOTICE.version);
      expect(await b.accepted('E0006', NOTICE.version)).toBe(true);
      expect(await b.accepted('E0006', 'another')).toBe(false);
      expect(await a.accepted('E0007', NOTICE.version)).toBe(false);
      const rows = await one.db.selectFrom('notice_acceptances').selectAll().execute();
      expect(rows).toEqual([{ person: 'E0006', version: NOTICE.version, accepted_at: expect.any(String) }]);
    } finally {
      await one.close();
      await two.close();
      await postgres.remove();
    }
  }, 60_000);
});

describe('migration 005', () => {
  it('runs on a database that already ran a later migration (008), as one shipped after it does', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'notice-db-')), 'gateway.sqlite');
    const before = openGatewayDatabase(file);
    await before.ready();
    // As it was before 005 shipped: 008 ran, 005 did not.
    await sql`drop table notice_acceptances`.execute(before.db);
    await sql`delete from kysely_migration where name = '005-notice-acceptances'`.execute(before.db);
    await before.close();
    const after = openGatewayDatabase(file);
    try {
      const store = databaseNotices(after);
      await store.accept('E0006', NOTICE.version);
      expect(await store.accepted('E0006', NOTICE.version)).toBe(true);
    } finally {
      await after.close();
    }
  });
});
