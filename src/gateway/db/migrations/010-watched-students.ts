import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The students each person follows (#32 item 3): they join the person's home and digest. */
export const watchedStudents = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('watched_students')
      .ifNotExists()
      .addColumn('person', 'text', (col) => col.notNull())
      .addColumn('student', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('watched_students_pk', ['person', 'student'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists watched_students`.execute(db);
  },
});
