import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/** Prepares each distinct SQL text once per database (filters build a handful of variants). */
export function statementCache(db: DatabaseSync) {
  const cache = new Map<string, StatementSync>();
  return (sql: string): StatementSync => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
}

/**
 * Runs `fn` in one write transaction. BEGIN IMMEDIATE takes the write lock up front so that a
 * rule checked inside (the 20-active rule, a network replace) cannot race another writer.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** Binds a list as one parameter: `col IN (SELECT value FROM json_each(?))`. */
export const jsonList = (values: readonly (string | number)[]) => JSON.stringify(values);

/**
 * One page of a list and the count of all its rows: `SELECT {columns} FROM {from} ORDER BY
 * {orderBy} LIMIT ? OFFSET ?` and `SELECT count(*)` over the same `from` (a table, and its
 * `WHERE` clause if any, whose parameters are `args`).
 */
export function selectPage<T>(
  sql: ReturnType<typeof statementCache>,
  query: { columns: string; from: string; orderBy: string; args?: readonly SQLInputValue[] },
  page: number,
  pageSize: number,
): { total: number; rows: T[] } {
  const args = query.args ?? [];
  const total = (sql(`SELECT count(*) AS n FROM ${query.from}`).get(...args) as { n: number }).n;
  const rows = sql(`SELECT ${query.columns} FROM ${query.from} ORDER BY ${query.orderBy} LIMIT ? OFFSET ?`).all(
    ...args,
    pageSize,
    (page - 1) * pageSize,
  ) as unknown as T[];
  return { total, rows };
}

/**
 * The reads of a table kept in key order (categories, encouragement types, triggers): one row by
 * its key, and a page of them with the count of all.
 */
export function keyedTable<Row, K extends SQLInputValue>(sql: ReturnType<typeof statementCache>, table: { from: string; columns: string; key: string }) {
  const { from, columns, key } = table;
  return {
    get: (value: K): Row | undefined => sql(`SELECT ${columns} FROM ${from} WHERE ${key} = ?`).get(value) as Row | undefined,
    list: (page: number, pageSize: number): { total: number; rows: Row[] } => selectPage<Row>(sql, { columns, from, orderBy: key }, page, pageSize),
  };
}
