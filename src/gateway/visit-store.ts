import type { GatewayDatabase } from './db/database.ts';
import { readyFirst } from './db/ready-first.ts';

/** When each person last opened each student's page (#32 item 2). */
export interface VisitStore {
  /** Records a visit now; answers the visit before it (null the first time). */
  visit(person: string, student: string): Promise<{ previous: string | null; at: string }>;
  /** The person's last visits of these students (students never opened are absent). */
  lastVisits(person: string, students: readonly string[]): Promise<Map<string, string>>;
  /** Deletes visits older than `before` (RETENTION_DAYS): a visit that old marks nothing as new any more. */
  purge(before: string): Promise<number>;
}

/** Far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

export function databaseVisits(database: GatewayDatabase, now: () => Date = () => new Date()): VisitStore {
  const { db } = database;
  return readyFirst<VisitStore>(database, {
    visit: async (person, student) => {
      const at = now().toISOString();
      return db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('student_visits')
          .select('visited_at')
          .where('person', '=', person)
          .where('student', '=', student)
          .executeTakeFirst();
        await tx
          .insertInto('student_visits')
          .values({ person, student, visited_at: at })
          .onConflict((oc) => oc.columns(['person', 'student']).doUpdateSet({ visited_at: at }))
          .execute();
        return { previous: before?.visited_at ?? null, at };
      });
    },
    lastVisits: async (person, students) => {
      const found = new Map<string, string>();
      for (let i = 0; i < students.length; i += CHUNK) {
        const rows = await db
          .selectFrom('student_visits')
          .select(['student', 'visited_at'])
          .where('person', '=', person)
          .where('student', 'in', students.slice(i, i + CHUNK))
          .execute();
        for (const row of rows) found.set(row.student, row.visited_at);
      }
      return found;
    },
    purge: async (before) => {
      const result = await db.deleteFrom('student_visits').where('visited_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  });
}
