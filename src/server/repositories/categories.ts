import type { DatabaseSync } from 'node:sqlite';
import { jsonList, statementCache } from '../db/sql.ts';
import { groupBy } from './comments.ts';
import type { CategoryRow, Page } from './rows.ts';

export function createCategoryRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    get(id: number): CategoryRow | undefined {
      return sql('SELECT id, name, is_active FROM category WHERE id = ?').get(id) as CategoryRow | undefined;
    },
    list(page: number, pageSize: number): Page<CategoryRow> {
      const total = (sql('SELECT count(*) AS n FROM category').get() as { n: number }).n;
      const rows = sql('SELECT id, name, is_active FROM category ORDER BY id LIMIT ? OFFSET ?').all(
        pageSize,
        (page - 1) * pageSize,
      ) as unknown as CategoryRow[];
      return { total, rows };
    },
    getMany(ids: readonly number[]): Map<number, CategoryRow> {
      const rows = sql('SELECT id, name, is_active FROM category WHERE id IN (SELECT value FROM json_each(?))').all(
        jsonList(ids),
      ) as unknown as CategoryRow[];
      return new Map(rows.map((r) => [r.id, r]));
    },
    /** Categories of each notation, by category id. */
    forNotations(notationIds: readonly number[]): Map<number, CategoryRow[]> {
      const rows = sql(
        `SELECT nc.notation_id, c.id, c.name, c.is_active FROM notation_category nc JOIN category c ON c.id = nc.category_id
         WHERE nc.notation_id IN (SELECT value FROM json_each(?)) ORDER BY nc.notation_id, c.id`,
      ).all(jsonList(notationIds)) as unknown as (CategoryRow & { notation_id: number })[];
      return groupBy(rows, (r) => r.notation_id);
    },
    countActiveOtherThan(id: number): number {
      return (sql('SELECT count(*) AS n FROM category WHERE is_active = 1 AND id <> ?').get(id) as { n: number }).n;
    },
    /** Another category with this name, compared case-insensitively. */
    nameTakenByOther(name: string, id: number): boolean {
      return sql('SELECT 1 FROM category WHERE name = ? COLLATE NOCASE AND id <> ?').get(name, id) !== undefined;
    },
    update(id: number, name: string, isActive: boolean): void {
      sql('UPDATE category SET name = ?, is_active = ? WHERE id = ?').run(name, isActive ? 1 : 0, id);
    },
  };
}
export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
