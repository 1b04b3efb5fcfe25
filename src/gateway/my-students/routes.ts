import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { MyStudents } from '../../api/my-students.ts';
import { pathFor } from '../../api/operations.ts';
import { ProblemError } from '../../http/problem.ts';
import type { AccessLogStore } from '../access-log-store.ts';
import { requestIdOf } from '../logging.ts';
import type { Membership } from '../membership.ts';
import type { MembershipCache } from '../membership-cache.ts';
import { notInNetwork } from '../relationships.ts';
import type { VisitStore } from '../visit-store.ts';
import type { WatchListStore } from '../watch-list-store.ts';
import type { AttentionRules } from './attention.ts';
import { inAttentionOrder, rowOf } from './facts.ts';
import { readCaseload, readNames, readNotations, readScores, type Read } from './gather.ts';

export interface MyStudentsOptions {
  rules: AttentionRules;
  /** ATTENTION_CONTACT_DAYS: how far back updates are read for the last contact and what is new. */
  contactDays: number;
  visits: VisitStore;
  watchList: WatchListStore;
  membership: Membership;
  /** Without the caseload extension, the networks the gateway has read lately say whose they are. */
  membershipCache?: MembershipCache | undefined;
  accessLog: AccessLogStore;
  actorOf: (c: Context) => Promise<{ identifier: string } | undefined>;
  read: Read;
  /** Whether the signed-in person may open the student's records (relationships.ts). */
  decide: (c: Context, student: string) => Promise<{ allowed: boolean }>;
  now?: () => number;
  onError?: (error: unknown, c: Context) => void;
}

const StudentParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\s/?#,]+$/, 'is one identifier');
const VisitBodySchema = z.object({ student: StudentParam });

const badStudent = (issues: readonly z.core.$ZodIssue[], where: 'path' | 'body') =>
  new ProblemError(400, 'Name one student by identifier', {
    errors: issues.map((i) => ({ in: where, name: where === 'path' ? 'student' : i.path.join('.') || 'body', message: i.message })),
  });

const DAY_MS = 86_400_000;

/**
 * The person's home and what it remembers for them (#32 items 1–3):
 * - `GET /session/my-students`: their students (caseload, else the networks known here, plus the
 *   watch list), each with counts, last contact, what is new since their last visit, low factor
 *   scores and the attention reasons, in attention order; the read is logged like any other.
 * - `POST /session/visits {student}` → 201 `{ student, previous, at }`: the student page says it
 *   was opened. Explicit rather than inferred from a timeline read, because the gateway also reads
 *   timelines for others (this home, prefetches, exports) and only the page knows a person looked.
 * - `GET /session/watch`, `PUT /session/watch/:student` (200 `{ student, since }`), `DELETE` (204).
 */
