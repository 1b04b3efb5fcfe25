import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { withId } from './columns.ts';

/**
 * Saved views (#32 item 4): a person's named filters of one page. The unique index is what makes
 * a second view of the same name on the same page a 409, also between two instances.
 */
export const savedViews = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('saved_views')
      .ifNotExists()
      .$call(withId(engine))
      .addColumn('owner', 'text', (col) => col.notNull())
      .addColumn('page', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('query', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('saved_views_owner_page_name').ifNotExists().unique().on('saved_views').columns(['owner', 'page', 'name']).execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists saved_views`.execute(db);
  },
});
