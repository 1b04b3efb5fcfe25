import type { Context } from 'hono';
import { z } from 'zod';
import { ProblemError } from '../http/problem.ts';
import { isCursor } from './db/paging.ts';
import type { Actor } from './journal.ts';

/**
 * What the administrators' logs (`/admin/journal`, `/admin/access-log`) read the same way: who may
 * ask, the time window and paging of their filters, and a browser that navigates to the address
 * (it gets the app's page, not JSON).
 */
const DAY_MS = 86_400_000;
/** A day (`2026-11-27`) or a date-time with offset. */
const when = z.iso.datetime({ offset: true }).or(z.iso.date());
export const windowAndPaging = {
  since: when.optional(),
  /** A day includes the whole day; a date-time includes that instant. */
  until: when.optional(),
  before: z.string().refine(isCursor, 'is not a cursor from this log (use the `older` value of the previous page)').optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
};

/** A browser navigating here (Accept: text/html, not JSON): the app's page answers. */
export const wantsThePage = (c: Context) => {
  const accept = c.req.header('accept') ?? '';
  return /text\/html/.test(accept) && !/application\/(json|\*)/.test(accept);
};

export interface LogAccess {
  actorOf: (c: Context) => Promise<Actor | undefined>;
  isAdmin: (c: Context) => Promise<boolean>;
}

/** What each log's routes are given: its store, who may ask, and where an unexpected failure is reported. */
export interface LogRoutesOptions<Store> extends LogAccess {
  store: Store;
  onError?: (error: unknown, c: Context) => void;
}

/** The administrator asking, and their filter parsed (400 with field errors otherwise); since/until as instants. */
export async function readLogQuery<S extends z.ZodObject<typeof windowAndPaging & z.ZodRawShape>>(
  c: Context,
  access: LogAccess,
  schema: S,
  name: string,
): Promise<{ actor: Actor; filter: Omit<z.infer<S>, 'since' | 'until'> & { since?: string; until?: string } }> {
  const actor = await access.actorOf(c);
  if (!actor) throw new ProblemError(401, `Sign in to read the ${name}`);
  if (!(await access.isAdmin(c))) throw new ProblemError(403, `Only administrators may read the ${name}`);
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    throw new ProblemError(400, `The ${name} filter is not valid`, {
      errors: parsed.error.issues.map((i) => ({ in: 'query' as const, name: i.path.join('.') || 'query', message: i.message })),
    });
  }
  const { since, until, ...rest } = parsed.data as z.infer<S> & { since?: string; until?: string };
  return {
    actor,
    filter: {
      ...rest,
      ...(since ? { since: new Date(since).toISOString() } : {}),
      ...(until ? { until: new Date(Date.parse(until) + (until.length === 10 ? DAY_MS : 1)).toISOString() } : {}),
    } as Omit<z.infer<S>, 'since' | 'until'> & { since?: string; until?: string },
  };
}
