import type { Migration } from 'kysely/migration';
import { notNull } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/**
 * E-mail notifications (#32 item 7): each person's address and name as the provider last gave
 * them at sign-in, their opt-in, and the notifier's jobs — a lock with an expiry (exactly one
 * instance runs a job at a time) and a watermark (where the next run starts).
 */
export const notificationSettings = (): Migration =>
  tablesMigration(['notify_people', 'notify_settings', 'notify_jobs'], async (db) => {
    await createTable(db, 'notify_people')
      .addColumn('person', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .$call(notNull('text', ['seen_at']))
      .execute();
    await createTable(db, 'notify_settings')
      .addColumn('person', 'text', (col) => col.primaryKey())
      .$call(notNull('integer', ['alert_lowered']))
      .$call(notNull('text', ['digest', 'updated_at']))
      .execute();
    await createTable(db, 'notify_jobs')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('watermark', 'text')
      .addColumn('lock_holder', 'text')
      .addColumn('lock_expires_at', 'text')
      .execute();
  });
