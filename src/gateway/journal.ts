import { appendFile } from 'node:fs/promises';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { JournalEntrySchema, type JournalEntry } from '../api/journal.ts';
import { pathFor, type OPERATIONS, type OperationName } from '../api/operations.ts';
import type { ApiCall } from './api-operation.ts';
import { ProblemError } from '../http/problem.ts';
import { readLogQuery, wantsThePage, windowAndPaging, type LogRoutesOptions } from './log-query.ts';
import type { JournalQuery, JournalStore } from './journal-store.ts';
import { parseBoundedJson } from './limits.ts';
import { requestIdOf } from './logging.ts';

/**
 * The change journal (#15.5, #29): every write that passes the gateway — who, when, what, on
 * which target, what was asked, with what result and request id. For E13, E14 and E16 it also
 * keeps the before and after of the trigger, category or network, read from the service around
 * the write, so an administrator can answer "who renamed this category, and from what?".
 *
 * It is kept in the gateway's database (journal-store.ts). No write is sent before its entry is
 * committed: when the database cannot be written the write is refused (503) and nothing reaches
 * the service. JOURNAL_FILE adds a JSON-lines copy of each completed entry for log shippers.
 */

export interface Actor {
  identifier: string;
}

// One entry's shape, shared with the client that reads the journal.
export { JournalEntrySchema, type JournalEntry };

export const JOURNAL_PROBLEM = 'journal-unavailable';
const journalUnavailable = (detail: string) =>
  new ProblemError(503, detail, { type: JOURNAL_PROBLEM, headers: { 'retry-after': '5', 'cache-control': 'no-store' } });

/** How the journal records a write of the operation table, and what it reads before and after it. */
interface Recorded {
  /** The journal's name for it (the filter the journal page offers). */
  operation: string;
  target: (params: Record<string, string>, body: unknown) => string;
  /** The service path whose answer holds the state the write changes (E13, E14, E16). */
  state?: (params: Record<string, string>) => string;
  summarize?: (state: unknown) => unknown;
  /** What was asked, summarised (never a note's text). */
  summarizeBody?: (body: unknown) => Record<string, unknown> | undefined;
}

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const studentOf = (body: unknown) => {
  const id = asRecord(asRecord(body).student).identifier;
  return typeof id === 'string' ? `student/${id.slice(0, 100)}` : 'student/?';
};
const lastSegment = (href: unknown) => (typeof href === 'string' ? decodeURIComponent(href.replace(/\/$/, '').split('/').at(-1) ?? '') : '');
/** A state's own fields as the journal keeps them, the same names for its before and after. */
const fieldsOf =
  (...fields: string[]) =>
  (state: unknown) => {
    const s = asRecord(state);
    return Object.fromEntries(fields.map((field) => [field, s[field]]));
  };
const commentOn = (kind: 'update' | 'alert'): Recorded => ({
  operation: 'comment.create',
  target: (p) => `${kind}/${p.id}`,
  summarizeBody: (body) => ({ usedToLowerAlert: asRecord(body).usedToLowerAlert === true }),
});

/** Every write of the table; a new write without a row here fails to compile. */
const RECORDED: Record<WriteName, Recorded> = {
  'updates.create': {
    operation: 'update.create',
    target: (_, body) => studentOf(body),
    // The note itself stays out of the journal: who wrote about whom, for whom, under which categories.
    summarizeBody: (body) => {
      const b = asRecord(body);
      return {
        audienceType: b.audienceType,
        canStudentView: b.canStudentView,
        categories: Array.isArray(b.categories) ? b.categories.map((c) => asRecord(c).id) : [],
      };
    },
  },
  'alerts.create': {
    operation: 'alert.create',
    target: (_, body) => studentOf(body),
    summarizeBody: (body) => ({ audienceType: asRecord(body).audienceType }),
  },
  'updates.addComment': commentOn('update'),
  'alerts.addComment': commentOn('alert'),
  'triggers.update': {
    operation: 'trigger.update',
    target: (p) => `trigger/${p.id}`,
    state: (p) => pathFor('triggers.get', p),
    summarize: fieldsOf('name', 'additionalAdvice', 'elevateToAlert'),
    summarizeBody: (body) => {
      const b = asRecord(body);
      const asked = Object.fromEntries(
        ['name', 'additionalAdvice', 'elevateToAlert'].filter((k) => k in b).map((k) => [k, typeof b[k] === 'string' ? b[k].slice(0, 500) : b[k]]),
      );
      return {
        ...(Object.keys(asked).length > 0 ? { asked } : {}),
        ...(Array.isArray(b.studentIdentifiers) ? { appliedTo: b.studentIdentifiers.slice(0, 500) } : {}),
      };
    },
  },
  'categories.edit': {
    operation: 'category.edit',
    target: (p) => `category/${p.id}`,
    state: (p) => pathFor('categories.get', p),
    summarize: fieldsOf('name', 'isActive'),
    summarizeBody: (body) => {
      const b = asRecord(body);
      return { asked: { name: typeof b.name === 'string' ? b.name.slice(0, 200) : b.name, isActive: b.isActive } };
    },
  },
  'people.successNetwork.replace': {
    operation: 'network.replace',
    target: (p) => `network/${p.id}`,
    state: (p) => pathFor('people.successNetwork.get', p),
    summarize: (state) => {
      const values = asRecord(state).values;
      return Array.isArray(values) ? values.map((v) => lastSegment(asRecord(v).href)) : [];
    },
    summarizeBody: (body) => (Array.isArray(body) ? { asked: body.slice(0, 500).map((m) => asRecord(m).identifier) } : undefined),
  },
};

