import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directSignIn, useSeededGateway, seededUpstream } from '../testing/gateway.ts';
import { createGateway } from './gateway.ts';
import { openGatewayDatabase } from './db/database.ts';
import type { JournalEntry } from './journal.ts';
import { databaseJournal } from './journal-store.ts';
import { createLogger } from './logging.ts';

/** #15.5: who changed a category, a trigger or a network, when, from what to what. */
const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
let journalPath: string;
const gateway = useSeededGateway(() => {
  journalPath = join(mkdtempSync(join(tmpdir(), 'journal-')), 'journal.jsonl');
  return { auth: signin.auth, journal: databaseJournal(openGatewayDatabase(':memory:')), journalCopy: journalPath };
});

const request = (path: string, init: RequestInit = {}) => gateway.request(`${ORIGIN}${path}`, init);
/** E0001–E0003 are administrators; anyone else a staff member who may edit networks (as the seed's Advisors). */
const ADMINS = new Set(['E0001', 'E0002', 'E0003']);
const signIn = (identifier: string): Promise<string> =>
  signin.cookieFor(identifier, ADMINS.has(identifier) ? ['success-staff', 'success-admins'] : ['success-staff', 'success-network-editors']);
const json = (cookie: string, method: string, body: unknown, requestId?: string) => ({
  method,
  headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
  body: JSON.stringify(body),
});
async function journal(cookie: string, query = ''): Promise<JournalEntry[]> {
  const res = await request(`/admin/journal${query}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as { values: JournalEntry[] }).values;
}

describe('the change journal', () => {
  it('records a category rename, a trigger application and a network replacement with before and after', async () => {
    const cookie = await signIn('E0002');
    const admin = await signIn('E0001');
    const category = (await (await request('/api/notations/categories/3', { headers: { cookie } })).json()) as { name: string; isActive: boolean };
    expect(
      (await request('/api/notations/categories/3', json(cookie, 'PUT', { name: 'Renamed for the journal', isActive: category.isActive }, 'req-cat-1'))).status,
    ).toBe(204);

    expect(
      (
        await request(
          '/api/notations/triggers/1',
          json(cookie, 'PATCH', { additionalAdvice: 'Call within a day.', studentIdentifiers: ['S000002', 'S000003'] }),
        )
      ).status,
    ).toBe(204);

    const network = (await (await request('/api/people/S000004/successNetwork', { headers: { cookie } })).json()) as { values: { href: string }[] };
    const before = network.values.map((v) => v.href.split('/').at(-1)!);
    expect((await request('/api/people/S000004/successNetwork', json(cookie, 'PUT', [{ identifier: 'E0003' }]))).status).toBe(204);

    const entries = await journal(admin);
    const rename = entries.find((e) => e.operation === 'category.edit')!;
    expect(rename).toMatchObject({
      actor: 'E0002',
      target: 'category/3',
      method: 'PUT',
      status: 204,
      requestId: 'req-cat-1',
      summary: { before: { name: category.name, isActive: category.isActive }, after: { name: 'Renamed for the journal', isActive: category.isActive } },
    });
    expect(Date.parse(rename.at)).toBeGreaterThan(Date.now() - 60_000);

    const trigger = entries.find((e) => e.operation === 'trigger.update')!;
    expect(trigger).toMatchObject({
      actor: 'E0002',
      target: 'trigger/1',
      status: 204,
      summary: { appliedTo: ['S000002', 'S000003'], after: { additionalAdvice: 'Call within a day.' } },
    });
    expect(trigger.summary!.before).toBeDefined();

    const replace = entries.find((e) => e.operation === 'network.replace')!;
    expect(replace).toMatchObject({ actor: 'E0002', target: 'network/S000004', status: 204, summary: { before, after: ['E0003'] } });

    // And copied as JSON lines (JOURNAL_FILE), one per write, for log shippers.
    const lines = readFileSync(journalPath, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as JournalEntry);
    expect(lines.map((l) => l.operation)).toEqual(expect.arrayContaining(['category.edit', 'trigger.update', 'network.replace']));
  });

  it('records refused writes and creations with their result; never the note text', async () => {
    const cookie = await signIn('E0003');
    const admin = await signIn('E0001');
    expect((await request('/api/notations/categories/99999', json(cookie, 'PUT', { name: 'x', isActive: true }))).status).toBe(404);
    const created = await request(
      '/api/notations/updates/',
      json(cookie, 'POST', { audienceType: 'All', canStudentView: false, details: 'A private sentence about grades.', student: { identifier: 'S000005' } }),
    );
    expect(created.status).toBe(201);
    const mine = await journal(admin, '?actor=E0003');
    expect(mine.every((e) => e.actor === 'E0003')).toBe(true);
    expect(mine.find((e) => e.target === 'category/99999')).toMatchObject({ status: 404, operation: 'category.edit' });
    const update = mine.find((e) => e.operation === 'update.create')!;
    expect(update).toMatchObject({ target: 'student/S000005', status: 201, summary: { audienceType: 'All' } });
    expect(update.summary!.created).toMatch(/^\/notations\/updates\/\d+$/);
    expect(JSON.stringify(mine)).not.toContain('private sentence');
  });

  it('filters by operation, target, actor and since; refuses non-administrators (403) and strangers (401); bad filters are 400', async () => {
    const admin = await signIn('E0001');
    const byTarget = await journal(admin, '?target=category%2F3');
    expect(byTarget.length).toBeGreaterThan(0);
    expect(byTarget.every((e) => e.target === 'category/3')).toBe(true);
    const byOperation = await journal(admin, '?operation=network.replace');
    expect(byOperation.every((e) => e.operation === 'network.replace')).toBe(true);
    expect(await journal(admin, `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    const all = await journal(admin);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());

    const advisor = await signIn('E0010');
    const refused = await request('/admin/journal', { headers: { cookie: advisor } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect((await request('/admin/journal')).status).toBe(401);
    expect((await request('/admin/journal?since=yesterday', { headers: { cookie: admin } })).status).toBe(400);
    expect((await request('/admin/journal?limit=0', { headers: { cookie: admin } })).status).toBe(400);
  });
});

