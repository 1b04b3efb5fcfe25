import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { CLAIM_HELD } from '../api/claims.ts';
import { pathFor } from '../api/operations.ts';
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import type { ApiCall } from './api-operation.ts';
import type { ClaimStore } from './claims-store.ts';
import type { Actor } from './journal.ts';
import { parseBoundedJson } from './limits.ts';
import { asRecord, personOf } from './rewrite.ts';
import { requireSignedIn } from './require-signed-in.ts';

const ALERT_ID = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, 'is an alert identifier (digits)');
const ClaimBodySchema = z.strictObject({
  alert: z.union([ALERT_ID, z.number().int().min(0).transform(String)]),
  note: z.string().trim().max(1000).optional(),
});

export interface ClaimRoutesOptions {
  store: ClaimStore;
  actorOf: (c: Context) => Promise<(Actor & { name?: string; isAdmin?: boolean }) | undefined>;
  /** A service resource read as the gateway, with its status. */
  read: (c: Context, path: string) => Promise<{ status: number; body: unknown }>;
  /** May the signed-in person open the student's records (relationships.ts)? */
  mayOpen: (c: Context, student: string) => Promise<boolean>;
  onError?: (error: unknown, c: Context) => void;
}

const badRequest = (issues: readonly z.core.$ZodIssue[], where: 'body' | 'query') =>
  new ProblemError(400, 'The claim is not described correctly', {
    errors: issues.map((i) => ({ in: where, name: i.path.join('.') || where, message: i.message })),
  });

/**
 * "I'm on it" (#32 item 6): `POST /session/claims {alert, note?}` claims an open alert (201), or
 * takes it over from its holder with a note; without a note a held alert is 409 `claim-held`,
 * naming the holder. `DELETE /session/claims/:alert` lets one's own claim go. `GET
 * /session/claims?alerts=1,2,3` lists the claims on the alerts a page shows, of students the
 * person may see. Only someone who may open the student may claim.
 */
export function claimRoutes(options: ClaimRoutesOptions): Hono {
  const app = new Hono();
  const signedIn = (c: Context) => requireSignedIn(c, options.actorOf);

  app.get('/session/claims', async (c) => {
    await signedIn(c);
    const raw = (c.req.query('alerts') ?? '').split(',').filter((s) => s.trim() !== '');
    const parsed = z.array(ALERT_ID).min(1).max(1000).safeParse(raw);
    if (!parsed.success) throw badRequest(parsed.error.issues.length ? parsed.error.issues : [], 'query');
    const claims = await options.store.list([...new Set(parsed.data)]);
    const allowed = new Map<string, Promise<boolean>>();
    const visible = await Promise.all(
      claims.map(async (claim) => {
        if (!allowed.has(claim.student)) allowed.set(claim.student, options.mayOpen(c, claim.student));
        return (await allowed.get(claim.student)!) ? claim : undefined;
      }),
    );
    return c.json({ values: visible.filter((claim) => claim !== undefined) });
  });

  app.post('/session/claims', async (c) => {
    const actor = await signedIn(c);
    const parsed = ClaimBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw badRequest(parsed.error.issues, 'body');
    const { alert, note } = parsed.data;
    const answer = await options.read(c, pathFor('alerts.get', { id: alert }));
    if (answer.status === 404) throw new ProblemError(404, `No alert has the identifier ${alert}.`);
    if (answer.status >= 400) throw new ProblemError(502, `The alert could not be read (the service answered ${answer.status}). Try again.`);
    const found = asRecord(answer.body);
    const student = personOf(found.student);
    if (!student) throw new ProblemError(502, 'The service answered the alert without its student. Try again; if it persists, tell support.');
    if (!(await options.mayOpen(c, student)))
      throw new ProblemError(403, `You may not open this student's records (${student}), so you cannot claim the alert.`);
    if (found.status !== 'Open')
      throw new ProblemError(409, `Alert ${alert} is ${String(found.status ?? 'not open')}: only an open alert can be claimed.`, { type: 'alert-not-open' });
    const result = await options.store.claim({
      alert,
      student,
      holder: actor.identifier,
      holderName: actor.name ?? actor.identifier,
      ...(note ? { note } : {}),
    });
    if ('heldBy' in result) {
      const { holder, holderName, since } = result.heldBy;
      return problemResponse(
        problemBody(409, `${holderName} is already on it (since ${since}). Say why you are taking it over in a note to take it over.`, {
          typeSlug: CLAIM_HELD,
          holder: { identifier: holder, name: holderName, since },
        }),
      );
    }
    return c.json(result.claim, 201);
  });

  app.delete('/session/claims/:alert', async (c) => {
    const actor = await signedIn(c);
    const alert = ALERT_ID.safeParse(c.req.param('alert'));
    if (!alert.success) throw badRequest(alert.error.issues, 'query');
    const current = await options.store.get(alert.data);
    if (!current) return c.json({ alert: alert.data, released: false });
    if (current.holder !== actor.identifier && !actor.isAdmin) {
      throw new ProblemError(403, `${current.holderName} holds this claim; only they can let it go (or take it over with a note).`);
    }
    await options.store.release([alert.data]);
    return c.json({ alert: alert.data, released: true });
  });
  return app;
}

/**
 * Middleware for `/api/*`: a comment that lowers an alert (`usedToLowerAlert: true`, the only way
 * an alert is lowered) releases its claim once the service has accepted it. Lowered elsewhere, the
 * notifier's poll releases it (notifier.ts).
 */
export function releaseClaimsOnLowering(options: {
  store: ClaimStore;
  callOf: (c: Context) => ApiCall | undefined;
  onError?: (error: unknown, c: Context) => void;
}): MiddlewareHandler {
  return async (c, next) => {
    const call = options.callOf(c);
    if (c.req.method !== 'POST' || call?.name !== 'alerts.addComment' || !call.params.id) return next();
    // An unreadable body is refused further on; it lowers nothing.
    const lowers = await c.req.text().then(
      (text) => asRecord(parseBoundedJson(text)?.value).usedToLowerAlert === true,
      () => false,
    );
    await next();
    if (lowers && c.res.status >= 200 && c.res.status < 300) {
      await options.store.release([call.params.id]).catch((error: unknown) => options.onError?.(error, c));
    }
  };
}
