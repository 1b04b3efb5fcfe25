import type { DatabaseSync } from 'node:sqlite';
import { statementCache } from '../db/sql.ts';
import type { EncouragementTypeRow, Page } from './rows.ts';

export function createEncouragementTypeRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    get(id: number): EncouragementTypeRow | undefined {
      return sql('SELECT id, name, icon FROM encouragement_type WHERE id = ?').get(id) as EncouragementTypeRow | undefined;
    },
    list(page: number, pageSize: number): Page<EncouragementTypeRow> {
      const total = (sql('SELECT count(*) AS n FROM encouragement_type').get() as { n: number }).n;
      const rows = sql('SELECT id, name, icon FROM encouragement_type ORDER BY id LIMIT ? OFFSET ?').all(
        pageSize,
        (page - 1) * pageSize,
      ) as unknown as EncouragementTypeRow[];
      return { total, rows };
    },
    all(): Map<number, EncouragementTypeRow> {
      const rows = sql('SELECT id, name, icon FROM encouragement_type').all() as unknown as EncouragementTypeRow[];
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type EncouragementTypeRepository = ReturnType<typeof createEncouragementTypeRepository>;
