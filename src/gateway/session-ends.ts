import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ProblemError, bodyErrors } from '../http/problem.ts';
import type { AccessLogStore } from './access-log-store.ts';
import type { Actor } from './journal.ts';
import { requestIdOf } from './logging.ts';
import { sessionsEndedKey } from './session.ts';
import type { SessionStore } from './session-store.ts';

/** A person as the identity provider names them (OIDC_IDENTIFIER_CLAIM): a staff number, a user name, an e-mail address. */
const IDENTIFIER = /^[\w.@+-]{1,100}$/;

const EndBodySchema = z.strictObject({
  person: z.string().trim().regex(IDENTIFIER, "must be a person's identifier (letters, digits, and . _ @ + -, at most 100)"),
});

export interface SessionEndRoutesOptions {
  store: SessionStore;
  accessLog: AccessLogStore;
  /** SESSION_MAX_S: no session outlives it, so neither need the end. */
  maxSeconds: number;
  actorOf: (c: Context) => Promise<(Actor & { isAdmin?: boolean }) | undefined>;
  now?: () => number;
  onError?: (error: unknown, c: Context) => void;
}

/**
 * `POST /admin/sessions/end` `{ person }` → 200 `{ person, ended: true, at }`: every session the
 * person has, on every instance, ends at once. Sessions live in the store every instance shares
 * (Redis), and each instance reads the person's end with the session on every request
 * (session.ts), so the next request anywhere is refused; a session begun after the end (the person
 * signing in again) is not affected. Administrators only.
 */
export function sessionEndRoutes(options: SessionEndRoutesOptions): Hono {
  const app = new Hono();
  const now = options.now ?? Date.now;
  app.post('/admin/sessions/end', async (c) => {
    c.header('cache-control', 'no-store');
    const actor = await options.actorOf(c);
    if (!actor) throw new ProblemError(401, 'Sign in to end sessions');
    if (!actor.isAdmin) throw new ProblemError(403, 'Only administrators may end sessions');
    const parsed = EndBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProblemError(400, 'Name the person by their identifier (letters, digits, and . _ @ + -, at most 100), as { "person": "E0002" }', {
        errors: bodyErrors(parsed.error.issues),
      });
    }
    const { person } = parsed.data;
    const at = now();
    // Ended first, logged after: a failing access log must not keep a session alive that an administrator ended.
    await options.store.set(sessionsEndedKey(person), String(at), options.maxSeconds);
    const requestId = requestIdOf(c);
    let logged = true;
    try {
      await options.accessLog.record({ person: actor.identifier, event: 'session-end', detail: `ended every session of ${person}`, requestId });
      await options.accessLog.record({ person, event: 'session-end', detail: `every session ended by the administrator ${actor.identifier}`, requestId });
    } catch (error) {
      logged = false;
      options.onError?.(error, c);
    }
    return c.json({ person, ended: true, at: new Date(at).toISOString(), logged });
  });
  return app;
}
