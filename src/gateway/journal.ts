import { appendFile, readFile } from 'node:fs/promises';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createClient } from 'redis';
import { z } from 'zod';
import { JournalEntrySchema, type JournalEntry } from '../api/journal.ts';
import { pathFor, type OPERATIONS, type OperationName } from '../api/operations.ts';
import type { ApiCall } from './api-operation.ts';
import { ProblemError } from '../http/problem.ts';
import { parseBoundedJson } from './limits.ts';
import { requestIdOf } from './logging.ts';

/**
 * The change journal (#15.5): every write that passes the gateway — who, when, what, on which
 * target, with what result and request id. For E13, E14 and E16 it also keeps the before and
 * after of the trigger, category or network, read from the service around the write, so an
 * administrator can answer "who renamed this category, and from what?".
 *
 * Where it is kept: a JSON-lines file (JOURNAL_FILE), a Redis stream (SESSION_STORE_URL, shared by
 * every gateway instance), or — when neither is configured — the gateway's memory (the newest
 * 10,000 entries, gone on restart; fine for a demo, and the gateway logs that it is not durable).
 */

export interface Actor {
  identifier: string;
}

// One entry's shape, shared with the client that reads the journal.
export { JournalEntrySchema, type JournalEntry };

export interface JournalFilter {
  operation?: string | undefined;
  target?: string | undefined;
  actor?: string | undefined;
  /** ISO date-time; entries at or after it. */
  since?: string | undefined;
  limit: number;
}

export interface JournalStore {
  readonly kind: 'memory' | 'file' | 'redis';
  append(entry: JournalEntry): Promise<void>;
  /** Newest first. */
  list(filter: JournalFilter): Promise<JournalEntry[]>;
  /** For /readyz. */
  check?(): Promise<void>;
  close?(): Promise<void>;
}

export function matches(entry: JournalEntry, filter: JournalFilter): boolean {
  return (
    (!filter.operation || entry.operation === filter.operation) &&
    (!filter.target || entry.target === filter.target) &&
    (!filter.actor || entry.actor === filter.actor) &&
    (!filter.since || entry.at >= filter.since)
  );
}

export function memoryJournal(capacity = 10_000): JournalStore {
  const entries: JournalEntry[] = [];
  return {
    kind: 'memory',
    append: async (entry) => {
      entries.push(entry);
      if (entries.length > capacity) entries.splice(0, entries.length - capacity);
    },
    list: async (filter) => entries.filter((e) => matches(e, filter)).reverse().slice(0, filter.limit),
  };
}

