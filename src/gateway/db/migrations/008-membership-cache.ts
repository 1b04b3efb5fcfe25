import type { Migration } from 'kysely/migration';
import { notNull } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/**
 * Success networks as E15 answered them, shared by every instance (#30: membership is cached for
 * ACCESS_CACHE_S "across people and instances"). One row per student, overwritten; only a cache:
 * losing it costs upstream calls, nothing else.
 */
export const membershipCache = (): Migration =>
  tablesMigration(['membership_cache'], async (db) => {
    await createTable(db, 'membership_cache')
      .addColumn('student', 'text', (col) => col.primaryKey())
      .$call(notNull('text', ['members']))
      .$call(notNull('bigint', ['read_at']))
      .execute();
  });
