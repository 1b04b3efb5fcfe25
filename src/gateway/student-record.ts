import { Hono, type Context } from 'hono';
import type { AccessLogEntry } from '../api/access-log.ts';
import type { JournalEntry } from '../api/journal.ts';
import { pathFor, type OperationName, type PathValues } from '../api/operations.ts';
import type { RecordComment, RecordNotation, RecordNotationKind, RecordPerson, RecordScores, StudentRecord } from '../api/student-record.ts';
import { ProblemError } from '../http/problem.ts';
import { mapPool } from '../lib/pool.ts';
import { ACCESS_LOG_PROBLEM } from './access-log.ts';
import type { AccessLogStore } from './access-log-store.ts';
import type { Actor } from './journal.ts';
import type { JournalStore } from './journal-store.ts';
import { requestIdOf } from './logging.ts';
import { asRecord, lastSegment, personOf } from './rewrite.ts';

/**
 * One student's record for an inspection or an access request (#30 item 4):
 * `GET /admin/students/{id}/record` (administrators only) gathers everything the dashboard can read
 * about one student — the student, every notation with its comments, their scores, their success
 * network, the change journal's entries about them and the access log's — and answers it as one
 * JSON file, logged as an export before it is given (no entry, no file).
 *
 * Private notes are their author's alone, administrators included (audiences.ts): those of
 * others are withheld and counted. They are "sole possession" notes (FERPA, 34 CFR 99.3), not part
 * of the education record, so they stay out whatever ACCESS_ENFORCEMENT says. docs/student-record.md.
 */

/** Each list is read a page of this size at a time, up to MAX_PAGES pages; past that the part is marked truncated. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 20;
/** The gateway's own logs, read a page at a time the same way. */
const LOG_PAGE = 1000;
/** Upstream reads in flight at once for one record (the scores of each administration). */
const CONCURRENCY = 4;
/** What a person identifier may be spelled with: anything else is a malformed identifier (400). */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;

export const WITHHELD_REASON =
  "Private notes are their author's alone: sole-possession notes (FERPA, 34 CFR 99.3), kept by their maker as a personal memory aid, are not part of the education record.";

export interface UpstreamAnswer {
  status: number;
  body: unknown;
}

export interface StudentRecordOptions {
  accessLog: AccessLogStore;
  journal: JournalStore;
  actorOf: (c: Context) => Promise<(Actor & { isAdmin?: boolean }) | undefined>;
  /** Reads a service path as the gateway (credentials added), whatever its status. */
  read: (c: Context, path: string) => Promise<UpstreamAnswer>;
  onError?: (error: unknown, c: Context) => void;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
const valuesOf = (body: unknown): unknown[] => (Array.isArray(asRecord(body).values) ? (asRecord(body).values as unknown[]) : []);

const serviceUnreadable = (path: string, status?: number) =>
  new ProblemError(
    502,
    `The student records service did not answer ${path.split('?')[0]} (${status ?? 'no answer'}), so the record would be incomplete and none was made. Try again in a moment.`,
  );

/** A record being gathered for one request. */
class Gatherer {
  readonly truncated = new Set<string>();
  private readonly c: Context;
  private readonly read: StudentRecordOptions['read'];
  constructor(c: Context, read: StudentRecordOptions['read']) {
    this.c = c;
    this.read = read;
  }

  async one(path: string): Promise<UpstreamAnswer> {
    const answer = await this.read(this.c, path).catch(() => {
      throw serviceUnreadable(path);
    });
    if (answer.status !== 200 && answer.status !== 404) throw serviceUnreadable(path, answer.status);
    return answer;
  }

  async ok(path: string): Promise<unknown> {
    const answer = await this.one(path);
    if (answer.status !== 200) throw serviceUnreadable(path, answer.status);
    return answer.body;
  }

  /** Every item of a paged list (page by page, as the contract pages: `totalValues`), up to the bound. */
  async all(part: string, name: OperationName, params: PathValues, query: Record<string, string>): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const search = new URLSearchParams({ ...query, page: String(page), pageSize: String(PAGE_SIZE) });
      const body = await this.ok(`${pathFor(name, params)}?${search}`);
      const values = valuesOf(body);
      items.push(...values);
      const total = int(asRecord(body).totalValues);
      if (values.length === 0 || !(page * PAGE_SIZE < total)) return items;
    }
    this.truncated.add(part);
    return items;
  }
}

const commentsOf = async (g: Gatherer, notation: Record<string, unknown>, name: OperationName): Promise<RecordComment[]> => {
  let expanded = asRecord(notation.comments);
  // An expansion that holds fewer than its total (or none, from a service without it): the comments' own list.
  if (!Array.isArray(expanded.values) || expanded.values.length < int(expanded.totalValues))
    expanded = asRecord(await g.ok(pathFor(name, { id: int(notation.id) })));
  return valuesOf(expanded).map((comment) => {
    const c = asRecord(comment);
    return {
      id: int(c.id),
      createdOn: String(c.createdOn),
      createdBy: personOf(c.createdBy) ?? null,
      details: String(c.details ?? ''),
      usedToLowerAlert: c.usedToLowerAlert === true,
    };
  });
};

