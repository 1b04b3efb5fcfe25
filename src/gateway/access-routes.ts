import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { pathFor } from '../api/operations.ts';
import { ProblemError, bodyErrors } from '../http/problem.ts';
import type { AccessGrantStore } from './access-grants.ts';
import type { AccessLogStore } from './access-log-store.ts';
import type { Actor } from './journal.ts';
import { requestIdOf } from './logging.ts';
import type { AccessRules, Scope } from './relationships.ts';
import { requireSignedIn } from './require-signed-in.ts';

const ExportBodySchema = z.object({
  view: z.string().trim().min(1).max(100),
  rows: z.number().int().min(0),
  students: z.array(z.string().min(1).max(100)).max(100_000),
});

const GrantBodySchema = z.object({
  student: z.string().trim().min(1).max(100),
  reason: z.string().trim().min(10, 'say in at least 10 characters why you need this record').max(1000),
});

export interface AccessRoutesOptions {
  grants: AccessGrantStore;
  accessLog: AccessLogStore;
  access: AccessRules;
  actorOf: (c: Context) => Promise<(Actor & { isAdmin?: boolean }) | undefined>;
  read: (c: Context, path: string) => Promise<unknown>;
  /** Whether the signed-in person may open the student's records, and why (relationships.ts). */
  decide: (c: Context, student: string) => Promise<{ allowed: boolean; why: 'policy' | 'records-group' | 'network' | 'grant' | 'none'; until?: string }>;
  /** Whose records the signed-in person may open, when the gateway can list them (relationships.ts). */
  scope: (c: Context) => Promise<Scope>;
  onError?: (error: unknown, c: Context) => void;
}

/**
 * `POST /session/access` `{ student, reason }` → 201 `{ student, until }`: a grant with a stated
 * reason ("break-glass", #30) for ACCESS_GRANT_HOURS, logged with its reason before it counts.
 * `GET /admin/access-grants?since=` lists them for administrators.
 */
export function accessRoutes(options: AccessRoutesOptions): Hono {
  const app = new Hono();
  app.get('/session/scope', async (c) => {
    c.header('cache-control', 'no-store');
    if (!(await options.actorOf(c))) throw new ProblemError(401, 'Sign in to read your scope');
    return c.json(await options.scope(c));
  });
  app.post('/session/access', async (c) => {
    c.header('cache-control', 'no-store');
    const actor = await options.actorOf(c);
    if (!actor) throw new ProblemError(401, 'Sign in to ask for access');
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      raw = undefined;
    }
    const parsed = GrantBodySchema.safeParse(raw);
    if (!parsed.success) {
      throw new ProblemError(400, 'The request for access is not valid', {
        errors: bodyErrors(parsed.error.issues),
      });
    }
    const { student, reason } = parsed.data;
    try {
      await options.read(c, pathFor('people.get', { id: student }));
    } catch {
      throw new ProblemError(404, `No student has the identifier '${student}'.`);
    }
    let until: string;
    try {
      // Logged first: a grant nobody can trace is not given.
      await options.accessLog.record({
        person: actor.identifier,
        event: 'grant',
        operation: 'session.access',
        students: [student],
        reason,
        requestId: requestIdOf(c),
        detail: `for ${options.access.grantHours} hours`,
      });
      ({ until } = await options.grants.grant(actor.identifier, student, reason, options.access.grantHours));
    } catch (error) {
      options.onError?.(error, c);
      throw new ProblemError(503, 'Access cannot be granted just now: the access log cannot be written. Try again in a moment.', {
        type: 'access-log-unavailable',
        headers: { 'retry-after': '5' },
      });
    }
    return c.json({ student, until }, 201);
  });

  /**
   * `POST /session/exports` `{ view, rows, students }` → 201: an export the app is about to give
   * (a triage or roster CSV) leaves its trace first; no entry (503), no file.
   */
  app.post('/session/exports', async (c) => {
    c.header('cache-control', 'no-store');
    const actor = await options.actorOf(c);
    if (!actor) throw new ProblemError(401, 'Sign in to export');
    const parsed = ExportBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProblemError(400, 'The export is not described correctly', {
        errors: bodyErrors(parsed.error.issues),
      });
    }
    const { view, rows, students } = parsed.data;
    try {
      await options.accessLog.record({
        person: actor.identifier,
        event: 'export',
        operation: view,
        students,
        requestId: requestIdOf(c),
        detail: `${rows} rows`,
      });
    } catch (error) {
      options.onError?.(error, c);
      throw new ProblemError(503, 'The export cannot be logged just now, so no file was made. Try again in a moment.', {
        type: 'access-log-unavailable',
        headers: { 'retry-after': '5' },
      });
    }
    return c.json({ logged: true }, 201);
  });

  /** `GET /session/access?student=S…` → `{ student, allowed, why, until? }`: what the student page asks before it shows records. */
  app.get('/session/access', async (c) => {
    await requireSignedIn(c, options.actorOf);
    const student = (c.req.query('student') ?? '').trim();
    if (!student || student.length > 100)
      throw new ProblemError(400, 'Name the student: ?student=S…', {
        errors: [{ in: 'query', name: 'student', message: 'is required (at most 100 characters)' }],
      });
    return c.json({ student, ...(await options.decide(c, student)), grantHours: options.access.grantHours });
  });

  app.get('/admin/access-grants', async (c, next) => {
    const accept = c.req.header('accept') ?? '';
    if (/text\/html/.test(accept) && !/application\/(json|\*)/.test(accept)) return next();
    const actor = await options.actorOf(c);
    if (!actor) throw new ProblemError(401, 'Sign in to read the grants');
    if (!actor.isAdmin) throw new ProblemError(403, 'Only administrators may read the grants');
    const since = z.iso
      .date()
      .or(z.iso.datetime({ offset: true }))
      .safeParse(c.req.query('since') ?? new Date(Date.now() - 30 * 86_400_000).toISOString());
    if (!since.success) throw new ProblemError(400, 'since must be a date or a date-time');
    return c.json({ values: await options.grants.list(new Date(since.data).toISOString(), 1000) });
  });
  return app;
}
