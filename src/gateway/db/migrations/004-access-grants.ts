import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { withId } from './columns.ts';

/** Grants with a stated reason ("break-glass", #30): one person, one student, until a time. */
export const accessGrants = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('access_grants')
      .ifNotExists()
      .$call(withId(engine))
      .addColumn('person', 'text', (col) => col.notNull())
      .addColumn('student', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('granted_at', 'text', (col) => col.notNull())
      .addColumn('until', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('access_grants_person_student').ifNotExists().on('access_grants').columns(['person', 'student', 'until']).execute();
    await db.schema.createIndex('access_grants_granted').ifNotExists().on('access_grants').columns(['granted_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists access_grants`.execute(db);
  },
});
