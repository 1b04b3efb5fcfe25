import { sql, type SelectQueryBuilder } from 'kysely';
import type { GatewaySchema } from './schema.ts';
/**
 * Newest-first pages with an "older" cursor, as the journal and the access log page: the cursor
 * is the `at` and `id` of the last row shown (`2026-11-27T20:35:40.123Z~812`), compared as a row
 * value so both engines walk an index ending in (at, id) from there down.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~(\d{1,18})$/;

export const isCursor = (value: string) => CURSOR.test(value);

export const cursorOf = (row: { at: string; id: number }) => `${row.at}~${row.id}`;

/** `[at, id]` of a cursor, or undefined when there is none (or it is not one of ours). */
export function readCursor(value: string | undefined): [string, number] | undefined {
  const match = value ? CURSOR.exec(value) : null;
  return match ? [match[1]!, Number(match[2])] : undefined;
}

/** Rows fetched with `limit + 1`: the page, and the cursor of the next one when there is more. */
export function pageOf<T extends { at: string; id: number }>(rows: T[], limit: number): { values: T[]; older?: string } {
  const values = rows.slice(0, limit);
  return rows.length > limit ? { values, older: cursorOf(values.at(-1)!) } : { values };
}

/** The two logs read newest first (the journal, the access log): a period, a cursor, a page and one row more. */
export function newestFirst<T extends 'journal_entries' | 'access_log', O>(
  select: SelectQueryBuilder<GatewaySchema, T, O>,
  query: { since?: string | undefined; until?: string | undefined; before?: string | undefined; limit: number },
): SelectQueryBuilder<GatewaySchema, T, O> {
  const at = sql.ref<string>('at');
  let page = select;
  if (query.since) page = page.where(at, '>=', query.since);
  if (query.until) page = page.where(at, '<', query.until);
  const cursor = readCursor(query.before);
  if (cursor) page = page.where((eb) => eb(eb.refTuple(at, sql.ref<number>('id')), '<', eb.tuple(...cursor)));
  return page
    .orderBy(at, 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(query.limit + 1);
}

/** What administrators list of grants and of bulk reassignments: made since `since`, newest first, at most `limit`. */
export function madeSince<T extends 'access_grants' | 'reassignment_batches', O>(
  select: SelectQueryBuilder<GatewaySchema, T, O>,
  madeAt: 'granted_at' | 'created_at',
  since: string,
  limit: number,
): SelectQueryBuilder<GatewaySchema, T, O> {
  const at = sql.ref<string>(madeAt);
  return select.where(at, '>=', since).orderBy(at, 'desc').orderBy(sql.ref('id'), 'desc').limit(limit);
}
