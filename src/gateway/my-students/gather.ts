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
import type { WithComments } from './facts.ts';

/**
 * What the home reads from the service for one person's students, in bounded calls (#32): the
 * caseload in pages of 1000, then alerts and updates for up to 100 students a call (E7 and E1
 * `identifiers=`), names for up to 1000 a call, and the factor scores of the latest
 * administrations a cohort page at a time, never one call per student. Every answer is parsed by
 * the contract's schemas; what the person may not see (audiences.ts) is left out before counting.
 */
export type Read = (c: Context, path: string) => Promise<{ status: number; body: unknown }>;

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
  const { status, body } = await read(c, path);
  if (status === 404) return 'missing';
  if (status !== 200) throw new UpstreamUnreadable(`GET ${path} answered ${status}`);
  const result = schema.safeParse(body);
  if (!result.success) throw new UpstreamUnreadable(`GET ${path}: the answer does not match the contract`);
  return result.data;
}

/** Every page of a list, `pageSize=1000`, up to MAX_PAGES. */
async function allPages<S extends z.ZodType>(read: Read, c: Context, path: string, item: S): Promise<z.infer<S>[] | 'missing'> {
  const schema = envelopeOf(item);
  const found: z.infer<S>[] = [];
  const join = path.includes('?') ? '&' : '?';
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await parsed(read, c, `${path}${join}page=${page}&pageSize=${PAGE}`, schema);
    if (answer === 'missing') return page === 1 ? 'missing' : found;
    found.push(...(answer.values as z.infer<S>[]));
    if (answer.values.length < PAGE || page * PAGE >= answer.totalValues) break;
  }
  return found;
}

export interface Named {
  identifier: string;
  name: string;
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The person's caseload (the extension); 'missing' when the service does not have it. */
export async function readCaseload(read: Read, c: Context, person: string): Promise<Named[] | 'missing'> {
  const people = await allPages(read, c, pathFor('people.caseload', { id: person }), PersonSchema);
  return people === 'missing' ? 'missing' : people.map((p) => ({ identifier: p.identifier, name: nameOf(p) }));
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

/**
 * The students' alerts (all of them: an open alert may be old) and their updates since
 * `updatesSince`, with comments, as the person may see them, by student.
 */
export async function readNotations(
  read: Read,
  c: Context,
  options: { person: string; membership: Membership; students: readonly string[]; updatesSince: string },
): Promise<{ alerts: Map<string, WithComments<Alert>[]>; updates: Map<string, WithComments<Update>[]> }> {
  const alerts = new Map<string, WithComments<Alert>[]>();
  const updates = new Map<string, WithComments<Update>[]>();
  const visible = async <T extends { student: { href: string } }>(n: T) => (await hiddenReason(c, options.membership, options.person, n)) === undefined;
  const jobs = chunksOf(options.students, STUDENTS_PER_CALL).flatMap((chunk) => {
    const ids = chunk.map(encodeURIComponent).join(',');
    return [
      async () => {
        const rows = await allPages(read, c, `${pathFor('alerts.list', {})}?identifiers=${ids}&expand=comments`, AlertWithComments);
        if (rows === 'missing') throw new UpstreamUnreadable('the alerts list answered 404');
        for (const a of rows) {
          if (!(await visible(a))) continue;
          const { comments, ...notation } = a;
          const list = alerts.get(studentOf(a)) ?? [];
          list.push({ notation: { ...notation, comments: { href: comments.href } }, comments: comments.values });
          alerts.set(studentOf(a), list);
        }
      },
      async () => {
        const since = encodeURIComponent(options.updatesSince);
        const rows = await allPages(read, c, `${pathFor('updates.list', {})}?identifiers=${ids}&createdOnStart=${since}&expand=comments`, UpdateWithComments);
        if (rows === 'missing') throw new UpstreamUnreadable('the updates list answered 404');
        for (const u of rows) {
          if (!(await visible(u))) continue;
          const { comments, ...notation } = u;
          const list = updates.get(studentOf(u)) ?? [];
          list.push({ notation: { ...notation, comments: { href: comments.href } }, comments: comments.values });
          updates.set(studentOf(u), list);
        }
      },
    ];
  });
  await mapPool(jobs, PARALLEL, (job) => job());
  return { alerts, updates };
}

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
export async function readScores(
  read: Read,
  c: Context,
  students: ReadonlySet<string>,
  nowMs: number,
): Promise<Map<string, { factor: string; score: number }[]>> {
  const administrations = await allPages(read, c, pathFor('noncognitive.administrations.list', {}), AdministrationSchema);
  const scores = new Map<string, { factor: string; score: number }[]>();
  if (administrations === 'missing') return scores;
  const latest = administrations
    .filter((a) => Date.parse(a.startDate) <= nowMs)
    .sort((a, b) => b.startDate.localeCompare(a.startDate))
    .slice(0, ADMINISTRATIONS);
  // Newest first: a student's scores come from the most recent administration they answered.
  const cohorts = await Promise.all(
    latest.map((a) => allPages(read, c, `${pathFor('noncognitive.administrations.results', { id: a.id })}?expand=factors`, RespondentFactorsSchema)),
  );
  for (const cohort of cohorts) {
    if (cohort === 'missing') continue;
    for (const respondent of cohort) {
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
