import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Every notification e-mail (#32 item 7), one row each under a key that names what it is about
 * (`lowered:<alert>:<person>`, `digest:<period>:<person>`): the key is the primary key, so an
 * e-mail is recorded once however many runs or instances decide to send it. A row is written
 * before it is sent and marked once sent (or kept, without a mail server); the students it names
 * are listed for the log.
 */
export const mail = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notify_mail')
      .ifNotExists()
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('person', 'text', (col) => col.notNull())
      .addColumn('address', 'text')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      // A JSON array of student identifiers.
      .addColumn('students', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      // pending → sending → sent | kept (no mail server) | failed (tried again on the next run)
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('notify_mail_person').ifNotExists().on('notify_mail').columns(['person', 'created_at']).execute();
    await db.schema.createIndex('notify_mail_state').ifNotExists().on('notify_mail').columns(['state', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists notify_mail`.execute(db);
  },
});
