import type { SavedView } from '../api/saved-views.ts';
import type { GatewayDatabase } from './db/database.ts';
import { readyFirst } from './db/ready-first.ts';

/** A name the owner already gave another view of the same page. */
export const DUPLICATE = 'duplicate' as const;

/**
 * Saved views in the gateway's database (#32 item 4). Names are unique per owner and page: the
 * database's unique index decides, so two instances cannot both create the same name.
 */
export interface SavedViewStore {
  /** The owner's views of one page, by name. */
  list(owner: string, page: string): Promise<SavedView[]>;
  count(owner: string, page: string): Promise<number>;
  get(id: number): Promise<SavedView | undefined>;
  create(view: { owner: string; page: string; name: string; query: string }): Promise<SavedView | typeof DUPLICATE>;
  /** undefined: there is no such view (any more). */
  rename(id: number, name: string): Promise<SavedView | typeof DUPLICATE | undefined>;
  /** Whether there was a view to delete. */
  remove(id: number): Promise<boolean>;
}

type Row = { id: number | string; owner: string; page: string; name: string; query: string; created_at: string; updated_at: string };

// pg returns a bigserial as a string.
const viewOf = (row: Row): SavedView => ({
  id: Number(row.id),
  owner: row.owner,
  page: row.page,
  name: row.name,
  query: row.query,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** SQLite's "UNIQUE constraint failed" or PostgreSQL's unique_violation (23505). */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function databaseSavedViews(database: GatewayDatabase, now: () => Date = () => new Date()): SavedViewStore {
  const { db } = database;
  return readyFirst<SavedViewStore>(database, {
    list: async (owner, page) => {
      const rows = await db.selectFrom('saved_views').selectAll().where('owner', '=', owner).where('page', '=', page).execute();
      return rows.map(viewOf).sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    },
    count: async (owner, page) => {
      const row = await db
        .selectFrom('saved_views')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('owner', '=', owner)
        .where('page', '=', page)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    get: async (id) => {
      const row = await db.selectFrom('saved_views').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? viewOf(row) : undefined;
    },
    create: async ({ owner, page, name, query }) => {
      const at = now().toISOString();
      const row = { owner, page, name, query, created_at: at, updated_at: at };
      try {
        const { id } = await db.insertInto('saved_views').values(row).returning('id').executeTakeFirstOrThrow();
        return viewOf({ ...row, id });
      } catch (error) {
        if (isUniqueViolation(error)) return DUPLICATE;
        throw error;
      }
    },
    rename: async (id, name) => {
      try {
        const result = await db.updateTable('saved_views').set({ name, updated_at: now().toISOString() }).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
      } catch (error) {
        if (isUniqueViolation(error)) return DUPLICATE;
        throw error;
      }
      const row = await db.selectFrom('saved_views').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? viewOf(row) : undefined;
    },
    remove: async (id) => {
      const result = await db.deleteFrom('saved_views').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  });
}