const namesOf = (categories: unknown) => valuesOf(categories).map((c) => String(asRecord(c).name ?? ''));

async function toNotation(g: Gatherer, kind: RecordNotationKind, item: unknown): Promise<RecordNotation> {
  const n = asRecord(item);
  const comments: Record<RecordNotationKind, OperationName | undefined> = {
    update: 'updates.comments',
    dataInsight: 'dataInsights.comments',
    alert: 'alerts.comments',
    encouragement: undefined,
  };
  const commentList = comments[kind];
  const categories: Record<RecordNotationKind, OperationName | undefined> = {
    update: 'updates.categories',
    alert: 'alerts.categories',
    dataInsight: undefined,
    encouragement: undefined,
  };
  const categoryList = categories[kind];
  let categoryNames: string[] = [];
  if (categoryList) {
    const expanded = asRecord(n.categories);
    categoryNames = Array.isArray(expanded.values) ? namesOf(expanded) : namesOf(await g.ok(pathFor(categoryList, { id: int(n.id) })));
  }
  const status =
    kind === 'alert' ? str(n.status) : kind === 'dataInsight' ? str(n.dataInsightType) : kind === 'encouragement' ? str(asRecord(n.type).name) : null;
  return {
    kind,
    id: int(n.id),
    createdOn: String(n.createdOn),
    createdBy: kind === 'dataInsight' ? null : (personOf(n.createdBy) ?? null),
    audienceType: str(n.audienceType),
    canStudentView: typeof n.canStudentView === 'boolean' ? n.canStudentView : null,
    status,
    categories: categoryNames,
    details: String(n.details ?? ''),
    comments: commentList ? await commentsOf(g, n, commentList) : [],
  };
}

/** The student's notations of every kind, newest first, with the Private notes of others taken out and counted. */
async function notationsOf(g: Gatherer, student: string, viewer: string): Promise<{ notations: RecordNotation[]; withheld: number }> {
  const ofStudent = { identifiers: student };
  const lists: [RecordNotationKind, Promise<unknown[]>][] = [
    ['update', g.all('updates', 'updates.list', {}, { ...ofStudent, expand: 'comments,categories' })],
    ['dataInsight', g.all('dataInsights', 'dataInsights.list', {}, { ...ofStudent, expand: 'comments' })],
    ['alert', g.all('alerts', 'alerts.list', {}, { ...ofStudent, expand: 'comments,categories' })],
    ['encouragement', g.all('encouragements', 'people.encouragements', { id: student }, { expand: 'type' })],
  ];
  let withheld = 0;
  const kept: [RecordNotationKind, unknown][] = [];
  for (const [kind, list] of lists) {
    for (const item of await list) {
      const n = asRecord(item);
      // The list's filter is the service's; the student is checked here too, as every rule here is.
      if (personOf(n.student) !== student) continue;
      if (n.audienceType === 'Private' && personOf(n.createdBy) !== viewer) withheld += 1;
      else kept.push([kind, item]);
    }
  }
  const notations = await mapPool(kept, CONCURRENCY, ([kind, item]) => toNotation(g, kind, item));
  notations.sort((a, b) => b.createdOn.localeCompare(a.createdOn) || a.kind.localeCompare(b.kind) || b.id - a.id);
  return { notations, withheld };
}

async function scoresOf(g: Gatherer, student: string): Promise<RecordScores[]> {
  const administrations = await g.all('scores', 'noncognitive.administrations.list', {}, { personIdentifier: student });
  return mapPool(administrations, CONCURRENCY, async (item) => {
    const a = asRecord(item);
    const answer = await g.one(`${pathFor('noncognitive.factorScores', { id: int(a.id), personIdentifier: student })}?expand=factor`);
    return {
      administration: {
        id: int(a.id),
        title: String(a.title ?? ''),
        startDate: String(a.startDate ?? ''),
        endDate: String(a.endDate ?? ''),
        status: String(a.status ?? ''),
      },
      // A respondent without scores in an administration they are listed in: none to show.
      factors: (answer.status === 200 ? valuesOf(answer.body) : []).map((result) => {
        const r = asRecord(result);
        const factor = asRecord(r.factor);
        return { factor: str(factor.name) ?? lastSegment(factor.href) ?? '', score: int(r.score), validityConcern: r.validityConcern === true };
      }),
    };
  });
}

async function networkOf(g: Gatherer, student: string): Promise<RecordPerson[]> {
  const members = valuesOf(await g.ok(pathFor('people.successNetwork.get', { id: student })))
    .map((link) => personOf(link))
    .filter((id): id is string => typeof id === 'string' && id !== '');
  if (members.length === 0) return [];
  // Names from the people extension when the service has it; identifiers alone when it does not.
  const people = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < members.length; i += PAGE_SIZE) {
    const answer = await g.one(
      `${pathFor('people.list', {})}?${new URLSearchParams({ identifiers: members.slice(i, i + PAGE_SIZE).join(','), pageSize: String(PAGE_SIZE) })}`,
    );
    if (answer.status === 200) for (const p of valuesOf(answer.body)) people.set(String(asRecord(p).identifier), asRecord(p));
  }
  return members.map((identifier) => {
    const p = people.get(identifier);
    return { identifier, firstName: str(p?.firstName), lastName: str(p?.lastName), role: str(p?.role) };
  });
}

