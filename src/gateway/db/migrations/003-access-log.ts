import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { withId } from './columns.ts';

/**
 * The access log (#30): sign-ins, sign-outs, session ends, and every read that returned a student's
 * records. The students a read returned are rows of their own, so "who viewed this record" is an
 * indexed query however many students one list read returned.
 */
export const accessLog = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('access_log')
      .ifNotExists()
      .$call(withId(engine))
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('person', 'text')
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('operation', 'text')
      .addColumn('path', 'text')
      .addColumn('query', 'text')
      .addColumn('student_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('reason', 'text')
      .addColumn('request_id', 'text')
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('access_log_at').ifNotExists().on('access_log').columns(['at', 'id']).execute();
    await db.schema.createIndex('access_log_person_at').ifNotExists().on('access_log').columns(['person', 'at', 'id']).execute();
    await db.schema
      .createTable('access_log_students')
      .ifNotExists()
      .addColumn('entry_id', 'bigint', (col) => col.notNull())
      .addColumn('student', 'text', (col) => col.notNull())
      .addColumn('at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('access_log_students_student').ifNotExists().on('access_log_students').columns(['student', 'at', 'entry_id']).execute();
    await db.schema.createIndex('access_log_students_entry').ifNotExists().on('access_log_students').columns(['entry_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists access_log_students`.execute(db);
    await sql`drop table if exists access_log`.execute(db);
  },
});
