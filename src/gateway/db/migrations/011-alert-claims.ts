import type { Migration } from 'kysely/migration';
import { notNull } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/**
 * "I'm on it" (#32 item 6): at most one claim per open alert (the alert is the key), naming who
 * holds it and since when; taken over with a note, deleted when the alert is lowered.
 */
export const alertClaims = (): Migration =>
  tablesMigration(['alert_claims'], async (db) => {
    await createTable(db, 'alert_claims')
      .addColumn('alert', 'text', (col) => col.primaryKey())
      .$call(notNull('text', ['student', 'holder', 'holder_name', 'since']))
      .addColumn('note', 'text')
      .execute();
    await db.schema.createIndex('alert_claims_student').ifNotExists().on('alert_claims').column('student').execute();
  });
