import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { notNull, withId } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/** Grants with a stated reason ("break-glass", #30): one person, one student, until a time. */
export const accessGrants = (engine: Engine): Migration =>
  tablesMigration(['access_grants'], async (db) => {
    await createTable(db, 'access_grants')
      .$call(withId(engine))
      .$call(notNull('text', ['person', 'student', 'reason', 'granted_at', 'until']))
      .execute();
    await db.schema.createIndex('access_grants_person_student').ifNotExists().on('access_grants').columns(['person', 'student', 'until']).execute();
    await db.schema.createIndex('access_grants_granted').ifNotExists().on('access_grants').columns(['granted_at', 'id']).execute();
  });
