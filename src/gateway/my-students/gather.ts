import type { Context } from 'hono';
import type { z } from 'zod';
import { pathFor } from '../../api/operations.ts';
import {
  AdministrationSchema,
  AlertExpansions,
  AlertSchema,
  AssessmentFactorSchema,
  PersonSchema,
  RespondentFactorsSchema,
  UpdateExpansions,
  UpdateSchema,
  envelopeOf,
  type Alert,
  type Update,
} from '../../api/schemas/index.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { mapPool } from '../../lib/pool.ts';
import { hiddenReason } from '../audiences.ts';
import type { Membership } from '../membership.ts';
import { contactsOf, type StudentRecords, type WithComments } from './facts.ts';
import type { NotationCache } from './notation-cache.ts';

/**
 * What the home reads from the service for one person's students, in bounded calls (#32): the
 * caseload in pages of 1000, then alerts and updates for up to 100 students a call (E7 and E1
 * `identifiers=`), names for up to 1000 a call, and the factor scores of the latest
 * administrations a cohort page at a time, never one call per student. Every answer is parsed by
 * the contract's schemas; what the person may not see (audiences.ts) is left out before counting.
 */
export type Read = (c: Context, path: string) => Promise<{ status: number; body: unknown; date?: string | null | undefined }>;

const PAGE = 1000;
/** Students named in one E1/E7 call: a URL of 100 identifiers stays far below every server's limit. */
export const STUDENTS_PER_CALL = 100;
const MAX_PAGES = 20;
/** Calls in flight at once for one person's home. */
const PARALLEL = 4;
/** The latest administrations whose scores count (a student's most recent answer among them). */
const ADMINISTRATIONS = 2;

export class UpstreamUnreadable extends Error {}

async function parsed<S extends z.ZodType>(read: Read, c: Context, path: string, schema: S): Promise<z.infer<S> | 'missing'> {
  const answer = await parsedWithDate(read, c, path, schema);
  return answer === 'missing' ? answer : answer.data;
}

/** The answer and the service's clock when it was made (its Date header, when it sent one). */
async function parsedWithDate<S extends z.ZodType>(
  read: Read,
  c: Context,
  path: string,
  schema: S,
): Promise<{ data: z.infer<S>; date: number | undefined } | 'missing'> {
  const { status, body, date } = await read(c, path);
  if (status === 404) return 'missing';
  if (status !== 200) throw new UpstreamUnreadable(`GET ${path} answered ${status}`);
  const result = schema.safeParse(body);
  if (!result.success) throw new UpstreamUnreadable(`GET ${path}: the answer does not match the contract`);
  const clock = date ? Date.parse(date) : NaN;
  return { data: result.data, date: Number.isFinite(clock) ? clock : undefined };
}

/** Every page of a list, `pageSize=1000`, up to MAX_PAGES, and the service's clock at the first page. */
async function allPages<S extends z.ZodType>(
  read: Read,
  c: Context,
  path: string,
  item: S,
): Promise<{ values: z.infer<S>[]; date: number | undefined } | 'missing'> {
  const schema = envelopeOf(item);
  const found: z.infer<S>[] = [];
  let date: number | undefined;
  const join = path.includes('?') ? '&' : '?';
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await parsedWithDate(read, c, `${path}${join}page=${page}&pageSize=${PAGE}`, schema);
    if (answer === 'missing') {
      if (page === 1) return 'missing';
      break;
    }
    if (page === 1) date = answer.date;
    found.push(...(answer.data.values as z.infer<S>[]));
    if (answer.data.values.length < PAGE || page * PAGE >= answer.data.totalValues) break;
  }
  return { values: found, date };
}

