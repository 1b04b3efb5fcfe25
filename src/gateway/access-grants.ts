import type { GatewayDatabase } from './db/database.ts';
import { readyFirst } from './db/ready-first.ts';
import { madeSince } from './db/paging.ts';

export interface AccessGrant {
  person: string;
  student: string;
  reason: string;
  grantedAt: string;
  until: string;
}

export interface AccessGrantStore {
  grant(person: string, student: string, reason: string, hours: number): Promise<AccessGrant>;
  /** The person's current grant for the student, if any. */
  current(person: string, student: string): Promise<AccessGrant | undefined>;
  /** Every current grant of the person, by student (one query for a whole list). */
  currentFor(person: string): Promise<Map<string, AccessGrant>>;
  /** Every grant given since `since`, newest first (for administrators). */
  list(since: string, limit: number): Promise<AccessGrant[]>;
  /** Deletes the grants that ended before `olderThan` (RETENTION_DAYS); returns how many. */
  purge(olderThan: string): Promise<number>;
}

export function databaseGrants(database: GatewayDatabase, now: () => Date = () => new Date()): AccessGrantStore {
  const { db } = database;
  const toGrant = (row: { person: string; student: string; reason: string; granted_at: string; until: string }): AccessGrant => ({
    person: row.person,
    student: row.student,
    reason: row.reason,
    grantedAt: row.granted_at,
    until: row.until,
  });
  return readyFirst<AccessGrantStore>(database, {
    grant: async (person, student, reason, hours) => {
      const at = now();
      const row = { person, student, reason, granted_at: at.toISOString(), until: new Date(at.getTime() + hours * 3_600_000).toISOString() };
      await db.insertInto('access_grants').values(row).execute();
      return toGrant(row);
    },
    current: async (person, student) => {
      const row = await db
        .selectFrom('access_grants')
        .selectAll()
        .where('person', '=', person)
        .where('student', '=', student)
        .where('until', '>', now().toISOString())
        .orderBy('until', 'desc')
        .executeTakeFirst();
      return row ? toGrant(row) : undefined;
    },
    currentFor: async (person) => {
      const rows = await db
        .selectFrom('access_grants')
        .selectAll()
        .where('person', '=', person)
        .where('until', '>', now().toISOString())
        .orderBy('until', 'asc')
        .execute();
      // Ascending: the grant that lasts longest is the one kept for each student.
      return new Map(rows.map((row) => [row.student, toGrant(row)]));
    },
    list: async (since, limit) => {
      const rows = await madeSince(db.selectFrom('access_grants').selectAll(), 'granted_at', since, limit).execute();
      return rows.map(toGrant);
    },
    purge: async (olderThan) => {
      const result = await db.deleteFrom('access_grants').where('until', '<', olderThan).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  });
}
