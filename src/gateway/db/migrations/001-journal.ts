import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { notNull, withId } from './columns.ts';
import { createTable, tablesMigration } from './tables.ts';

/** The change journal, with one index per filter the journal page offers, each ending in time order. */
export const journal = (engine: Engine): Migration =>
  tablesMigration(['journal_entries'], async (db) => {
    await createTable(db, 'journal_entries')
      .$call(withId(engine))
      .$call(notNull('text', ['at', 'request_id']))
      .addColumn('actor', 'text')
      .$call(notNull('text', ['operation', 'method', 'path', 'target']))
      .addColumn('status', 'integer')
      .addColumn('summary', 'text')
      .execute();
    // Newest first, then by id: the page's order and its "older" cursor.
    await db.schema.createIndex('journal_at').ifNotExists().on('journal_entries').columns(['at', 'id']).execute();
    for (const column of ['target', 'actor', 'operation']) {
      await db.schema.createIndex(`journal_${column}_at`).ifNotExists().on('journal_entries').columns([column, 'at', 'id']).execute();
    }
  });
