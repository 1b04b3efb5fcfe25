import type { DatabaseSync } from 'node:sqlite';
import { keyedTable, statementCache } from '../db/sql.ts';
import type { EncouragementTypeRow } from './rows.ts';

export function createEncouragementTypeRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    ...keyedTable<EncouragementTypeRow, number>(sql, { from: 'encouragement_type', columns: 'id, name, icon', key: 'id' }),
    all(): Map<number, EncouragementTypeRow> {
      const rows = sql('SELECT id, name, icon FROM encouragement_type').all() as unknown as EncouragementTypeRow[];
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type EncouragementTypeRepository = ReturnType<typeof createEncouragementTypeRepository>;
