import { answerJson } from './rewrite.ts';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AccessLogEntry } from '../api/access-log.ts';
import type { OperationName } from '../api/operations.ts';
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import type { AccessLogStore } from './access-log-store.ts';
import type { ApiCall } from './api-operation.ts';
import { readLogQuery, wantsThePage, windowAndPaging, type LogRoutesOptions } from './log-query.ts';
import type { Actor } from './journal.ts';
import { requestIdOf } from './logging.ts';

/**
 * The access log (#30): every read that returns a student's records — who, when, which students,
 * through which operation and filter, with the request id — kept in the gateway's database. A read
 * whose entry cannot be written is refused (503), never served unlogged.
 */

export const ACCESS_LOG_PROBLEM = 'access-log-unavailable';

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const valuesOf = (body: unknown) => (Array.isArray(asRecord(body).values) ? (asRecord(body).values as unknown[]) : []);
const segmentAfter = (href: unknown, pattern: RegExp) => {
  const match = typeof href === 'string' ? pattern.exec(href) : null;
  return match ? decodeURIComponent(match[1]!) : undefined;
};
const personOf = (href: unknown) => segmentAfter(href, /\/people\/([^/?#]+)\/?(?:[?#]|$)/);
/** The student a notation is about: its `student` link, or the expanded person. */
const studentOf = (item: unknown) => {
  const student = asRecord(asRecord(item).student);
  return typeof student.identifier === 'string' ? student.identifier : personOf(student.href);
};
const notations = (body: unknown) => [studentOf(body), ...valuesOf(body).map(studentOf)];

/** The reads that return students' records, and where in each answer the students are. */
const READS: Partial<Record<OperationName, (params: Record<string, string>, body: unknown) => (string | undefined)[]>> = {
  'updates.list': (_, body) => notations(body),
  'updates.get': (_, body) => notations(body),
  'dataInsights.list': (_, body) => notations(body),
  'dataInsights.get': (_, body) => notations(body),
  'alerts.list': (_, body) => notations(body),
  'alerts.get': (_, body) => notations(body),
  'encouragements.list': (_, body) => notations(body),
  'encouragements.get': (_, body) => notations(body),
  'people.encouragements': (params) => [params.id],
  'people.successNetwork.get': (params) => [params.id],
  'people.caseload': (_, body) => valuesOf(body).map((v) => personOf(asRecord(v).href)),
  'noncognitive.administrations.results': (_, body) => valuesOf(body).map((v) => segmentAfter(asRecord(v).href, /\/results\/([^/?#]+)\/factors/)),
  'noncognitive.factorScores': (params) => [params.personIdentifier],
};

/** Whether the operation is a read that returns students' records (the confidentiality notice guards these). */
export const readsRecords = (name: OperationName) => name in READS;

export function studentsRead(call: ApiCall, body: unknown): string[] | undefined {
  const read = READS[call.name];
  if (!read) return undefined;
  return [...new Set(read(call.params, body).filter((s): s is string => typeof s === 'string' && s !== ''))];
}

export interface RecordReadsOptions {
  store: AccessLogStore;
  actorOf: (c: Context) => Promise<Actor | undefined>;
  callOf: (c: Context) => ApiCall | undefined;
  onError?: (error: unknown, c: Context) => void;
}

/** Middleware for `/api/*`: logs each answered read of students' records before it is sent on. */
export function recordReads(options: RecordReadsOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
    const call = options.callOf(c);
    if (!call || !READS[call.name] || c.res.status < 200 || c.res.status >= 300) return;
    const actor = await options.actorOf(c);
    if (!actor) return;
    const body = await answerJson(c);
    const students = studentsRead(call, body) ?? [];
    if (students.length === 0) return;
    const query = new URL(c.req.url).search.slice(1);
    try {
      await options.store.record({
        person: actor.identifier,
        event: 'read',
        operation: call.name,
        path: call.path,
        ...(query ? { query } : {}),
        students,
        requestId: requestIdOf(c),
        ...(c.get('grantReason') ? { reason: c.get('grantReason')! } : {}),
      });
    } catch (error) {
      options.onError?.(error, c);
      c.res = problemResponse(
        problemBody(503, 'This record cannot be shown just now: the access log cannot be written, and no record is shown unlogged. Try again in a moment.', {
          typeSlug: ACCESS_LOG_PROBLEM,
        }),
        { 'retry-after': '5', 'cache-control': 'no-store' },
      );
    }
  };
}

const FilterSchema = z.object({
  person: z.string().max(100).optional(),
  student: z.string().max(100).optional(),
  ...windowAndPaging,
  format: z.enum(['json', 'csv']).default('json'),
});

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const CSV_COLUMNS: (keyof AccessLogEntry)[] = ['at', 'person', 'event', 'operation', 'path', 'query', 'students', 'reason', 'requestId', 'detail'];

export type AccessLogRoutesOptions = LogRoutesOptions<AccessLogStore>;

/**
 * `GET /admin/access-log?person=&student=&since=&until=&before=&limit=&format=csv` (admin group
 * only), newest first. JSON for `Accept: application/json`, CSV with `format=csv` (logged as an
 * export before the file is given); a browser navigating here gets the app's page.
 */
export function accessLogRoutes(options: AccessLogRoutesOptions): Hono {
  const app = new Hono();
  app.get('/admin/access-log', async (c, next) => {
    if (c.req.query('format') !== 'csv' && wantsThePage(c)) return next();
    const { actor, filter } = await readLogQuery(c, options, FilterSchema, 'access log');
    const { format, ...query } = filter;
    let page: Awaited<ReturnType<AccessLogStore['list']>>;
    try {
      page = await options.store.list(query);
      if (format === 'csv') {
        // The export leaves its trace first: no entry, no file.
        await options.store.record({
          person: actor.identifier,
          event: 'export',
          operation: 'access-log.csv',
          path: '/admin/access-log',
          query: new URL(c.req.url).search.slice(1),
          students: [...new Set(page.values.flatMap((e) => e.students))],
          requestId: requestIdOf(c),
          detail: `${page.values.length} rows`,
        });
      }
    } catch (error) {
      options.onError?.(error, c);
      throw new ProblemError(503, 'The access log cannot be read just now; try again in a moment.', {
        type: ACCESS_LOG_PROBLEM,
        headers: { 'retry-after': '5' },
      });
    }
    if (format === 'csv') {
      const lines = [CSV_COLUMNS.join(','), ...page.values.map((entry) => CSV_COLUMNS.map((column) => csvCell(entry[column])).join(','))];
      return c.body(`${lines.join('\r\n')}\r\n`, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="access-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    }
    return c.json(page);
  });
  return app;
}