/** Entries about the student: on the student (a notation written), their network, and each of their notations (a comment). */
async function journalOf(g: Gatherer, journal: JournalStore, student: string, notations: readonly RecordNotation[]): Promise<JournalEntry[]> {
  const targets = [
    `student/${student}`,
    `network/${student}`,
    ...notations.filter((n) => n.kind === 'update' || n.kind === 'alert').map((n) => `${n.kind}/${n.id}`),
  ];
  const entries: JournalEntry[] = [];
  for (let i = 0; i < targets.length; i += 500) {
    let before: string | undefined;
    for (let page = 0; ; page += 1) {
      if (page === MAX_PAGES) {
        g.truncated.add('journal');
        break;
      }
      const found = await journal.list({ targets: targets.slice(i, i + 500), limit: LOG_PAGE, ...(before ? { before } : {}) });
      entries.push(...found.values);
      if (!found.older) break;
      before = found.older;
    }
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at) || (b.id ?? 0) - (a.id ?? 0));
}

async function accessLogOf(g: Gatherer, accessLog: AccessLogStore, student: string): Promise<AccessLogEntry[]> {
  const entries: AccessLogEntry[] = [];
  let before: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const found = await accessLog.list({ student, limit: LOG_PAGE, ...(before ? { before } : {}) });
    entries.push(...found.values);
    if (!found.older) return entries;
    before = found.older;
  }
  g.truncated.add('accessLog');
  return entries;
}

const logsUnavailable = (detail: string) => new ProblemError(503, detail, { type: ACCESS_LOG_PROBLEM, headers: { 'retry-after': '5' } });

export function studentRecordRoutes(options: StudentRecordOptions): Hono {
  const app = new Hono();
  app.get('/admin/students/:id/record', async (c) => {
    c.header('cache-control', 'no-store');
    const actor = await options.actorOf(c);
    if (!actor) throw new ProblemError(401, "Sign in to download a student's record");
    if (!actor.isAdmin) throw new ProblemError(403, "Only administrators may download a student's record");
    const student = c.req.param('id');
    if (!IDENTIFIER.test(student)) {
      throw new ProblemError(400, `'${student.slice(0, 100)}' is not a person identifier`, {
        errors: [{ in: 'path', name: 'id', message: 'letters, digits, and . _ @ - (at most 100 characters)' }],
      });
    }
    const g = new Gatherer(c, options.read);
    const person = await g.one(pathFor('people.get', { id: student }));
    const p = asRecord(person.body);
    if (person.status === 404) throw new ProblemError(404, `No student has the identifier '${student}'.`);
    if (p.role !== 'Student') throw new ProblemError(404, `${student} is not a student (${str(p.role) ?? 'no role'}): only a student has a record here.`);

    const [{ notations, withheld }, scores, successNetwork] = await Promise.all([
      notationsOf(g, student, actor.identifier),
      scoresOf(g, student),
      networkOf(g, student),
    ]);
    let journal: JournalEntry[];
    let accessLog: AccessLogEntry[];
    try {
      [journal, accessLog] = await Promise.all([journalOf(g, options.journal, student, notations), accessLogOf(g, options.accessLog, student)]);
    } catch (error) {
      options.onError?.(error, c);
      throw logsUnavailable(
        "The gateway's journal and access log cannot be read just now, so the record would be incomplete and none was made. Try again in a moment.",
      );
    }
    const record: StudentRecord = {
      kind: 'student-record',
      generatedAt: new Date().toISOString(),
      generatedBy: actor.identifier,
      student: { identifier: student, firstName: str(p.firstName), lastName: str(p.lastName), email: str(p.email), role: str(p.role) },
      audiences: { included: ['All', 'FullNetwork', 'Private (written by you)'], withheld: { Private: withheld, reason: WITHHELD_REASON } },
      notations,
      scores,
      successNetwork,
      journal,
      accessLog,
      truncated: [...g.truncated],
    };
    try {
      // The export leaves its trace first: no entry, no file.
      await options.accessLog.record({
        person: actor.identifier,
        event: 'export',
        operation: 'student.record',
        path: `/admin/students/${student}/record`,
        students: [student],
        requestId: requestIdOf(c),
        detail: `${notations.length} notations, ${scores.length} administrations, ${withheld} Private notes withheld`,
      });
    } catch (error) {
      options.onError?.(error, c);
      throw logsUnavailable('The export cannot be logged just now, so no record was given. Try again in a moment.');
    }
    return c.json(record, 200, {
      'content-disposition': `attachment; filename="student-${student}-record-${record.generatedAt.slice(0, 10)}.json"`,
    });
  });
  return app;
}
