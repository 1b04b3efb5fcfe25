import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * E-mail notifications (#32 item 7): each person's address and name as the provider last gave
 * them at sign-in, their opt-in, and the notifier's jobs — a lock with an expiry (exactly one
 * instance runs a job at a time) and a watermark (where the next run starts).
 */
export const notificationSettings = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notify_people')
      .ifNotExists()
      .addColumn('person', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('seen_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('notify_settings')
      .ifNotExists()
      .addColumn('person', 'text', (col) => col.primaryKey())
      .addColumn('alert_lowered', 'integer', (col) => col.notNull())
      .addColumn('digest', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('notify_jobs')
      .ifNotExists()
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('watermark', 'text')
      .addColumn('lock_holder', 'text')
      .addColumn('lock_expires_at', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists notify_jobs`.execute(db);
    await sql`drop table if exists notify_settings`.execute(db);
    await sql`drop table if exists notify_people`.execute(db);
  },
});
