import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { notNull, withId } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/**
 * The access log (#30): sign-ins, sign-outs, session ends, and every read that returned a student's
 * records. The students a read returned are rows of their own, so "who viewed this record" is an
 * indexed query however many students one list read returned.
 */
export const accessLog = (engine: Engine): Migration =>
  tablesMigration(['access_log', 'access_log_students'], async (db) => {
    await createTable(db, 'access_log')
      .$call(withId(engine))
      .$call(notNull('text', ['at']))
      .addColumn('person', 'text')
      .$call(notNull('text', ['event']))
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
    await createTable(db, 'access_log_students')
      .$call(notNull('bigint', ['entry_id']))
      .$call(notNull('text', ['student', 'at']))
      .execute();
    await db.schema.createIndex('access_log_students_student').ifNotExists().on('access_log_students').columns(['student', 'at', 'entry_id']).execute();
    await db.schema.createIndex('access_log_students_entry').ifNotExists().on('access_log_students').columns(['entry_id']).execute();
  });
