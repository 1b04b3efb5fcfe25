import type { JournalEntry } from '../api/journal.ts';
import type { GatewayDatabase } from './db/database.ts';
import { newestFirst, pageOf } from './db/paging.ts';
import type { Selectable } from 'kysely';
import type { JournalTable } from './db/schema.ts';

/**
 * The change journal in the gateway's database (db/): an entry is written before the write it
 * records is sent, and completed with the result afterwards. Pages are indexed queries, newest
 * first, with an "older" cursor past the newest page.
 */

export interface JournalQuery {
  operation?: string | undefined;
  target?: string | undefined;
  /** Any of these targets (one student's record: the student, their network, their notations). */
  targets?: readonly string[] | undefined;
  actor?: string | undefined;
  /** ISO date-times: at or after `since`, strictly before `until`. */
  since?: string | undefined;
  until?: string | undefined;
  /** The `older` cursor of the previous page. */
  before?: string | undefined;
  limit: number;
}

export interface JournalPage {
  values: JournalEntry[];
  /** Present when older entries match: pass it back as `before`. */
  older?: string;
}

export type PendingEntry = Omit<JournalEntry, 'id' | 'status'>;

export interface JournalStore {
  describe: string;
  /** Records what is about to be sent; throws when the database cannot be written. */
  begin(entry: PendingEntry): Promise<number>;
  complete(id: number, result: { status: number; summary?: Record<string, unknown> | undefined }): Promise<void>;
  list(query: JournalQuery): Promise<JournalPage>;
  /** Entries written elsewhere (the JSON-lines journal of earlier versions); returns how many were new. */
  importEntries(entries: JournalEntry[]): Promise<number>;
  /** Deletes entries older than `olderThan` and journals that it did (with what other logs purged); returns how many went. */
  purge(olderThan: string, others?: Record<string, number>): Promise<number>;
  /** True for exactly one caller per interval, across every instance on this database. */
  claimTask(name: 'purge', intervalMs: number): Promise<boolean>;
  /** For /readyz: a real write, not a ping. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** pg returns a bigserial as a string. */
const toEntry = (row: Omit<Selectable<JournalTable>, 'id'> & { id: number | string }): JournalEntry => ({
  id: Number(row.id),
  at: row.at,
  requestId: row.request_id,
  actor: row.actor,
  operation: row.operation,
  method: row.method,
  path: row.path,
  target: row.target,
  status: row.status === null ? null : Number(row.status),
  ...(row.summary ? { summary: JSON.parse(row.summary) as Record<string, unknown> } : {}),
});

const toRow = (entry: PendingEntry & { status?: number | null }) => ({
  at: new Date(entry.at).toISOString(),
  request_id: entry.requestId,
  actor: entry.actor,
  operation: entry.operation,
  method: entry.method,
  path: entry.path,
  target: entry.target,
  status: entry.status ?? null,
  summary: entry.summary ? JSON.stringify(entry.summary) : null,
});

export function databaseJournal(database: GatewayDatabase, now: () => Date = () => new Date()): JournalStore {
  const { db } = database;
  const insert = async (entry: PendingEntry & { status?: number | null }) => {
    await database.ready();
    const row = await db.insertInto('journal_entries').values(toRow(entry)).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  };
  return {
    describe: database.describe,
    begin: (entry) => insert(entry),
    complete: async (id, result) => {
      await database.ready();
      await db
        .updateTable('journal_entries')
        .set({ status: result.status, ...(result.summary && Object.keys(result.summary).length > 0 ? { summary: JSON.stringify(result.summary) } : {}) })
        .where('id', '=', id)
        .execute();
    },
    list: async (query) => {
      await database.ready();
      let select = db.selectFrom('journal_entries').selectAll();
      if (query.operation) select = select.where('operation', '=', query.operation);
      if (query.target) select = select.where('target', '=', query.target);
      if (query.targets) select = select.where('target', 'in', query.targets.length > 0 ? [...query.targets] : ['']);
      if (query.actor) select = select.where('actor', '=', query.actor);
      const rows = await newestFirst(select, query).execute();
      const page = pageOf(rows.map(toEntry) as (JournalEntry & { id: number })[], query.limit);
      return page;
    },
    importEntries: async (entries) => {
      await database.ready();
      let added = 0;
      // In chunks, each in a transaction: an import stopped half-way is simply run again.
      for (let i = 0; i < entries.length; i += 500) {
        const chunk = entries.slice(i, i + 500).map(toRow);
        added += await db.transaction().execute(async (tx) => {
          const known = await tx
            .selectFrom('journal_entries')
            .select(['at', 'request_id', 'operation', 'target'])
            .where('at', 'in', [...new Set(chunk.map((r) => r.at))])
            .execute();
          const key = (r: { at: string; request_id: string; operation: string; target: string }) => JSON.stringify([r.at, r.request_id, r.operation, r.target]);
          const seen = new Set(known.map(key));
          const fresh = chunk.filter((r) => !seen.has(key(r)) && seen.add(key(r)));
          if (fresh.length > 0) await tx.insertInto('journal_entries').values(fresh).execute();
          return fresh.length;
        });
      }
      return added;
    },
    purge: async (olderThan, others = {}) => {
      await database.ready();
      const result = await db.deleteFrom('journal_entries').where('at', '<', olderThan).executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      await insert({
        at: now().toISOString(),
        requestId: 'retention',
        actor: null,
        operation: 'journal.purge',
        method: 'DELETE',
        path: '/admin/journal',
        target: 'journal',
        status: 200,
        summary: { deleted, olderThan, ...(Object.keys(others).length > 0 ? { others } : {}) },
      });
      return deleted;
    },
    claimTask: async (name, intervalMs) => {
      await database.ready();
      const at = now();
      const result = await db
        .updateTable('gateway_tasks')
        .set({ last_run_at: at.toISOString() })
        .where('name', '=', name)
        .where('last_run_at', '<=', new Date(at.getTime() - intervalMs).toISOString())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    check: async () => {
      await database.ready();
      await db.updateTable('gateway_tasks').set({ last_run_at: now().toISOString() }).where('name', '=', 'readiness').execute();
    },
    close: () => database.close(),
  };
}