/** The names of the table's writes (the token endpoint is never forwarded, so never journalled). */
type WriteName = Exclude<{ [N in OperationName]: (typeof OPERATIONS)[N]['method'] extends 'get' ? never : N }[OperationName], 'auth.token'>;

export interface JournalWritesOptions {
  store: JournalStore;
  actorOf: (c: Context) => Promise<Actor | undefined>;
  /** Reads a service path as the gateway (credentials added), for the before and after. */
  read: (c: Context, path: string) => Promise<unknown>;
  /** The operation this request is (api-operation.ts); set by the /api guard before this runs. */
  callOf: (c: Context) => ApiCall | undefined;
  /** JOURNAL_FILE: a JSON-lines copy of each completed entry. */
  copyTo?: string | undefined;
  onError?: (error: unknown, c: Context) => void;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Middleware for `/api/*`: journals each write of a signed-in person. The entry (what was asked,
 * the before) is committed first — or the write is refused — then the write is sent, then the
 * entry is completed with the result and the after. If the completion cannot be saved, the entry
 * stays, its status null: "result not recorded", never gone.
 */
export function journalWrites(options: JournalWritesOptions): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const actor = await options.actorOf(c);
    const call = options.callOf(c);
    // Only the table's writes reach here (the guard answers anything else itself).
    const recorded = call && call.name in RECORDED ? RECORDED[call.name as WriteName] : undefined;
    if (!actor || !call || !recorded) return next();
    let body: unknown;
    try {
      body = parseBoundedJson(await c.req.text())?.value;
    } catch {
      body = undefined; // the gateway refuses it below; the journal records the refusal
    }
    /** The state, or `undefined` when the service did not let the gateway read it (e.g. no categories extension). */
    const readState = async (): Promise<{ value: unknown } | undefined> => {
      try {
        const state = await options.read(c, recorded.state!(call.params));
        return { value: recorded.summarize ? recorded.summarize(state) : state };
      } catch (error) {
        options.onError?.(error, c);
        return undefined;
      }
    };
    const summary: Record<string, unknown> = {
      ...(recorded.summarizeBody && body !== undefined ? recorded.summarizeBody(body) : {}),
      // E.g. the bulk reassignment a write belongs to (batch-routes.ts).
      ...c.get('journalTags'),
    };
    if (recorded.state) {
      const before = await readState();
      if (before) summary.before = before.value;
      else summary.beforeUnknown = true;
    }
    const pending = {
      at: new Date().toISOString(),
      requestId: requestIdOf(c),
      actor: actor.identifier,
      operation: recorded.operation,
      method: c.req.method,
      path: call.path,
      target: recorded.target(call.params, body),
      ...(Object.keys(summary).length > 0 ? { summary } : {}),
    };
    let id: number;
    try {
      id = await options.store.begin(pending);
    } catch (error) {
      options.onError?.(error, c);
      throw journalUnavailable('The change journal cannot be written just now, so this change was not sent. Nothing was changed; try again in a moment.');
    }

    await next();

    const status = c.res.status;
    if (recorded.state && status >= 200 && status < 300) {
      const after = await readState();
      if (after) summary.after = after.value;
      else summary.afterUnknown = true;
    }
    const location = c.res.headers.get('location');
    if (location) summary.created = new URL(location, c.req.url).pathname.replace(/^\/api/, '');
    c.set('journalSummary', summary);
    try {
      await options.store.complete(id, { status, summary });
    } catch (error) {
      options.onError?.(error, c); // the entry stays, marked "result not recorded"
    }
    if (options.copyTo) {
      const entry: JournalEntry = { id, ...pending, status, ...(Object.keys(summary).length > 0 ? { summary } : {}) };
      await appendFile(options.copyTo, `${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: 0o600 }).catch((error: unknown) => options.onError?.(error, c));
    }
  };
}

const FilterSchema = z.object({
  operation: z.string().max(100).optional(),
  target: z.string().max(200).optional(),
  actor: z.string().max(100).optional(),
  ...windowAndPaging,
});

export type JournalRoutesOptions = LogRoutesOptions<JournalStore>;

/**
 * `GET /admin/journal?operation=&target=&actor=&since=&until=&before=&limit=` (admin group only),
 * JSON, newest first, with `older` when more match. A browser navigating to the same address
 * (Accept: text/html) gets the app's journal page.
 */
export function journalRoutes(options: JournalRoutesOptions): Hono {
  const app = new Hono();
  app.get('/admin/journal', async (c, next) => {
    if (wantsThePage(c)) return next();
    const { filter } = await readLogQuery(c, options, FilterSchema, 'change journal');
    const query: JournalQuery = filter;
    try {
      return c.json(await options.store.list(query));
    } catch (error) {
      options.onError?.(error, c);
      throw journalUnavailable('The change journal cannot be read just now; try again in a moment.');
    }
  });
  return app;
}
