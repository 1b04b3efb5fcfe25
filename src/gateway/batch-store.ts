import type { ReassignmentBatch } from '../api/reassignment-batches.ts';
import type { GatewayDatabase } from './db/database.ts';
import { readyFirst } from './db/ready-first.ts';
import { madeSince } from './db/paging.ts';

/**
 * Bulk reassignments in the gateway's database (#31 item 4): a batch is created before its
 * writes; each network it writes is recorded with the before and after the journal read around
 * the write, and marked when it is put back.
 */
export interface BatchStore {
  create(actor: string, description: string): Promise<ReassignmentBatch>;
  get(id: number): Promise<ReassignmentBatch | undefined>;
  /** Batches created at or after `since`, newest first, with their networks. */
  list(since: string, limit: number): Promise<ReassignmentBatch[]>;
  /** A network the batch wrote. Written again (a retry), it keeps its first before. */
  recordWrite(id: number, student: string, before: string[] | null, after: string[] | null): Promise<void>;
  /** The network was put back to its before by `actor`. */
  markUndone(id: number, student: string, actor: string): Promise<void>;
  /** Deletes the batches created before `olderThan` (RETENTION_DAYS), with their networks; returns how many. */
  purge(olderThan: string): Promise<number>;
}

const parseList = (text: string | null): string[] | null => {
  if (text === null) return null;
  const value = JSON.parse(text) as unknown;
  return Array.isArray(value) ? value.map(String) : null;
};

export function databaseBatches(database: GatewayDatabase, now: () => Date = () => new Date()): BatchStore {
  const { db } = database;

  const withNetworks = async (rows: { id: number | string; actor: string; created_at: string; description: string }[]): Promise<ReassignmentBatch[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const networks = await db.selectFrom('reassignment_batch_networks').selectAll().where('batch_id', 'in', ids).orderBy('student').execute();
    return rows.map((row) => ({
      // pg returns a bigserial as a string.
      id: Number(row.id),
      actor: row.actor,
      createdAt: row.created_at,
      description: row.description,
      networks: networks
        .filter((n) => Number(n.batch_id) === Number(row.id))
        .map((n) => ({
          student: n.student,
          writtenAt: n.written_at,
          before: parseList(n.before),
          after: parseList(n.after),
          ...(n.undone_at ? { undoneAt: n.undone_at } : {}),
          ...(n.undone_by ? { undoneBy: n.undone_by } : {}),
        })),
    }));
  };

  return readyFirst<BatchStore>(database, {
    create: async (actor, description) => {
      const row = { actor, created_at: now().toISOString(), description };
      const { id } = await db.insertInto('reassignment_batches').values(row).returning('id').executeTakeFirstOrThrow();
      return { id: Number(id), actor, createdAt: row.created_at, description, networks: [] };
    },
    get: async (id) => {
      const row = await db.selectFrom('reassignment_batches').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? (await withNetworks([row]))[0] : undefined;
    },
    purge: async (olderThan) => {
      return db.transaction().execute(async (tx) => {
        const old = tx.selectFrom('reassignment_batches').select('id').where('created_at', '<', olderThan);
        await tx.deleteFrom('reassignment_batch_networks').where('batch_id', 'in', old).execute();
        const result = await tx.deleteFrom('reassignment_batches').where('created_at', '<', olderThan).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
    list: async (since, limit) => {
      const rows = await madeSince(db.selectFrom('reassignment_batches').selectAll(), 'created_at', since, limit).execute();
      return withNetworks(rows);
    },
    recordWrite: async (id, student, before, after) => {
      const written = { written_at: now().toISOString(), after: after === null ? null : JSON.stringify(after) };
      await db
        .insertInto('reassignment_batch_networks')
        .values({ batch_id: id, student, before: before === null ? null : JSON.stringify(before), ...written, undone_at: null, undone_by: null })
        .onConflict((oc) => oc.columns(['batch_id', 'student']).doUpdateSet({ ...written, undone_at: null, undone_by: null }))
        .execute();
    },
    markUndone: async (id, student, actor) => {
      await db
        .updateTable('reassignment_batch_networks')
        .set({ undone_at: now().toISOString(), undone_by: actor })
        .where('batch_id', '=', id)
        .where('student', '=', student)
        .execute();
    },
  });
}
