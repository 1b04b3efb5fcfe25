import type { Migration } from 'kysely/migration';
import { notNull } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/**
 * Every notification e-mail (#32 item 7), one row each under a key that names what it is about
 * (`lowered:<alert>:<person>`, `digest:<period>:<person>`): the key is the primary key, so an
 * e-mail is recorded once however many runs or instances decide to send it. A row is written
 * before it is sent and marked once sent (or kept, without a mail server); the students it names
 * are listed for the log.
 */
export const mail = (): Migration =>
  tablesMigration(['notify_mail'], async (db) => {
    await createTable(db, 'notify_mail')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .$call(notNull('text', ['person']))
      .addColumn('address', 'text')
      // `students` is a JSON array of student identifiers. `state`: pending → sending → sent |
      // kept (no mail server) | failed (tried again on the next run).
      .$call(notNull('text', ['kind', 'subject', 'body', 'students', 'created_at', 'state']))
      .addColumn('sent_at', 'text')
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('notify_mail_person').ifNotExists().on('notify_mail').columns(['person', 'created_at']).execute();
    await db.schema.createIndex('notify_mail_state').ifNotExists().on('notify_mail').columns(['state', 'created_at']).execute();
  });
