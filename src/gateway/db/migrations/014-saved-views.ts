import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { notNull, withId } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/**
 * Saved views (#32 item 4): a person's named filters of one page. The unique index is what makes
 * a second view of the same name on the same page a 409, also between two instances.
 */
export const savedViews = (engine: Engine): Migration =>
  tablesMigration(['saved_views'], async (db) => {
    await createTable(db, 'saved_views')
      .$call(withId(engine))
      .$call(notNull('text', ['owner', 'page', 'name', 'query', 'created_at', 'updated_at']))
      .execute();
    await db.schema.createIndex('saved_views_owner_page_name').ifNotExists().unique().on('saved_views').columns(['owner', 'page', 'name']).execute();
  });
