import type { DatabaseSync } from 'node:sqlite';
import { jsonList, statementCache } from '../db/sql.ts';
import type { CommentRow } from './rows.ts';

const COLUMNS = 'id, notation_id, created_by, created_on, details, used_to_lower_alert';

export function createCommentRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    /** Oldest first (decisions §4). */
    forNotation(notationId: number): CommentRow[] {
      return sql(`SELECT ${COLUMNS} FROM comment WHERE notation_id = ? ORDER BY created_on, id`).all(notationId) as unknown as CommentRow[];
    },
    forNotations(notationIds: readonly number[]): Map<number, CommentRow[]> {
      const rows = sql(`SELECT ${COLUMNS} FROM comment WHERE notation_id IN (SELECT value FROM json_each(?)) ORDER BY notation_id, created_on, id`).all(
        jsonList(notationIds),
      ) as unknown as CommentRow[];
      return groupBy(rows, (r) => r.notation_id);
    },
    get(notationId: number, commentId: number): CommentRow | undefined {
      return sql(`SELECT ${COLUMNS} FROM comment WHERE id = ? AND notation_id = ?`).get(commentId, notationId) as CommentRow | undefined;
    },
    create(notationId: number, createdBy: string, createdOn: number, details: string, usedToLowerAlert: boolean): number {
      const result = sql('INSERT INTO comment (notation_id, created_by, created_on, details, used_to_lower_alert) VALUES (?, ?, ?, ?, ?)').run(
        notationId,
        createdBy,
        createdOn,
        details,
        usedToLowerAlert ? 1 : 0,
      );
      return Number(result.lastInsertRowid);
    },
  };
}
export type CommentRepository = ReturnType<typeof createCommentRepository>;

export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
