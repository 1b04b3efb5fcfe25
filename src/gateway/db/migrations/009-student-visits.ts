import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * When each person last opened each student's page (#32 item 2), so the timeline and the home can
 * say what is new since then. One row per person and student, overwritten on every visit.
 */
export const studentVisits = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('student_visits')
      .ifNotExists()
      .addColumn('person', 'text', (col) => col.notNull())
      .addColumn('student', 'text', (col) => col.notNull())
      .addColumn('visited_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('student_visits_pk', ['person', 'student'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists student_visits`.execute(db);
  },
});