/** One JSON object per line, appended in order (one write at a time), never rewritten. */
export function fileJournal(path: string): JournalStore {
  let tail: Promise<void> = Promise.resolve();
  return {
    kind: 'file',
    append: (entry) => {
      const next = tail.then(() => appendFile(path, `${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: 0o600 }));
      tail = next.catch(() => {});
      return next;
    },
    list: async (filter) => {
      await tail;
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return [];
        throw error;
      }
      const out: JournalEntry[] = [];
      const lines = text.split('\n');
      for (let i = lines.length - 1; i >= 0 && out.length < filter.limit; i -= 1) {
        const line = lines[i]!.trim();
        if (!line) continue;
        let parsed: ReturnType<typeof JournalEntrySchema.safeParse>;
        try {
          parsed = JournalEntrySchema.safeParse(JSON.parse(line));
        } catch {
          continue; // a torn last line after a crash is skipped, not fatal
        }
        if (parsed.success && matches(parsed.data, filter)) out.push(parsed.data);
      }
      return out;
    },
    check: async () => {
      await appendFile(path, '', { mode: 0o600 });
    },
  };
}

/** A Redis stream (XADD/XREVRANGE) on the session store's server, shared by all gateway instances. */
export function redisJournal(url: string, key = 'student-success:journal'): JournalStore {
  const client = createClient({ url });
  client.on('error', () => {}); // reconnects by itself; /readyz reports it
  const connected = client.connect();
  connected.catch(() => {});
  return {
    kind: 'redis',
    append: async (entry) => {
      await connected;
      await client.xAdd(key, '*', { entry: JSON.stringify(entry) }, { TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: 1_000_000 } });
    },
    list: async (filter) => {
      await connected;
      const out: JournalEntry[] = [];
      const start = filter.since ? `${Date.parse(filter.since)}-0` : '-';
      let end = '+';
      // Pages back through the stream until enough entries match.
      for (;;) {
        const batch = (await client.xRevRange(key, end, start, { COUNT: 500 })) ?? [];
        for (const message of batch) {
          const raw = message.message.entry;
          const parsed = raw ? JournalEntrySchema.safeParse(JSON.parse(raw)) : undefined;
          if (parsed?.success && matches(parsed.data, filter)) out.push(parsed.data);
          if (out.length >= filter.limit) return out;
        }
        if (batch.length < 500) return out;
        const [ms, seq] = batch.at(-1)!.id.split('-').map(Number) as [number, number];
        end = seq > 0 ? `${ms}-${seq - 1}` : `${ms - 1}`;
      }
    },
    check: async () => {
      await connected;
      await client.ping();
    },
    close: async () => {
      await connected.catch(() => {});
      if (client.isOpen) await client.quit();
    },
  };
}

/** How the journal records a write of the operation table, and what it reads before and after it. */
interface Recorded {
  /** The journal's name for it (the filter the journal page offers). */
  operation: string;
  target: (params: Record<string, string>, body: unknown) => string;
  /** The service path whose answer holds the state the write changes (E13, E14, E16). */
  state?: (params: Record<string, string>) => string;
  summarize?: (state: unknown) => unknown;
  summarizeBody?: (body: unknown) => Record<string, unknown> | undefined;
}

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const studentOf = (body: unknown) => {
  const id = asRecord(asRecord(body).student).identifier;
  return typeof id === 'string' ? `student/${id.slice(0, 100)}` : 'student/?';
};
const lastSegment = (href: unknown) => (typeof href === 'string' ? decodeURIComponent(href.replace(/\/$/, '').split('/').at(-1) ?? '') : '');
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
      return { audienceType: b.audienceType, canStudentView: b.canStudentView, categories: Array.isArray(b.categories) ? b.categories.map((c) => asRecord(c).id) : [] };
    },
  },
  'alerts.create': { operation: 'alert.create', target: (_, body) => studentOf(body), summarizeBody: (body) => ({ audienceType: asRecord(body).audienceType }) },
  'updates.addComment': commentOn('update'),
  'alerts.addComment': commentOn('alert'),
  'triggers.update': {
    operation: 'trigger.update',
    target: (p) => `trigger/${p.id}`,
    state: (p) => pathFor('triggers.get', p),
    summarize: (state) => {
      const s = asRecord(state);
      return { name: s.name, additionalAdvice: s.additionalAdvice, elevateToAlert: s.elevateToAlert };
    },
    summarizeBody: (body) => {
      const students = asRecord(body).studentIdentifiers;
      return Array.isArray(students) ? { appliedTo: students.slice(0, 500) } : undefined;
    },
  },
  'categories.edit': {
    operation: 'category.edit',
    target: (p) => `category/${p.id}`,
    state: (p) => pathFor('categories.get', p),
    summarize: (state) => {
      const s = asRecord(state);
      return { name: s.name, isActive: s.isActive };
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
  onError?: (error: unknown, c: Context) => void;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Middleware for `/api/*`: journals each write of a signed-in person once the service has
 * answered. A failure to read the before/after or to append is logged, never fails the write.
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
    const readState = async () => {
      if (!recorded.state) return undefined;
      try {
        const state = await options.read(c, recorded.state(call.params));
        return recorded.summarize ? recorded.summarize(state) : state;
      } catch (error) {
        options.onError?.(error, c);
        return undefined;
      }
    };
    const before = await readState();
    await next();
    const status = c.res.status;
    const after = status >= 200 && status < 300 ? await readState() : undefined;
    const summary: Record<string, unknown> = {
      ...(recorded.summarizeBody && body !== undefined ? recorded.summarizeBody(body) : {}),
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
    };
    const location = c.res.headers.get('location');
    if (location) summary.created = new URL(location, c.req.url).pathname.replace(/^\/api/, '');
    const entry: JournalEntry = {
      at: new Date().toISOString(),
      requestId: requestIdOf(c),
      actor: actor.identifier,
      operation: recorded.operation,
      method: c.req.method,
      path: call.path,
      target: recorded.target(call.params, body),
      status,
      ...(Object.keys(summary).length > 0 ? { summary } : {}),
    };
    try {
      await options.store.append(entry);
    } catch (error) {
      options.onError?.(error, c);
    }
  };
}

const FilterSchema = z.object({
  operation: z.string().max(100).optional(),
  target: z.string().max(200).optional(),
  actor: z.string().max(100).optional(),
  since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export interface JournalRoutesOptions {
  store: JournalStore;
  actorOf: (c: Context) => Promise<Actor | undefined>;
  isAdmin: (c: Context) => Promise<boolean>;
}

/**
 * `GET /admin/journal?operation=&target=&actor=&since=&limit=` (admin group only), JSON, newest
 * first. A browser navigating to the same address (Accept: text/html) gets the app's journal page.
 */
export function journalRoutes(options: JournalRoutesOptions): Hono {
  const app = new Hono();
  app.get('/admin/journal', async (c, next) => {
    const accept = c.req.header('accept') ?? '';
    if (/text\/html/.test(accept) && !/application\/(json|\*)/.test(accept)) return next();
    if (!(await options.actorOf(c))) throw new ProblemError(401, 'Sign in to read the change journal');
    if (!(await options.isAdmin(c))) throw new ProblemError(403, 'Only administrators may read the change journal');
    const parsed = FilterSchema.safeParse(c.req.query());
    if (!parsed.success) {
      throw new ProblemError(400, 'The journal filter is not valid', {
        errors: parsed.error.issues.map((i) => ({ in: 'query' as const, name: i.path.join('.') || 'query', message: i.message })),
      });
    }
    const { since, ...rest } = parsed.data;
    const filter: JournalFilter = { ...rest, ...(since ? { since: new Date(since).toISOString() } : {}) };
    const values = await options.store.list(filter);
    return c.json({ values, storage: options.store.kind });
  });
  return app;
}