export function myStudentsRoutes(options: MyStudentsOptions): Hono {
  const app = new Hono();
  const now = options.now ?? Date.now;
  const signedIn = async (c: Context) => {
    c.header('cache-control', 'no-store');
    const actor = await options.actorOf(c);
    if (!actor) throw new ProblemError(401, 'Sign in first');
    return actor;
  };
  /** One the person may open, and a student the service knows (E15 answers 404 for nobody). */
  const openable = async (c: Context, student: string) => {
    if (!(await options.decide(c, student)).allowed) throw notInNetwork(student);
    const { status } = await options.read(c, pathFor('people.successNetwork.get', { id: student }));
    if (status === 404) throw new ProblemError(404, `No student has the identifier '${student}'.`);
  };

  app.get('/session/watch', async (c) => {
    const actor = await signedIn(c);
    return c.json({ values: await options.watchList.list(actor.identifier) });
  });
  app.put('/session/watch/:student', async (c) => {
    const actor = await signedIn(c);
    const student = StudentParam.safeParse(c.req.param('student'));
    if (!student.success) throw badStudent(student.error.issues, 'path');
    await openable(c, student.data);
    return c.json(await options.watchList.watch(actor.identifier, student.data), 200);
  });
  app.delete('/session/watch/:student', async (c) => {
    const actor = await signedIn(c);
    const student = StudentParam.safeParse(c.req.param('student'));
    if (!student.success) throw badStudent(student.error.issues, 'path');
    // Unfollowing needs no access: a person may always drop a student they can no longer open.
    await options.watchList.unwatch(actor.identifier, student.data);
    return c.body(null, 204);
  });

  app.post('/session/visits', async (c) => {
    const actor = await signedIn(c);
    const body = VisitBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) throw badStudent(body.error.issues, 'body');
    if (!(await options.decide(c, body.data.student)).allowed) throw notInNetwork(body.data.student);
    const visit = await options.visits.visit(actor.identifier, body.data.student);
    return c.json({ student: body.data.student, ...visit }, 201);
  });

  app.get('/session/my-students', async (c) => {
    const actor = await signedIn(c);
    const person = actor.identifier;
    const nowMs = now();
    const caseload = await readCaseload(options.read, c, person);
    const source: MyStudents['source'] = caseload === 'missing' ? 'known-networks' : 'caseload';
    const inCaseload = new Map(caseload === 'missing' ? [] : caseload.map((m) => [m.identifier, m.name]));
    if (source === 'known-networks' && options.membershipCache) {
      for (const student of await options.membershipCache.studentsOf(person)) inCaseload.set(student, student);
    }
    const watched = await options.watchList.list(person);
    const watching = new Set<string>();
    let hiddenWatched = 0;
    for (const { student } of watched) {
      if (inCaseload.has(student) || (await options.decide(c, student)).allowed) watching.add(student);
      else hiddenWatched += 1;
    }
    const students = [...new Set([...inCaseload.keys(), ...watching])];
    const unnamed = students.filter((s) => !inCaseload.get(s) || inCaseload.get(s) === s);
    const contactSince = new Date(nowMs - options.contactDays * DAY_MS).toISOString();
    const [names, notations, visits, scores] = await Promise.all([
      unnamed.length > 0 ? readNames(options.read, c, unnamed) : Promise.resolve(new Map<string, string>()),
      readNotations(options.read, c, { person, membership: options.membership, students, updatesSince: contactSince }),
      options.visits.lastVisits(person, students),
      readScores(options.read, c, new Set(students), nowMs).then(
        (s) => ({ read: true as const, s }),
        (error: unknown) => {
          options.onError?.(error, c);
          return { read: false as const, s: new Map<string, { factor: string; score: number }[]>() };
        },
      ),
    ]);
    const rows = students.map((student) =>
      rowOf(
        {
          student,
          name: names.get(student) ?? (inCaseload.get(student) || student),
          inCaseload: inCaseload.has(student),
          watching: watching.has(student),
          alerts: notations.alerts.get(student) ?? [],
          updates: notations.updates.get(student) ?? [],
          lastVisit: visits.get(student) ?? null,
          factorScores: scores.s.get(student) ?? [],
        },
        person,
        options.rules,
        nowMs,
      ),
    );
    if (students.length > 0) {
      try {
        // Counts of records are records: logged before they leave, as every read is.
        await options.accessLog.record({
          person,
          event: 'read',
          operation: 'session.myStudents',
          path: '/session/my-students',
          students,
          requestId: requestIdOf(c),
        });
      } catch (error) {
        options.onError?.(error, c);
        throw new ProblemError(503, 'Your students cannot be shown just now: the access log cannot be written. Try again in a moment.', {
          type: 'access-log-unavailable',
          headers: { 'retry-after': '5' },
        });
      }
    }
    const answer: MyStudents = {
      source,
      generatedAt: new Date(nowMs).toISOString(),
      contactSince,
      rules: options.rules,
      scores: scores.read ? 'read' : 'unavailable',
      students: inAttentionOrder(rows, nowMs),
      hiddenWatched,
    };
    return c.json(answer);
  });
  return app;
}
