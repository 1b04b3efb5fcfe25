import type { DatabaseSync } from 'node:sqlite';
import { selectPage, statementCache } from '../db/sql.ts';
import type { EncouragementTypeRow, Page } from './rows.ts';

export function createEncouragementTypeRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    get(id: number): EncouragementTypeRow | undefined {
      return sql('SELECT id, name, icon FROM encouragement_type WHERE id = ?').get(id) as EncouragementTypeRow | undefined;
    },
    list(page: number, pageSize: number): Page<EncouragementTypeRow> {
      return selectPage(sql, { columns: 'id, name, icon', from: 'encouragement_type', orderBy: 'id' }, page, pageSize);
    },
    all(): Map<number, EncouragementTypeRow> {
      const rows = sql('SELECT id, name, icon FROM encouragement_type').all() as unknown as EncouragementTypeRow[];
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type EncouragementTypeRepository = ReturnType<typeof createEncouragementTypeRepository>;
