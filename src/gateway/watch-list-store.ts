import type { GatewayDatabase } from './db/database.ts';
import { readyFirst } from './db/ready-first.ts';

/** The students a person follows (#32 item 3), shared by every instance through the gateway's database. */
export interface WatchListStore {
  /** Follows the student; following twice keeps the first date. */
  watch(person: string, student: string): Promise<{ student: string; since: string }>;
  /** True when the student was followed. */
  unwatch(person: string, student: string): Promise<boolean>;
  /** Followed students, earliest first. */
  list(person: string): Promise<{ student: string; since: string }[]>;
}

/** The identifiers of the students `person` follows, earliest first (the e-mail digest reads this). */
export async function watchedStudents(database: GatewayDatabase, person: string): Promise<string[]> {
  await database.ready();
  const rows = await database.db
    .selectFrom('watched_students')
    .select('student')
    .where('person', '=', person)
    .orderBy('created_at')
    .orderBy('student')
    .execute();
  return rows.map((r) => r.student);
}

export function databaseWatchList(database: GatewayDatabase, now: () => Date = () => new Date()): WatchListStore {
  const { db } = database;
  return readyFirst<WatchListStore>(database, {
    watch: async (person, student) => {
      // One statement answers the date either way: following again sets the first date to itself.
      const row = await db
        .insertInto('watched_students')
        .values({ person, student, created_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['person', 'student']).doUpdateSet((eb) => ({ created_at: eb.ref('watched_students.created_at') })))
        .returning('created_at')
        .executeTakeFirstOrThrow();
      return { student, since: row.created_at };
    },
    unwatch: async (person, student) => {
      const result = await db.deleteFrom('watched_students').where('person', '=', person).where('student', '=', student).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    list: async (person) => {
      const rows = await db
        .selectFrom('watched_students')
        .select(['student', 'created_at'])
        .where('person', '=', person)
        .orderBy('created_at')
        .orderBy('student')
        .execute();
      return rows.map((r) => ({ student: r.student, since: r.created_at }));
    },
  });
}
