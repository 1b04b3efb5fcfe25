import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Success networks as E15 answered them, shared by every instance (#30: membership is cached for
 * ACCESS_CACHE_S "across people and instances"). One row per student, overwritten; only a cache:
 * losing it costs upstream calls, nothing else.
 */
export const membershipCache = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('membership_cache')
      .ifNotExists()
      .addColumn('student', 'text', (col) => col.primaryKey())
      .addColumn('members', 'text', (col) => col.notNull())
      .addColumn('read_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists membership_cache`.execute(db);
  },
});
