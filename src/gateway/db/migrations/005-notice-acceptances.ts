import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Who accepted which version of the confidentiality notice (#30 item 6): one row per person and
 * version, so a person is asked once per version, whichever instance or session they come back to.
 */
export const noticeAcceptances = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notice_acceptances')
      .ifNotExists()
      .addColumn('person', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('accepted_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('notice_acceptances_pk', ['person', 'version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists notice_acceptances`.execute(db);
  },
});
