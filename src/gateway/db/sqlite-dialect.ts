import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely's own SQLite dialect on Node's built-in `node:sqlite` (no native addon to build): its
 * driver expects better-sqlite3's statement shape, which differs from `StatementSync` only in
 * taking the parameters as one array and in telling readers by a property, not a method.
 */
function statementOf(database: DatabaseSync, sql: string): SqliteStatement {
  const statement = database.prepare(sql);
  const args = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
  return {
    // A statement that returns columns (SELECT, or a write with RETURNING) is read with all().
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...args(parameters)),
    run: (parameters) => statement.run(...args(parameters)),
    iterate: (parameters) => statement.iterate(...args(parameters)),
  };
}

/** node:sqlite binds numbers, strings, bigints, null and bytes; booleans and undefined are mapped. */
function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as SQLInputValue;
}

/** How many prepared statements are kept: the gateway's queries are a fixed few dozen shapes. */
const STATEMENTS = 256;

export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  // Kysely prepares every query anew; SQLite's parse and plan then cost more than a small insert.
  const prepared = new Map<string, SqliteStatement>();
  const prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = statementOf(database, sql);
      if (prepared.size >= STATEMENTS) prepared.delete(prepared.keys().next().value!);
      prepared.set(sql, statement);
    }
    return statement;
  };
  const adapted: SqliteDatabase = { close: () => database.close(), prepare };
  return new SqliteDialect({ database: adapted });
}