export interface Named {
  identifier: string;
  name: string;
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The person's caseload (the extension); 'missing' when the service does not have it. */
export async function readCaseload(read: Read, c: Context, person: string): Promise<Named[] | 'missing'> {
  const people = await allPages(read, c, pathFor('people.caseload', { id: person }), PersonSchema);
  return people === 'missing' ? 'missing' : people.values.map((p) => ({ identifier: p.identifier, name: nameOf(p) }));
}

/** Names of these people (the people extension, 1000 a call); without it, none. */
export async function readNames(read: Read, c: Context, identifiers: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await mapPool(chunksOf(identifiers, PAGE), PARALLEL, async (chunk) => {
    const answer = await parsed(
      read,
      c,
      `${pathFor('people.list', {})}?identifiers=${chunk.map(encodeURIComponent).join(',')}&pageSize=${PAGE}`,
      envelopeOf(PersonSchema),
    );
    if (answer !== 'missing') for (const p of answer.values) names.set(p.identifier, nameOf(p));
  });
  return names;
}

const AlertWithComments = AlertSchema.extend({ comments: AlertExpansions.comments });
const UpdateWithComments = UpdateSchema.extend({ comments: UpdateExpansions.comments });
const studentOf = (n: { student: { href: string } }) => decodeURIComponent(n.student.href.replace(/\/$/, '').split('/').at(-1) ?? '');
const alertOf = ({ comments, ...notation }: z.infer<typeof AlertWithComments>): WithComments<Alert> => ({
  notation: { ...notation, comments: { href: comments.href } },
  comments: comments.values,
});
const updateOf = ({ comments, ...notation }: z.infer<typeof UpdateWithComments>): WithComments<Update> => ({
  notation: { ...notation, comments: { href: comments.href } },
  comments: comments.values,
});
function byStudent<R extends { student: { href: string } }, T>(rows: readonly R[], entry: (row: R) => T): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const student = studentOf(row);
    const list = grouped.get(student);
    if (list) list.push(entry(row));
    else grouped.set(student, [entry(row)]);
  }
  return grouped;
}
/**
 * How far before the service's clock at an answer the next sync starts: a comment being written
 * while that answer was made is read again rather than missed (a notation read twice is merged).
 */
const SYNC_OVERLAP_MS = 60_000;

/** Alerts and updates of up to STUDENTS_PER_CALL students, grouped by student, and the instant they are current to. */
async function readChunk(
  read: Read,
  c: Context,
  students: readonly string[],
  filter: { alerts: string; updates: string },
): Promise<{ alerts: Map<string, WithComments<Alert>[]>; updates: Map<string, WithComments<Update>[]>; syncedTo: string }> {
  const ids = students.map(encodeURIComponent).join(',');
  const started = Date.now();
  const [alerts, updates] = await Promise.all([
    allPages(read, c, `${pathFor('alerts.list', {})}?identifiers=${ids}${filter.alerts}&expand=comments`, AlertWithComments),
    allPages(read, c, `${pathFor('updates.list', {})}?identifiers=${ids}${filter.updates}&expand=comments`, UpdateWithComments),
  ]);
  if (alerts === 'missing' || updates === 'missing') throw new UpstreamUnreadable('the alerts or updates list answered 404');
  const clock = Math.min(alerts.date ?? started, updates.date ?? started);
  return {
    alerts: byStudent(alerts.values, alertOf),
    updates: byStudent(updates.values, updateOf),
    syncedTo: new Date(clock - SYNC_OVERLAP_MS).toISOString(),
  };
}

/**
 * The students' alerts (all of them: an open alert may be old) and their updates since
 * `updatesSince`, with comments, as the person may see them, by student. Students read before
 * (NotationCache) are brought up to date with what changed since; the others are read whole.
 */
