import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { withId } from './columns.ts';

/** The change journal, with one index per filter the journal page offers, each ending in time order. */
export const journal = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('journal_entries')
      .ifNotExists()
      .$call(withId(engine))
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .addColumn('actor', 'text')
      .addColumn('operation', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('status', 'integer')
      .addColumn('summary', 'text')
      .execute();
    // Newest first, then by id: the page's order and its "older" cursor.
    await db.schema.createIndex('journal_at').ifNotExists().on('journal_entries').columns(['at', 'id']).execute();
    for (const column of ['target', 'actor', 'operation']) {
      await db.schema.createIndex(`journal_${column}_at`).ifNotExists().on('journal_entries').columns([column, 'at', 'id']).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists journal_entries`.execute(db);
  },
});
