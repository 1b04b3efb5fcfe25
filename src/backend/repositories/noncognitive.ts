import type { DatabaseSync } from 'node:sqlite';
import { jsonList, selectPage, statementCache } from '../db/sql.ts';
import type { AdministrationRow, FactorResultRow, FactorRow, Page } from './rows.ts';

/** One factor result of a known administration: respondent, factor id, assessment id, score, validity concern (0/1). */
export type CohortResultRow = [person: string, factorId: number, assessmentId: number, score: number, validityConcern: number];

const ADMIN_COLUMNS = 'id, assessment_id, title, start_date, end_date, status';
const RESULT_SELECT = `SELECT fr.administration_id, fr.person, fr.factor_id, f.assessment_id, fr.score, fr.validity_concern
  FROM factor_result fr JOIN factor f ON f.id = fr.factor_id`;

export function createNoncognitiveRepository(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    /** Newest first by start date, then id descending (decisions §4). */
    administrations(filter: { respondent?: string | undefined }, page: number, pageSize: number): Page<AdministrationRow> {
      const clause = filter.respondent ? 'WHERE id IN (SELECT administration_id FROM factor_result WHERE person = ?)' : '';
      const args = filter.respondent ? [filter.respondent] : [];
      return selectPage(sql, { columns: ADMIN_COLUMNS, from: `administration ${clause}`, orderBy: 'start_date DESC, id DESC', args }, page, pageSize);
    },
    administration(id: number): AdministrationRow | undefined {
      return sql(`SELECT ${ADMIN_COLUMNS} FROM administration WHERE id = ?`).get(id) as AdministrationRow | undefined;
    },
    /** Respondents of an administration, by identifier. */
    respondents(administrationId: number, page: number, pageSize: number): Page<string> {
      const total = (
        sql('SELECT count(DISTINCT person) AS n FROM factor_result WHERE administration_id = ?').get(administrationId) as {
          n: number;
        }
      ).n;
      const rows = sql('SELECT DISTINCT person FROM factor_result WHERE administration_id = ? ORDER BY person LIMIT ? OFFSET ?').all(
        administrationId,
        pageSize,
        (page - 1) * pageSize,
      ) as unknown as { person: string }[];
      return { total, rows: rows.map((r) => r.person) };
    },
    /**
     * The factor results of several respondents at once, by respondent then factor id ascending.
     * The respondents of a page are a run of identifiers in order (`respondents`), so their
     * results are one range of the primary key, read in its order: no list to unpack, no sort.
     * `persons` in the order `respondents` gives (SQLite's, the first and last bound the range);
     * anyone in the range not asked for (none, for a page) is left out. Rows come as arrays
     * (`CohortResultRow`), not objects: a cohort's page is 7,000 of them, and an object per row
     * with its administration and person repeated cost more than the query.
     */
    resultsOf(administrationId: number, persons: readonly string[]): Map<string, CohortResultRow[]> {
      const byPerson = new Map<string, CohortResultRow[]>(persons.map((p) => [p, []]));
      if (persons.length === 0) return byPerson;
      const statement = sql(
        `SELECT fr.person, fr.factor_id, f.assessment_id, fr.score, fr.validity_concern
          FROM factor_result fr JOIN factor f ON f.id = fr.factor_id
          WHERE fr.administration_id = ? AND fr.person BETWEEN ? AND ? ORDER BY fr.person, fr.factor_id`,
      );
      // This statement's own text: no other caller reads its rows as objects.
      statement.setReturnArrays(true);
      const rows = statement.all(administrationId, persons[0]!, persons[persons.length - 1]!) as unknown as CohortResultRow[];
      for (const row of rows) byPerson.get(row[0])?.push(row);
      return byPerson;
    },
    /** By factor id ascending (decisions §4). */
    results(administrationId: number, person: string): FactorResultRow[] {
      return sql(`${RESULT_SELECT} WHERE fr.administration_id = ? AND fr.person = ? ORDER BY fr.factor_id`).all(
        administrationId,
        person,
      ) as unknown as FactorResultRow[];
    },
    result(administrationId: number, person: string, factorId: number): FactorResultRow | undefined {
      return sql(`${RESULT_SELECT} WHERE fr.administration_id = ? AND fr.person = ? AND fr.factor_id = ?`).get(administrationId, person, factorId) as
        FactorResultRow | undefined;
    },
    factor(assessmentId: number, factorId: number): FactorRow | undefined {
      return sql('SELECT id, assessment_id, name, description FROM factor WHERE id = ? AND assessment_id = ?').get(factorId, assessmentId) as
        FactorRow | undefined;
    },
    factors(ids: readonly number[]): Map<number, FactorRow> {
      const rows = sql('SELECT id, assessment_id, name, description FROM factor WHERE id IN (SELECT value FROM json_each(?))').all(
        jsonList(ids),
      ) as unknown as FactorRow[];
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type NoncognitiveRepository = ReturnType<typeof createNoncognitiveRepository>;
