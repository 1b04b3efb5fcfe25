import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ProblemError, bodyErrors } from '../http/problem.ts';
import type { AccessLogStore } from './access-log-store.ts';
import { readsRecords } from './access-log.ts';
import type { ApiCall } from './api-operation.ts';
import type { GatewayDatabase } from './db/database.ts';
import { readyFirst } from './db/ready-first.ts';
import { requestIdOf } from './logging.ts';
import { requireSignedIn } from './require-signed-in.ts';

/**
 * The confidentiality notice (#30 item 6): with CONFIDENTIALITY_NOTICE_FILE set, a person accepts
 * the notice's current version once before any student's record is sent to them, and the
 * acceptance is logged. The version is a short hash of the file's text, so any change to the text
 * is a new version that everyone accepts again; the same text on every instance is the same version.
 */
export const NOTICE_PROBLEM = 'notice-not-accepted';

export interface Notice {
  version: string;
  text: string;
}

/** The notice as read at start: its text (trailing blank lines dropped) and its version. */
export function noticeFrom(text: string): Notice {
  const trimmed = text.replace(/^\uFEFF/, '').replace(/\s+$/, '');
  if (trimmed === '') throw new Error('CONFIDENTIALITY_NOTICE_FILE is empty: write the notice in it, or unset the variable');
  return { version: createHash('sha256').update(trimmed).digest('hex').slice(0, 12), text: trimmed };
}

export function loadNotice(file: string): Notice {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`CONFIDENTIALITY_NOTICE_FILE (${file}) cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return noticeFrom(text);
}

export interface NoticeStore {
  accepted(person: string, version: string): Promise<boolean>;
  /** Idempotent: accepting a version twice keeps the first time. */
  accept(person: string, version: string): Promise<void>;
}

export function databaseNotices(database: GatewayDatabase, now: () => Date = () => new Date()): NoticeStore {
  const { db } = database;
  return readyFirst<NoticeStore>(database, {
    accepted: async (person, version) => {
      const row = await db.selectFrom('notice_acceptances').select('person').where('person', '=', person).where('version', '=', version).executeTakeFirst();
      return row !== undefined;
    },
    accept: async (person, version) => {
      await db
        .insertInto('notice_acceptances')
        .values({ person, version, accepted_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['person', 'version']).doNothing())
        .execute();
    },
  });
}

/**
 * Whether a person has accepted the current version. An acceptance is never withdrawn, so a yes is
 * remembered here (every /api read asks); a no is asked of the database again, where another
 * instance may have written the yes.
 */
export function acceptanceCheck(notice: Notice, store: NoticeStore): (person: string) => Promise<boolean> {
  const known = new Set<string>();
  return async (person) => {
    if (known.has(person)) return true;
    const accepted = await store.accepted(person, notice.version);
    if (accepted) known.add(person);
    return accepted;
  };
}

const AcceptSchema = z.object({ version: z.string().trim().min(1).max(100) });

export interface NoticeRoutesOptions {
  notice: Notice | undefined;
  store: NoticeStore;
  accessLog: AccessLogStore;
  accepted: (person: string) => Promise<boolean>;
  personOf: (c: Context) => Promise<string | undefined>;
  onError?: (error: unknown, c: Context) => void;
}

const unavailable = () =>
  new ProblemError(503, 'The acceptance cannot be recorded just now. Try again in a moment.', {
    type: 'access-log-unavailable',
    headers: { 'retry-after': '5' },
  });

/**
 * `GET /session/notice` → `{ version, text, acceptedVersion }` (404 without a notice);
 * `POST /session/notice` `{ version }` → 204 once the acceptance of the current version is logged
 * and stored; 409 for another version (the notice changed since it was shown), 400 for a bad body.
 */
export function noticeRoutes(options: NoticeRoutesOptions): Hono {
  const app = new Hono();
  const signedIn = async (c: Context) => {
    const person = await requireSignedIn(c, options.personOf);
    const { notice } = options;
    if (!notice) throw new ProblemError(404, 'This dashboard has no confidentiality notice to accept.');
    return { person, notice };
  };

  app.get('/session/notice', async (c) => {
    const { person, notice } = await signedIn(c);
    let accepted: boolean;
    try {
      accepted = await options.accepted(person);
    } catch (error) {
      options.onError?.(error, c);
      throw new ProblemError(503, 'Whether you accepted the notice cannot be checked just now. Try again in a moment.', { headers: { 'retry-after': '5' } });
    }
    return c.json({ version: notice.version, text: notice.text, acceptedVersion: accepted ? notice.version : null });
  });

  app.post('/session/notice', async (c) => {
    const { person, notice } = await signedIn(c);
    const parsed = AcceptSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProblemError(400, 'Say which version of the notice you accept: { "version": "…" }', {
        errors: bodyErrors(parsed.error.issues),
      });
    }
    if (parsed.data.version !== notice.version) {
      throw new ProblemError(409, `The notice has changed since it was shown (now version ${notice.version}). Read the current notice and accept it.`, {
        type: 'notice-changed',
      });
    }
    try {
      if (await options.accepted(person)) return c.body(null, 204);
      // Logged first: an acceptance nobody can trace does not open the records.
      await options.accessLog.record({
        person,
        event: 'notice-accepted',
        operation: 'session.notice',
        requestId: requestIdOf(c),
        detail: `version ${notice.version}`,
      });
      await options.store.accept(person, notice.version);
    } catch (error) {
      options.onError?.(error, c);
      throw unavailable();
    }
    return c.body(null, 204);
  });
  return app;
}

export interface NoticeGateOptions {
  accepted: (person: string) => Promise<boolean>;
  personOf: (c: Context) => string | undefined | Promise<string | undefined>;
  /** Which operation an /api request is; absent: every request the gate is mounted on returns records. */
  callOf?: (c: Context) => ApiCall | undefined;
  onError?: (error: unknown, c: Context) => void;
}

/**
 * Middleware, after the session is known: a read that would return a student's records (on /api,
 * one of the access log's reads; elsewhere, whatever route it is mounted on, such as a student's
 * whole record) is refused (403, nothing sent upstream) until the person has accepted the notice.
 */
export function noticeGate(options: NoticeGateOptions): MiddlewareHandler {
  return async (c, next) => {
    if (options.callOf) {
      const call = options.callOf(c);
      if (!call || !readsRecords(call.name)) return next();
    }
    const person = await options.personOf(c);
    if (!person) return next();
    const accepted = await options.accepted(person).catch((error: unknown) => {
      options.onError?.(error, c);
      throw new ProblemError(503, 'Whether you accepted the confidentiality notice cannot be checked just now. Try again in a moment.', {
        headers: { 'retry-after': '5' },
      });
    });
    if (!accepted) {
      throw new ProblemError(403, 'Accept the confidentiality notice before any student record is shown: the dashboard shows it after you sign in.', {
        type: NOTICE_PROBLEM,
      });
    }
    return next();
  };
}
