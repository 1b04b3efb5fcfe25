import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayEngines } from '../testing/gateway-engines.ts';
import { openGatewayDatabase } from './db/database.ts';
import { importJournal } from './journal-import.ts';
import { databaseJournal, type JournalStore, type PendingEntry } from './journal-store.ts';
import { createLogger } from './logging.ts';
import { scheduleRetention } from './retention.ts';

/**
 * The journal's store, the same tests on both engines (#29): an embedded SQLite file and a real
 * PostgreSQL cluster started for this file on a free port and removed afterwards (gatewayEngines).
 */
const { folder, freshSetting } = gatewayEngines('gateway-db');

const entry = (over: Partial<PendingEntry> & { at: string }): PendingEntry => ({
  requestId: 'r',
  actor: 'E0001',
  operation: 'category.edit',
  method: 'PUT',
  path: '/notations/categories/1',
  target: 'category/1',
  ...over,
});

describe.each(['sqlite', 'postgres'] as const)('the journal store on %s', (engine) => {
  let setting: string;
  let store: JournalStore;
  beforeAll(async () => {
    setting = await freshSetting(engine);
    const database = openGatewayDatabase(setting);
    store = databaseJournal(database);
  });
  afterAll(() => store?.close());

  it('keeps an entry from before the write (no status) and completes it with the result', async () => {
    const id = await store.begin(entry({ at: '2026-01-01T10:00:00.000Z', requestId: 'pending-1', summary: { asked: { name: 'A' } } }));
    let [found] = (await store.list({ limit: 10, target: 'category/1' })).values;
    expect(found).toMatchObject({ id, requestId: 'pending-1', status: null, summary: { asked: { name: 'A' } } });
    await store.complete(id, { status: 204, summary: { asked: { name: 'A' }, before: { name: 'B' }, after: { name: 'A' } } });
    [found] = (await store.list({ limit: 10, target: 'category/1' })).values;
    expect(found).toMatchObject({ id, status: 204, summary: { before: { name: 'B' }, after: { name: 'A' } } });
    await store.check();
  });

  it('filters by operation, target, actor, since and until, newest first, and pages older past the first page', async () => {
    const base = Date.parse('2026-02-01T00:00:00.000Z');
    for (let i = 0; i < 250; i += 1) {
      const id = await store.begin(
        entry({
          // Several entries share a millisecond: the id breaks the tie, so no entry is skipped or repeated.
          at: new Date(base + Math.floor(i / 3) * 60_000).toISOString(),
          requestId: `req-${i}`,
          actor: i % 2 ? 'E0002' : 'E0003',
          target: `category/${i % 5}`,
          operation: i % 7 === 0 ? 'network.replace' : 'category.edit',
        }),
      );
      await store.complete(id, { status: 204 });
    }
    const byTarget = await store.list({ target: 'category/3', since: '2026-02-01T00:00:00.000Z', limit: 1000 });
    expect(byTarget.values).toHaveLength(50);
    expect(byTarget.values.every((e) => e.target === 'category/3')).toBe(true);
    expect(byTarget.older).toBeUndefined();

    // Any of several targets (one student's record reads their notations' entries at once); none is none.
    const either = await store.list({ targets: ['category/1', 'category/3'], since: '2026-02-01T00:00:00.000Z', limit: 1000 });
    expect(either.values).toHaveLength(100);
    expect(new Set(either.values.map((e) => e.target))).toEqual(new Set(['category/1', 'category/3']));
    expect((await store.list({ targets: [], limit: 10 })).values).toEqual([]);

    const mine = await store.list({ actor: 'E0002', operation: 'network.replace', limit: 1000 });
    expect(mine.values.map((e) => e.requestId).sort()).toEqual(
      Array.from({ length: 250 }, (_, i) => i)
        .filter((i) => i % 2 && i % 7 === 0)
        .map((i) => `req-${i}`)
        .sort(),
    );

    const window = await store.list({ since: new Date(base + 10 * 60_000).toISOString(), until: new Date(base + 20 * 60_000).toISOString(), limit: 1000 });
    expect(window.values.map((e) => e.requestId)).toEqual(Array.from({ length: 30 }, (_, i) => `req-${59 - i}`));

    // Paging older: every entry once, in order.
    const seen: string[] = [];
    let before: string | undefined;
    do {
      const page = await store.list({ since: '2026-02-01T00:00:00.000Z', limit: 40, ...(before ? { before } : {}) });
      expect(page.values.length).toBeLessThanOrEqual(40);
      seen.push(...page.values.map((e) => e.requestId));
      before = page.older;
    } while (before);
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => `req-${249 - i}`));
  });

  it('imports a JSON-lines journal once: a second import adds nothing', async () => {
    const old = [
      { ...entry({ at: '2025-05-01T08:00:00.000Z', requestId: 'old-1', target: 'trigger/9', operation: 'trigger.update' }), status: 204 },
      { ...entry({ at: '2025-05-01T08:00:00.000Z', requestId: 'old-2', target: 'trigger/9', operation: 'trigger.update' }), status: 409 },
    ];
    expect(await store.importEntries(old)).toBe(2);
    expect(await store.importEntries(old)).toBe(0);
    const found = await store.list({ target: 'trigger/9', limit: 10 });
    expect(found.values.map((e) => [e.requestId, e.status])).toEqual([
      ['old-2', 409],
      ['old-1', 204],
    ]);
  });

  it('purges what is older than the retention and journals the purge; one claim of the day wins', async () => {
    const deleted = await store.purge('2025-06-01T00:00:00.000Z');
    expect(deleted).toBe(2);
    const [purge] = (await store.list({ operation: 'journal.purge', limit: 5 })).values;
    expect(purge).toMatchObject({ target: 'journal', status: 200, summary: { deleted: 2, olderThan: '2025-06-01T00:00:00.000Z' } });
    expect((await store.list({ target: 'trigger/9', limit: 10 })).values).toEqual([]);

    // A second instance on the same database.
    const other = databaseJournal(openGatewayDatabase(setting));
    try {
      const claims = await Promise.all([store.claimTask('purge', 86_400_000), other.claimTask('purge', 86_400_000), store.claimTask('purge', 86_400_000)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await other.claimTask('purge', 86_400_000)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('migrates an empty database from two instances at the same moment without an error', async () => {
    const empty = await freshSetting(engine);
    const [a, b] = [openGatewayDatabase(empty), openGatewayDatabase(empty)];
    try {
      await Promise.all([a.ready(), b.ready()]);
      const ids = await Promise.all([
        databaseJournal(a).begin(entry({ at: '2026-03-01T00:00:00.000Z' })),
        databaseJournal(b).begin(entry({ at: '2026-03-01T00:00:00.000Z' })),
      ]);
      expect(new Set(ids).size).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('the SQLite file', () => {
  it('is created with its folder and kept across a restart', async () => {
    const path = join(folder, 'nested/deeper/gateway.sqlite');
    const first = databaseJournal(openGatewayDatabase(path));
    const id = await first.begin(entry({ at: '2026-04-01T00:00:00.000Z', requestId: 'kept' }));
    await first.complete(id, { status: 204 });
    await first.close();
    const second = databaseJournal(openGatewayDatabase(path));
    expect((await second.list({ limit: 5 })).values.map((e) => [e.requestId, e.status])).toEqual([['kept', 204]]);
    await second.close();
  });

  it('answers a filtered page from an index, not a scan', async () => {
    const database = openGatewayDatabase(':memory:');
    await database.ready();
    for (const column of ['target', 'actor', 'operation']) {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select * from journal_entries where ${sql.ref(column)} = 'x' order by at desc, id desc limit 101`.execute(database.db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain(`USING INDEX journal_${column}_at`);
    }
    await database.close();
  });
});

describe('npm run journal:import', () => {
  it('brings a JSON-lines journal into the database once, skipping a torn line', async () => {
    const file = join(folder, 'old.jsonl');
    const lines = [
      JSON.stringify({
        at: '2026-01-02T03:04:05.000Z',
        requestId: 'a',
        actor: 'E0001',
        operation: 'category.edit',
        method: 'PUT',
        path: '/notations/categories/1',
        target: 'category/1',
        status: 204,
        summary: { before: { name: 'x' } },
      }),
      JSON.stringify({
        at: '2026-01-02T03:04:06.000Z',
        requestId: 'b',
        actor: 'E0002',
        operation: 'network.replace',
        method: 'PUT',
        path: '/people/S1/successNetwork',
        target: 'network/S1',
        status: 204,
      }),
      '{"at":"2026-01-02T03:04:07.000Z","requestId":"c","act',
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const db = join(folder, 'imported.sqlite');
    expect(await importJournal(file, db)).toEqual({ read: 3, added: 2, skipped: 1 });
    expect(await importJournal(file, db)).toEqual({ read: 3, added: 0, skipped: 1 });
    const store = databaseJournal(openGatewayDatabase(db));
    expect((await store.list({ limit: 10 })).values.map((e) => [e.requestId, e.status, e.summary])).toEqual([
      ['b', 204, undefined],
      ['a', 204, { before: { name: 'x' } }],
    ]);
    await store.close();
  });
});

describe('the daily purge (retention.ts)', () => {
  it('runs on exactly one of two instances asking at once, deletes what is older than RETENTION_DAYS, and journals itself', async () => {
    const path = join(folder, 'retention.sqlite');
    const [a, b] = [databaseJournal(openGatewayDatabase(path)), databaseJournal(openGatewayDatabase(path))];
    const now = () => new Date('2026-11-27T12:00:00.000Z');
    const logger = createLogger({ level: 'silent' });
    try {
      for (const at of ['2023-01-01T00:00:00.000Z', '2023-11-27T11:59:59.000Z', '2026-11-01T00:00:00.000Z'])
        await a.begin(entry({ at, requestId: `kept-or-not-${at}` }));
      const [first, second] = [scheduleRetention({ store: a, days: 1095, logger, now }), scheduleRetention({ store: b, days: 1095, logger, now })];
      const runs = await Promise.all([first.runOnce(), second.runOnce()]);
      first.stop();
      second.stop();
      expect(runs.filter((r) => r !== undefined)).toEqual([2]);
      const left = (await a.list({ limit: 10 })).values;
      expect(left.map((e) => e.operation)).toEqual(['journal.purge', 'category.edit']);
      expect(left[0]!.summary).toEqual({ deleted: 2, olderThan: '2023-11-28T12:00:00.000Z' });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
