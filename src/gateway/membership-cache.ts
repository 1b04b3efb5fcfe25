import { sql } from 'kysely';
import type { GatewayDatabase } from './db/database.ts';
import { groupCommit } from './db/group-commit.ts';

/** Success networks shared by every instance through the gateway's database (membership.ts). */
export interface MembershipCache {
  /** The cached networks of these students read since `since` (ms since the epoch). */
  networks(students: readonly string[], since: number): Promise<Map<string, { members: string[]; at: number }>>;
  remember(student: string, members: readonly string[], at: number): Promise<void>;
  forget(student: string): Promise<void>;
  /** The students whose cached network includes `person`, however old the read (the home without the caseload extension). */
  studentsOf(person: string): Promise<string[]>;
  /** Every cached network inverted: each member's students (the digest's fallback without the caseload extension). */
  byMember(): Promise<Map<string, string[]>>;
  /** Deletes the networks read before `before` (ms since the epoch): past ACCESS_CACHE_S they serve nobody. */
  purge(before: number): Promise<number>;
}

/** SQLite binds at most 32,766 parameters; PostgreSQL 65,535: chunks stay far below both. */
const CHUNK = 500;

export function databaseMembershipCache(database: GatewayDatabase): MembershipCache {
  const { db } = database;
  // The networks one list page read are written in one commit.
  const write = groupCommit<{ student: string; members: readonly string[]; at: number }>(async (rows) => {
    await database.ready();
    const latest = new Map(rows.map((r) => [r.student, r]));
    const values = [...latest.values()].map((r) => ({ student: r.student, members: JSON.stringify(r.members), read_at: r.at }));
    for (let i = 0; i < values.length; i += CHUNK) {
      await db
        .insertInto('membership_cache')
        .values(values.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column('student').doUpdateSet((eb) => ({ members: eb.ref('excluded.members'), read_at: eb.ref('excluded.read_at') })))
        .execute();
    }
  });
  return {
    networks: async (students, since) => {
      await database.ready();
      const found = new Map<string, { members: string[]; at: number }>();
      for (let i = 0; i < students.length; i += CHUNK) {
        const rows = await db
          .selectFrom('membership_cache')
          .selectAll()
          .where('student', 'in', students.slice(i, i + CHUNK))
          .where('read_at', '>=', since)
          .execute();
        for (const row of rows) found.set(row.student, { members: JSON.parse(row.members) as string[], at: Number(row.read_at) });
      }
      return found;
    },
    remember: (student, members, at) => write({ student, members, at }),
    byMember: async () => {
      await database.ready();
      const byMember = new Map<string, string[]>();
      for (const row of await db.selectFrom('membership_cache').select(['student', 'members']).execute()) {
        for (const member of JSON.parse(row.members) as string[]) {
          const students = byMember.get(member);
          if (students) students.push(row.student);
          else byMember.set(member, [row.student]);
        }
      }
      return byMember;
    },
    purge: async (before) => {
      await database.ready();
      const result = await db.deleteFrom('membership_cache').where('read_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    studentsOf: async (person) => {
      await database.ready();
      // Members are a JSON array of strings: the quoted identifier narrows the rows, the parse decides.
      const quoted = JSON.stringify(person).replace(/[\\%_]/g, (ch) => `\\${ch}`);
      const rows = await db
        .selectFrom('membership_cache')
        .select(['student', 'members'])
        .where(sql<boolean>`members like ${`%${quoted}%`} escape '\\'`)
        .execute();
      return rows.filter((row) => (JSON.parse(row.members) as string[]).includes(person)).map((row) => row.student);
    },
    forget: async (student) => {
      await database.ready();
      await db.deleteFrom('membership_cache').where('student', '=', student).execute();
    },
  };
}
