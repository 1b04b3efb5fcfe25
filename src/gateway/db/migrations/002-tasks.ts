import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Periodic work that exactly one instance may do at a time (the daily purge), and the readiness write. */
export const tasks = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gateway_tasks')
      .ifNotExists()
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('last_run_at', 'text', (col) => col.notNull())
      .execute();
    await sql`insert into gateway_tasks (name, last_run_at) values ('purge', '1970-01-01T00:00:00.000Z'), ('readiness', '1970-01-01T00:00:00.000Z')`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists gateway_tasks`.execute(db);
  },
});
