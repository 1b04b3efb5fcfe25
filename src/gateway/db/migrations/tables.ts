import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { notNull } from './columns.ts';

/**
 * Every gateway table is created `if not exists`: two SQLite processes may migrate one file at the
 * same time (database.ts), and the one that comes second must not fail on the table the first made.
 */
export const createTable = (db: Kysely<unknown>, name: string) => db.schema.createTable(name).ifNotExists();

/**
 * A migration that makes `tables` (in that order); undone, it drops them last first, so a table
 * that refers to an earlier one goes before it.
 */
export const tablesMigration = (tables: readonly string[], up: (db: Kysely<unknown>) => Promise<void>): Migration => ({
  up,
  async down(db: Kysely<unknown>) {
    for (const table of [...tables].reverse()) await sql`drop table if exists ${sql.raw(table)}`.execute(db);
  },
});

/**
 * At most one row per person and something (a notice version, a student), with when: the pair is
 * the primary key, so every instance sees the same one row.
 */
export const perPersonTable = (table: string, other: string, at: string): Migration =>
  tablesMigration([table], async (db) => {
    await createTable(db, table)
      .$call(notNull('text', ['person', other, at]))
      .addPrimaryKeyConstraint(`${table}_pk`, ['person', other])
      .execute();
  });
