import type { Selectable } from 'kysely';
import type { AccessLogEntry } from '../api/access-log.ts';
import type { GatewayDatabase } from './db/database.ts';
import { groupCommit } from './db/group-commit.ts';
import { newestFirst, pageOf } from './db/paging.ts';
import type { AccessLogTable } from './db/schema.ts';

export type NewAccess = Omit<AccessLogEntry, 'id' | 'at' | 'operation' | 'path' | 'query' | 'reason' | 'requestId' | 'detail' | 'students'> &
  Partial<Pick<AccessLogEntry, 'operation' | 'path' | 'query' | 'reason' | 'requestId' | 'detail' | 'students'>> & { at?: string };

export interface AccessQuery {
  person?: string | undefined;
  student?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  before?: string | undefined;
  limit: number;
}

export interface AccessLogStore {
  /** Committed before the caller goes on (with the other entries of its moment: group-commit.ts); throws when the database cannot be written. */
  record(access: NewAccess): Promise<void>;
  list(query: AccessQuery): Promise<{ values: AccessLogEntry[]; older?: string }>;
  purge(olderThan: string): Promise<number>;
}

export function databaseAccessLog(database: GatewayDatabase, now: () => Date = () => new Date()): AccessLogStore {
  const { db } = database;
  return {
    record: groupCommit<NewAccess>(async (entries) => {
      await database.ready();
      await db.transaction().execute(async (tx) => {
        for (const access of entries) {
          const at = access.at ?? now().toISOString();
          const students = [...new Set(access.students ?? [])];
          const row = await tx
            .insertInto('access_log')
            .values({
              at,
              person: access.person,
              event: access.event,
              operation: access.operation ?? null,
              path: access.path ?? null,
              query: access.query ?? null,
              student_count: students.length,
              reason: access.reason ?? null,
              request_id: access.requestId ?? null,
              detail: access.detail ?? null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(row.id);
          for (let i = 0; i < students.length; i += 500) {
            await tx
              .insertInto('access_log_students')
              .values(students.slice(i, i + 500).map((student) => ({ entry_id: id, student, at })))
              .execute();
          }
        }
      });
    }),
    list: async (query) => {
      await database.ready();
      let select = db.selectFrom('access_log').selectAll();
      if (query.person) select = select.where('person', '=', query.person);
      if (query.student) select = select.where('id', 'in', db.selectFrom('access_log_students').select('entry_id').where('student', '=', query.student));
      const rows = await newestFirst(select, query).execute();
      const ids = rows.map((r) => Number(r.id));
      const students = ids.length ? await db.selectFrom('access_log_students').select(['entry_id', 'student']).where('entry_id', 'in', ids).execute() : [];
      const byEntry = new Map<number, string[]>();
      for (const s of students) byEntry.set(Number(s.entry_id), [...(byEntry.get(Number(s.entry_id)) ?? []), s.student]);
      return pageOf(
        rows.map((row) => toEntry(row, byEntry.get(Number(row.id)) ?? [])),
        query.limit,
      );
    },
    purge: async (olderThan) => {
      await database.ready();
      await db.deleteFrom('access_log_students').where('at', '<', olderThan).execute();
      const result = await db.deleteFrom('access_log').where('at', '<', olderThan).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

const toEntry = (row: Omit<Selectable<AccessLogTable>, 'id'> & { id: number | string }, students: string[]): AccessLogEntry => ({
  id: Number(row.id),
  at: row.at,
  person: row.person,
  event: row.event as AccessLogEntry['event'],
  operation: row.operation,
  path: row.path,
  query: row.query,
  students,
  reason: row.reason,
  requestId: row.request_id,
  detail: row.detail,
});