export async function readNotations(
  read: Read,
  c: Context,
  options: { person: string; membership: Membership; students: readonly string[]; updatesSince: string; cache: NotationCache },
): Promise<{ alerts: Map<string, WithComments<Alert>[]>; updates: Map<string, WithComments<Update>[]> }> {
  const { cache } = options;
  const known = options.students.filter((s) => cache.syncedTo(s) !== undefined);
  const unread = options.students.filter((s) => cache.syncedTo(s) === undefined);
  // Students current to nearly the same instant share a call: the earliest instant of each run is asked.
  known.sort((a, b) => cache.syncedTo(a)!.localeCompare(cache.syncedTo(b)!));
  const since = encodeURIComponent(options.updatesSince);
  const jobs = [
    ...chunksOf(unread, STUDENTS_PER_CALL).map((chunk) => async () => {
      const got = await readChunk(read, c, chunk, { alerts: '', updates: `&createdOnStart=${since}` });
      for (const student of chunk) {
        cache.replace(student, {
          alerts: got.alerts.get(student) ?? [],
          updates: got.updates.get(student) ?? [],
          updatesFrom: options.updatesSince,
          syncedTo: got.syncedTo,
        });
      }
    }),
    ...chunksOf(known, STUDENTS_PER_CALL).map((chunk) => async () => {
      const from = encodeURIComponent(cache.syncedTo(chunk[0]!)!);
      const got = await readChunk(read, c, chunk, { alerts: `&modifiedOnStart=${from}`, updates: `&modifiedOnStart=${from}` });
      for (const student of chunk) {
        cache.merge(student, { alerts: got.alerts.get(student) ?? [], updates: got.updates.get(student) ?? [], syncedTo: got.syncedTo });
      }
    }),
  ];
  await mapPool(jobs, PARALLEL, (job) => job());

  const alerts = new Map<string, WithComments<Alert>[]>();
  const updates = new Map<string, WithComments<Update>[]>();
  // Most notations are for everyone (`All`): only the others wait for a membership answer.
  const visible = async (n: Alert | Update) => n.audienceType === 'All' || (await hiddenReason(c, options.membership, options.person, n)) === undefined;
  for (const student of options.students) {
    // Evicted meanwhile by a larger home running at the same time: this one reads it again.
    const copy = cache.of(student, options.updatesSince) ?? (await readAgain(read, c, student, options.updatesSince));
    const seenAlerts: WithComments<Alert>[] = [];
    for (const a of copy.alerts) if (a.notation.audienceType === 'All' || (await visible(a.notation))) seenAlerts.push(a);
    const seenUpdates: WithComments<Update>[] = [];
    for (const u of copy.updates) if (u.notation.audienceType === 'All' || (await visible(u.notation))) seenUpdates.push(u);
    if (seenAlerts.length > 0) alerts.set(student, seenAlerts);
    if (seenUpdates.length > 0) updates.set(student, seenUpdates);
  }
  return { alerts, updates };
}

async function readAgain(read: Read, c: Context, student: string, updatesSince: string) {
  const got = await readChunk(read, c, [student], { alerts: '', updates: `&createdOnStart=${encodeURIComponent(updatesSince)}` });
  return { alerts: got.alerts.get(student) ?? [], updates: got.updates.get(student) ?? [] };
}

/**
 * For each student, the author of their latest staff-written update or comment who is in the
 * student's success network (`networkOf`: E15 through contact-networks.ts): the last contact is by
 * a network member (#32), not by whoever wrote last. When the newest is the person's own writing
 * about a caseload student, nothing is asked: they are in that network by definition.
 */
export async function networkAuthors(
  person: string,
  students: readonly Pick<StudentRecords, 'student' | 'alerts' | 'updates' | 'inCaseload'>[],
  networkOf: (student: string) => Promise<ReadonlySet<string> | undefined>,
): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  await mapPool(students, NETWORKS_PARALLEL, async (records) => {
    const contacts = contactsOf(records);
    const own = records.inCaseload ? contacts.find((x) => x.by === person) : undefined;
    let author = contacts[0] === own ? own?.by : undefined;
    if (author === undefined && contacts.length > 0) {
      const network = await networkOf(records.student);
      // Unreadable just now: the person's own contact still counts; nobody else's is assumed.
      author = network ? contacts.find((x) => network.has(x.by))?.by : own?.by;
    }
    found.set(records.student, new Set(author === undefined ? [] : [author]));
  });
  return found;
}
/** Networks read at once for one home. */
const NETWORKS_PARALLEL = 16;

