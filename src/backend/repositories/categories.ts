import type { DatabaseSync } from 'node:sqlite';
import { jsonList, keyedTable, statementCache } from '../db/sql.ts';
import type { CategoryRow } from './rows.ts';

export function createCategoryRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    ...keyedTable<CategoryRow, number>(sql, { from: 'category', columns: 'id, name, is_active', key: 'id' }),
    getMany(ids: readonly number[]): Map<number, CategoryRow> {
      const rows = sql('SELECT id, name, is_active FROM category WHERE id IN (SELECT value FROM json_each(?))').all(jsonList(ids)) as unknown as CategoryRow[];
      return new Map(rows.map((r) => [r.id, r]));
    },
    /** Categories of each notation, by category id. */
    forNotations(notationIds: readonly number[]): Map<number, CategoryRow[]> {
      // Thirty-odd categories: read them once and join in memory; the links come off the
      // primary key (notation_id, category_id), already in category order.
      const all = new Map((sql('SELECT id, name, is_active FROM category').all() as unknown as CategoryRow[]).map((c) => [c.id, c]));
      const links = sql('SELECT nc.notation_id, nc.category_id FROM json_each(?) j JOIN notation_category nc ON nc.notation_id = j.value').all(
        jsonList(notationIds),
      ) as unknown as { notation_id: number; category_id: number }[];
      const byNotation = new Map<number, CategoryRow[]>();
      for (const link of links) {
        const category = all.get(link.category_id);
        if (!category) continue;
        const list = byNotation.get(link.notation_id);
        if (list) list.push(category);
        else byNotation.set(link.notation_id, [category]);
      }
      return byNotation;
    },
    countActiveOtherThan(id: number): number {
      return (sql('SELECT count(*) AS n FROM category WHERE is_active = 1 AND id <> ?').get(id) as { n: number }).n;
    },
    /** Another category with this name, compared trimmed and case-insensitively (any script). */
    nameTakenByOther(name: string, id: number): boolean {
      const wanted = name.trim().toLocaleLowerCase('und');
      const rows = sql('SELECT id, name FROM category WHERE id <> ?').all(id) as unknown as { id: number; name: string }[];
      return rows.some((r) => r.name.trim().toLocaleLowerCase('und') === wanted);
    },
    update(id: number, name: string, isActive: boolean): void {
      sql('UPDATE category SET name = ?, is_active = ? WHERE id = ?').run(name, isActive ? 1 : 0, id);
    },
  };
}
export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
