import type { DatabaseSync } from 'node:sqlite';
import { jsonList, statementCache } from '../db/sql.ts';
import type { NotationKind } from '../http/hrefs.ts';
import type { NotationRow, Page } from './rows.ts';

export interface NotationFilter {
  students?: readonly string[] | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
  modifiedFrom?: number | undefined;
  modifiedTo?: number | undefined;
}

export interface NewNotation {
  kind: NotationKind;
  student: string;
  createdBy: string | null;
  createdOn: number;
  details: string;
  audienceType?: string | null;
  canStudentView?: boolean | null;
  status?: string | null;
  dataInsightType?: string | null;
  encouragementTypeId?: number | null;
  isEncouragement?: boolean | null;
  triggerId?: number | null;
}

const COLUMNS =
  'id, kind, student, created_by, created_on, modified_on, details, audience_type, can_student_view, status, data_insight_type, encouragement_type_id, is_encouragement';

const bool = (b: boolean | null | undefined) => (b === null || b === undefined ? null : b ? 1 : 0);

export function createNotationRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  // Totals of the same filter are asked for page after page; any notation write clears them.
  const counts = new Map<string, number>();
  const count = (clause: string, args: (string | number)[]): number => {
    const key = `${clause}\u0000${args.join('\u0000')}`;
    let n = counts.get(key);
    if (n === undefined) {
      if (counts.size > 2_000) counts.clear();
      n = (sql(`SELECT count(*) AS n FROM notation WHERE ${clause}`).get(...args) as { n: number }).n;
      counts.set(key, n);
    }
    return n;
  };
  return {
    /** Newest first by createdOn, then id descending (decisions §4). */
    list(kind: NotationKind, filter: NotationFilter, page: number, pageSize: number): Page<NotationRow> {
      const where = ['kind = ?'];
      const args: (string | number)[] = [kind];
      const students = filter.students;
      if (students && students.length === 1) {
        where.push('student = ?');
        args.push(students[0]!);
      } else if (students && students.length > 1) {
        where.push('student IN (SELECT value FROM json_each(?))');
        args.push(jsonList(students));
      }
      const bounds: [string, number | undefined][] = [
        ['created_on >= ?', filter.createdFrom],
        ['created_on <= ?', filter.createdTo],
        ['modified_on >= ?', filter.modifiedFrom],
        ['modified_on <= ?', filter.modifiedTo],
      ];
      for (const [cond, value] of bounds) {
        if (value !== undefined) {
          where.push(cond);
          args.push(value);
        }
      }
      const clause = where.join(' AND ');
      const total = count(clause, args);
      const offset = (page - 1) * pageSize;
      const rows =
        offset >= total
          ? []
          : (sql(`SELECT ${COLUMNS} FROM notation WHERE ${clause} ORDER BY created_on DESC, id DESC LIMIT ? OFFSET ?`).all(
              ...args,
              pageSize,
              offset,
            ) as unknown as NotationRow[]);
      return { total, rows };
    },
    get(kind: NotationKind, id: number): NotationRow | undefined {
      return sql(`SELECT ${COLUMNS} FROM notation WHERE id = ? AND kind = ?`).get(id, kind) as NotationRow | undefined;
    },
    create(n: NewNotation): number {
      counts.clear();
      const result = sql(
        `INSERT INTO notation (kind, student, created_by, created_on, modified_on, details, audience_type, can_student_view, status, data_insight_type, encouragement_type_id, is_encouragement, trigger_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        n.kind,
        n.student,
        n.createdBy,
        n.createdOn,
        n.createdOn,
        n.details,
        n.audienceType ?? null,
        bool(n.canStudentView),
        n.status ?? null,
        n.dataInsightType ?? null,
        n.encouragementTypeId ?? null,
        bool(n.isEncouragement),
        n.triggerId ?? null,
      );
      return Number(result.lastInsertRowid);
    },
    /** Bumps the last-modified time (a comment was added or the status changed). */
    touch(id: number, at: number, status?: string): void {
      counts.clear();
      if (status === undefined) sql('UPDATE notation SET modified_on = max(modified_on, ?) WHERE id = ?').run(at, id);
      else sql('UPDATE notation SET modified_on = max(modified_on, ?), status = ? WHERE id = ?').run(at, status, id);
    },
    addCategories(id: number, categoryIds: readonly number[]): void {
      const insert = sql('INSERT INTO notation_category (notation_id, category_id) VALUES (?, ?)');
      for (const c of categoryIds) insert.run(id, c);
    },
  };
}
export type NotationRepository = ReturnType<typeof createNotationRepository>;
