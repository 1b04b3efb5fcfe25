import type { DatabaseSync } from 'node:sqlite';
import { jsonList, selectPage, statementCache } from '../db/sql.ts';
import type { Page, PersonRow } from './rows.ts';

const COLUMNS = 'identifier, first_name, last_name, email, role';

export function createPeopleRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    get(identifier: string): PersonRow | undefined {
      return sql(`SELECT ${COLUMNS} FROM person WHERE identifier = ?`).get(identifier) as PersonRow | undefined;
    },
    /** The people among `identifiers`, keyed by identifier (unknown ones are simply absent). */
    getMany(identifiers: readonly string[]): Map<string, PersonRow> {
      const unique = [...new Set(identifiers)];
      const rows = sql(`SELECT p.identifier, first_name, last_name, email, role FROM json_each(?) j JOIN person p ON p.identifier = j.value`).all(
        jsonList(unique),
      ) as unknown as PersonRow[];
      return new Map(rows.map((r) => [r.identifier, r]));
    },
    /** Name/identifier/email search, ordered by last name, first name, identifier. */
    search(
      filter: { role?: string | undefined; q?: string | undefined; identifiers?: readonly string[] | undefined },
      page: number,
      pageSize: number,
    ): Page<PersonRow> {
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (filter.identifiers) {
        where.push('identifier IN (SELECT value FROM json_each(?))');
        args.push(jsonList([...new Set(filter.identifiers)]));
      }
      if (filter.role) {
        where.push('role = ?');
        args.push(filter.role);
      }
      const terms = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      for (const term of terms) {
        // Every word must match somewhere: "ana gar" finds Ana García.
        where.push("(sort_key LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\')");
        const like = `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        args.push(like, like);
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      return selectPage(sql, { columns: COLUMNS, from: `person ${clause}`, orderBy: 'sort_key', args }, page, pageSize);
    },
    /** The people whose success network includes `member` (a caseload), in the order of `search`. */
    caseload(member: string, page: number, pageSize: number): Page<PersonRow> {
      return selectPage(
        sql,
        { columns: COLUMNS, from: 'person WHERE identifier IN (SELECT person FROM success_network WHERE member = ?)', orderBy: 'sort_key', args: [member] },
        page,
        pageSize,
      );
    },
  };
}
export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