describe('the change journal in its database (#29)', () => {
  it('records what a category edit asked, even when the state cannot be read', async () => {
    const cookie = await signIn('E0002');
    const admin = await signIn('E0001');
    expect((await request('/api/notations/categories/5', json(cookie, 'PUT', { name: 'Asked name', isActive: false }))).status).toBe(204);
    const [edit] = await journal(admin, '?target=category%2F5');
    expect(edit).toMatchObject({
      operation: 'category.edit',
      status: 204,
      summary: { asked: { name: 'Asked name', isActive: false }, after: { name: 'Asked name', isActive: false } },
    });
    expect(edit!.summary!.before).toBeDefined();
    expect(typeof edit!.id).toBe('number');
  });

  it('pages older past the first page, filters until a day, and refuses a made-up cursor', async () => {
    const cookie = await signIn('E0003');
    const admin = await signIn('E0001');
    for (let i = 0; i < 5; i += 1)
      expect((await request('/api/notations/categories/6', json(cookie, 'PUT', { name: `Paged ${i}`, isActive: true }))).status).toBe(204);
    const first = (await (await request('/admin/journal?target=category%2F6&limit=2', { headers: { cookie: admin } })).json()) as {
      values: JournalEntry[];
      older?: string;
    };
    expect(first.values.map((e) => e.summary!.asked)).toEqual([
      { name: 'Paged 4', isActive: true },
      { name: 'Paged 3', isActive: true },
    ]);
    expect(first.older).toMatch(/~\d+$/);
    const next = await journal(admin, `?target=category%2F6&limit=10&before=${encodeURIComponent(first.older!)}`);
    expect(next.map((e) => (e.summary!.asked as { name: string }).name)).toEqual(['Paged 2', 'Paged 1', 'Paged 0']);
    expect(await journal(admin, '?target=category%2F6&until=2020-01-01')).toEqual([]);
    expect(await journal(admin, `?target=category%2F6&until=${new Date().toISOString().slice(0, 10)}`)).toHaveLength(5);
    const bad = await request('/admin/journal?before=12', { headers: { cookie: admin } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { name: string }[] }).errors[0]!.name).toBe('before');
  });
});

describe('the journal in front of an upstream without the categories extension', () => {
  it('records what was asked and says the before and after are unknown', async () => {
    const { upstream: inner, close } = seededUpstream();
    // As a service without the extension: a category cannot be read on its own.
    const upstream = {
      ...inner,
      send: async (path: string, init: RequestInit, base: string) =>
        (init.method ?? 'GET') === 'GET' && /^\/notations\/categories\/\d+/.test(path) ? new Response(null, { status: 404 }) : inner.send(path, init, base),
    };
    const local = createGateway({
      upstream,
      auth: signin.auth,
      logger: createLogger({ level: 'silent' }),
      journal: databaseJournal(openGatewayDatabase(':memory:')),
    });
    const cookie = await signIn('E0001');
    expect((await local.request(`${ORIGIN}/api/notations/categories/3`, json(cookie, 'PUT', { name: 'Without the extension', isActive: true }))).status).toBe(
      204,
    );
    const res = await local.request(`${ORIGIN}/admin/journal?target=category%2F3`, { headers: { cookie, accept: 'application/json' } });
    const [entry] = ((await res.json()) as { values: JournalEntry[] }).values;
    expect(entry).toMatchObject({
      status: 204,
      summary: { asked: { name: 'Without the extension', isActive: true }, beforeUnknown: true, afterUnknown: true },
    });
    close();
  });
});
