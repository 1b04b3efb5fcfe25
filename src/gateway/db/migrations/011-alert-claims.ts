import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * "I'm on it" (#32 item 6): at most one claim per open alert (the alert is the key), naming who
 * holds it and since when; taken over with a note, deleted when the alert is lowered.
 */
export const alertClaims = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_claims')
      .ifNotExists()
      .addColumn('alert', 'text', (col) => col.primaryKey())
      .addColumn('student', 'text', (col) => col.notNull())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('holder_name', 'text', (col) => col.notNull())
      .addColumn('since', 'text', (col) => col.notNull())
      .addColumn('note', 'text')
      .execute();
    await db.schema.createIndex('alert_claims_student').ifNotExists().on('alert_claims').column('student').execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists alert_claims`.execute(db);
  },
});