const RESPONDENT = /\/results\/([^/?#]+)\/factors/;
const FACTOR = /\/noncognitives\/assessments\/([^/?#]+)\/factors\/([^/?#]+)/;

/** Factor names by link, kept for the process's life: a factor's name is part of the instrument. */
const factorNames = new Map<string, Promise<string | undefined>>();
function factorName(read: Read, c: Context, href: string): Promise<string | undefined> {
  const match = FACTOR.exec(href);
  if (!match) return Promise.resolve(undefined);
  const key = `${match[1]}/${match[2]}`;
  let name = factorNames.get(key);
  if (!name) {
    name = parsed(
      read,
      c,
      pathFor('noncognitive.factor', { id: decodeURIComponent(match[1]!), factorId: decodeURIComponent(match[2]!) }),
      AssessmentFactorSchema,
    ).then((f) => (f === 'missing' ? undefined : f.name));
    name.catch(() => factorNames.delete(key));
    factorNames.set(key, name);
  }
  return name;
}

/**
 * Each student's latest factor scores without a validity concern: from the most recent
 * administrations that have started, whole cohort pages (`results?expand=factors`) filtered here.
 */
/**
 * Administrations and their cohorts' results as the home last read them, shared by every person's
 * home for SCORES_MS: scores change only when students answer an assessment, and reading two
 * cohorts of factor scores again was most of a second opening's wait.
 */
export class ScoresCache {
  readonly #entries = new Map<string, { at: number; value: Promise<unknown> }>();
  readonly #now: () => number;
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }
  /** The cached read of `path`, or a new one (a failed read is not kept). */
  read<T>(path: string, load: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(path);
    if (entry && this.#now() - entry.at < SCORES_MS) return entry.value as Promise<T>;
    const value = load();
    value.catch(() => this.#entries.delete(path));
    this.#entries.set(path, { at: this.#now(), value });
    return value;
  }
}
/** How long the administrations and cohorts read for the home are reused. */
const SCORES_MS = 5 * 60_000;

export async function readScores(
  read: Read,
  c: Context,
  students: ReadonlySet<string>,
  nowMs: number,
  cache: ScoresCache = new ScoresCache(),
): Promise<Map<string, { factor: string; score: number }[]>> {
  const listPath = pathFor('noncognitive.administrations.list', {});
  const administrations = await cache.read(listPath, () => allPages(read, c, listPath, AdministrationSchema));
  const scores = new Map<string, { factor: string; score: number }[]>();
  if (administrations === 'missing') return scores;
  const latest = administrations.values
    .filter((a) => Date.parse(a.startDate) <= nowMs)
    .sort((a, b) => b.startDate.localeCompare(a.startDate))
    .slice(0, ADMINISTRATIONS);
  // Newest first: a student's scores come from the most recent administration they answered.
  const cohorts = await Promise.all(
    latest.map((a) => {
      const path = `${pathFor('noncognitive.administrations.results', { id: a.id })}?expand=factors`;
      return cache.read(path, () => allPages(read, c, path, RespondentFactorsSchema));
    }),
  );
  for (const cohort of cohorts) {
    if (cohort === 'missing') continue;
    for (const respondent of cohort.values) {
      const student = decodeURIComponent(RESPONDENT.exec(respondent.href)?.[1] ?? '');
      if (!students.has(student) || scores.has(student)) continue;
      const kept = respondent.values.filter((r) => !r.validityConcern);
      const named = await Promise.all(kept.map(async (r) => ({ factor: await factorName(read, c, r.factor.href), score: r.score })));
      scores.set(
        student,
        named.filter((s): s is { factor: string; score: number } => s.factor !== undefined),
      );
    }
  }
  return scores;
}
