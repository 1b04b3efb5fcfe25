import { setTimeout as sleep } from 'node:timers/promises';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
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
import { ScoresCache, networkAuthors, readCaseload, readNames, readNotations, readScores, type Read } from './gather.ts';
import { HOME_WAIT_HEADER } from '../app-serving/home-picture.ts';
import { NotationCache } from './notation-cache.ts';
import { ContactNetworks } from './contact-networks.ts';

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
/** How long a home started early waits for the app's request: the app asks within a second or two of the page. */
const EARLY_MS = 15_000;
/**
 * Students whose notations the homes keep between readings (notation-cache.ts): every caseload
 * of a large university's advisors opening their home the same morning, at some 60 KB each.
 */
const CACHED_STUDENTS = 5_000;

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
export function myStudentsRoutes(options: MyStudentsOptions): { routes: Hono; startEarly: MiddlewareHandler } {
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

  const cache = new NotationCache(CACHED_STUDENTS);
  const scoresCache = new ScoresCache(now);
  const networks = new ContactNetworks({ read: (c, student) => options.membership.network(c, student), maxStudents: CACHED_STUDENTS });
  /** Everything the home shows for one person, read now (the access log is written when it is sent). */
  const gather = async (c: Context, person: string): Promise<MyStudents> => {
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
      readNotations(options.read, c, { person, membership: options.membership, students, updatesSince: contactSince, cache }),
      options.visits.lastVisits(person, students),
      readScores(options.read, c, new Set(students), nowMs, scoresCache).then(
        (s) => ({ read: true as const, s }),
        (error: unknown) => {
          options.onError?.(error, c);
          return { read: false as const, s: new Map<string, { factor: string; score: number }[]>() };
        },
      ),
    ]);
    const records = students.map((student) => ({
      student,
      inCaseload: inCaseload.has(student),
      alerts: notations.alerts.get(student) ?? [],
      updates: notations.updates.get(student) ?? [],
    }));
    const members = await networkAuthors(person, records, (student) => networks.get(c, student));
    const rows = records.map((r) =>
      rowOf(
        {
          ...r,
          name: names.get(r.student) ?? (inCaseload.get(r.student) || r.student),
          watching: watching.has(r.student),
          lastVisit: visits.get(r.student) ?? null,
          factorScores: scores.s.get(r.student) ?? [],
          networkAuthors: members.get(r.student) ?? new Set(),
        },
        person,
        options.rules,
        nowMs,
      ),
    );
    return {
      source,
      generatedAt: new Date(nowMs).toISOString(),
      contactSince,
      rules: options.rules,
      scores: scores.read ? 'read' : 'unavailable',
      students: inAttentionOrder(rows, nowMs),
      hiddenWatched,
    };
  };

  /**
   * Homes started when the browser asked for the page `/` (see `startEarly`), by person: the app's
   * own request, a moment later, takes the one started for its person, once, while it is fresh.
   */
  const early = new Map<string, { at: number; home: Promise<MyStudents> }>();
  const homeOf = (c: Context, person: string): Promise<MyStudents> => {
    const started = early.get(person);
    early.delete(person);
    if (started && now() - started.at <= EARLY_MS) return started.home.catch(() => gather(c, person));
    return gather(c, person);
  };

  app.get('/session/my-students', async (c) => {
    const actor = await signedIn(c);
    const person = actor.identifier;
    // The page's first frame asks with a time limit (app-serving/home-picture.ts): past it, 204 and
    // nothing logged. Either way the reading stays for the app's own request to take.
    const waitMs = Number(c.req.header(HOME_WAIT_HEADER) ?? NaN);
    let answer: MyStudents;
    if (Number.isInteger(waitMs) && waitMs > 0 && waitMs <= EARLY_MS) {
      let entry = early.get(person);
      if (!entry || now() - entry.at > EARLY_MS) {
        entry = { at: now(), home: gather(c, person) };
        entry.home.catch((error: unknown) => options.onError?.(error, c));
        early.set(person, entry);
      }
      const done = await Promise.race([entry.home.catch(() => undefined), sleep(waitMs).then(() => undefined)]);
      if (!done) return c.body(null, 204);
      // Left for the app's own request, a moment later: the page carries only a picture of the first rows.
      answer = done;
    } else answer = await homeOf(c, person);
    if (answer.students.length > 0) {
      try {
        // Counts of records are records: logged before they leave, as every read is.
        await options.accessLog.record({
          person,
          event: 'read',
          operation: 'session.myStudents',
          path: '/session/my-students',
          students: answer.students.map((s) => s.student),
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
    return c.json(answer);
  });

  /**
   * Starts reading the home while the browser is still loading the app for the page `/` (#32, the
   * home's speed): the service's answers for a 700-student caseload take about as long as the
   * app's own files, so the two go side by side instead of one after the other. Nothing is sent or
   * logged here; the app's request takes the result (homeOf) or, after EARLY_MS, reads afresh.
   */
  const startEarly: MiddlewareHandler = async (c, next) => {
    const actor = c.req.method === 'GET' ? await options.actorOf(c) : undefined;
    // Every load of the page starts afresh: a reading left by an earlier load (the app never asked
    // for it: the person went on at once) predates whatever they did since.
    if (actor) {
      const home = gather(c, actor.identifier);
      home.catch((error: unknown) => options.onError?.(error, c));
      const entry = { at: now(), home };
      early.set(actor.identifier, entry);
      setTimeout(() => {
        if (early.get(actor.identifier) === entry) early.delete(actor.identifier);
      }, EARLY_MS).unref();
    }
    return next();
  };
  return { routes: app, startEarly };
}
