import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { etag } from '../../http/etag.ts';
import { ProblemError } from '../../http/problem.ts';
import { ACCESS_LOG_PROBLEM } from '../access-log.ts';
import type { AccessLogStore } from '../access-log-store.ts';
import type { Actor } from '../journal.ts';
import { requestIdOf } from '../logging.ts';
import { outcomeFigures } from './figures.ts';
import { outcomesSource, type ConditionalRead } from './source.ts';

/** Burden above this (fewer than one alert in four answered in time) is listed first. */
export const BURDEN_THRESHOLD = 4;
/** The default window: the last 90 days, today included. */
const DEFAULT_DAYS = 90;
/** A longer window is refused: the answer would read years of alerts. */
const MAX_DAYS = 731;
const DAY = 86_400_000;

export interface OutcomesRoutesOptions {
  accessLog: AccessLogStore;
  actorOf: (c: Context) => Promise<(Actor & { isAdmin?: boolean; groups?: readonly string[] }) | undefined>;
  /** RECORDS_GROUP: may read the figures as administrators may. */
  recordsGroup: string;
  read: ConditionalRead;
  /** ALERT_RESPONSE_DAYS. */
  responseDays: number;
  now?: () => number;
  onError?: (error: unknown, c: Context) => void;
}

const DateSchema = z.iso.date();

function windowOf(c: Context, now: number): { from: string; to: string } {
  const today = new Date(now).toISOString().slice(0, 10);
  const to = c.req.query('to') ?? today;
  const toValid = DateSchema.safeParse(to).success;
  const from = c.req.query('from') ?? (toValid ? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY).toISOString().slice(0, 10) : to);
  const errors = [
    ...(DateSchema.safeParse(from).success || c.req.query('from') === undefined
      ? []
      : [{ in: 'query' as const, name: 'from', message: 'must be a date, YYYY-MM-DD' }]),
    ...(toValid ? [] : [{ in: 'query' as const, name: 'to', message: 'must be a date, YYYY-MM-DD' }]),
  ];
  if (errors.length === 0 && from > to) errors.push({ in: 'query', name: 'from', message: 'must not be after to' });
  if (errors.length === 0 && (Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_DAYS)
    errors.push({ in: 'query', name: 'from', message: `the window may span at most ${MAX_DAYS} days` });
  if (errors.length > 0) throw new ProblemError(400, 'The window of the outcomes is not valid', { errors });
  return { from, to };
}

/**
 * `GET /admin/outcomes?from=YYYY-MM-DD&to=YYYY-MM-DD` (#33): which alerts created in the window got
 * answered, how fast, and the burden of each category, trigger and raiser — aggregates only,
 * computed here from every alert so that no student's record reaches the browser. Administrators
 * and RECORDS_GROUP; the reading is logged in the access log before the figures are given.
 * A page load (Accept: text/html) goes on to the app.
 */
export function outcomesRoutes(options: OutcomesRoutesOptions): Hono {
  const app = new Hono();
  const source = outcomesSource(options.read);
  const now = options.now ?? Date.now;
  // A second opening of an unchanged window is a 304 to the browser too.
  const ownTags = etag();
  const computed = new Map<string, { version: string; minute: number; figures: ReturnType<typeof outcomeFigures> }>();
  app.use('/admin/outcomes', async (c, next) => {
    const accept = c.req.header('accept') ?? '';
    if (/text\/html/.test(accept) && !/application\/(json|\*)/.test(accept)) return next();
    return ownTags(c, next);
  });
  app.get('/admin/outcomes', async (c, next) => {
    const accept = c.req.header('accept') ?? '';
    if (/text\/html/.test(accept) && !/application\/(json|\*)/.test(accept)) return next();
    const actor = await options.actorOf(c);
    if (!actor) throw new ProblemError(401, 'Sign in to read the outcomes');
    if (!actor.isAdmin && !(actor.groups ?? []).includes(options.recordsGroup))
      throw new ProblemError(403, `Only administrators and members of ${options.recordsGroup} may read the outcomes`);
    const at = now();
    const { from, to } = windowOf(c, at);
    const read = await source.read(c, from, to);
    // The same pages within the same minute: the same figures (open ages are whole days; a minute late is nothing).
    const key = `${from}/${to}`;
    const minute = Math.floor(at / 60_000);
    let memo = computed.get(key);
    if (!memo || memo.version !== read.version || memo.minute !== minute) {
      memo = {
        version: read.version,
        minute,
        figures: outcomeFigures(
          { from, to, alerts: read.alerts, triggers: read.triggers },
          { responseDays: options.responseDays, burdenThreshold: BURDEN_THRESHOLD, now: at },
        ),
      };
      computed.delete(key);
      computed.set(key, memo);
      while (computed.size > 8) computed.delete(computed.keys().next().value!);
    }
    const { figures } = memo;
    try {
      // Logged first, as every read of records: no entry, no figures.
      await options.accessLog.record({
        person: actor.identifier,
        event: 'read',
        operation: 'admin.outcomes',
        path: '/admin/outcomes',
        query: `from=${from}&to=${to}`,
        students: [],
        requestId: requestIdOf(c),
        detail: `aggregates of ${read.alerts.length} alerts`,
      });
    } catch (error) {
      options.onError?.(error, c);
      throw new ProblemError(503, 'The outcomes cannot be given just now: the access log cannot be written. Try again in a moment.', {
        type: ACCESS_LOG_PROBLEM,
        headers: { 'retry-after': '5' },
      });
    }
    return c.json({ ...figures, ambiguousTriggerAlerts: read.ambiguous });
  });
  return app;
}
