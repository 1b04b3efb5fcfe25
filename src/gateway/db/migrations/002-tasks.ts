import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { notNull } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/** Periodic work that exactly one instance may do at a time (the daily purge), and the readiness write. */
export const tasks = (): Migration =>
  tablesMigration(['gateway_tasks'], async (db) => {
    await createTable(db, 'gateway_tasks')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .$call(notNull('text', ['last_run_at']))
      .execute();
    await sql`insert into gateway_tasks (name, last_run_at) values ('purge', '1970-01-01T00:00:00.000Z'), ('readiness', '1970-01-01T00:00:00.000Z')`.execute(
      db,
    );
  });
