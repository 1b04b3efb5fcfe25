import type { Context } from 'hono';
import { pathFor } from '../../api/operations.ts';
import { AlertExpansions, AlertSchema, TriggerSchema, envelopeOf } from '../../api/schemas/index.ts';
import { ProblemError } from '../../http/problem.ts';
import { mapPool } from '../../lib/pool.ts';
import { personOf } from '../rewrite.ts';
import type { AlertHistory } from './figures.ts';
import { triggerMatcher, type NamedTrigger } from './trigger-match.ts';

/**
 * Reads the alerts of a window of creation (E7 with comments and categories expanded, 1000 a page)
 * and the triggers (the extension), and keeps each page with its ETag: the next reading of the same
 * window asks each page again with If-None-Match, so an unchanged window costs one 304 a page
 * instead of a second full read (#33 item 2). Only the few fields the figures need are kept, never
 * a student's identifier.
 */

export interface ConditionalAnswer {
  status: number;
  etag: string | null;
  body: unknown;
  /** The service's Date header, when it sent one. */
  date?: string | null;
}
/** Reads a service path as the gateway, with If-None-Match when a tag is given. */
export type ConditionalRead = (c: Context, path: string, ifNoneMatch?: string) => Promise<ConditionalAnswer>;

/** An alert as kept between readings: its history without the trigger (told anew against the current triggers). */
export interface KeptAlert extends Omit<AlertHistory, 'trigger'> {
  /** The start of the details, enough to tell a trigger's name (trigger-match.ts). */
  head: string;
}

const PAGE_SIZE = 1000;
/** 200 000 alerts in one window: past that the answer would take too long anyway. */
const MAX_PAGES = 200;
const CONCURRENCY = 4;
/** Windows kept (most recently read last). */
const MAX_WINDOWS = 8;
/** How far before the reading a later change is looked for: clocks of the gateway and the service may differ a little. */
const CLOCK_MARGIN_MS = 2_000;
/** However quiet the window, its pages are revalidated (one 304 each) at least this often: a renamed category shows then. */
const REVALIDATE_MS = 10 * 60_000;
/** Details kept per alert: trigger names are shorter (a longer text gets a mark no name can match). */
const HEAD_CHARS = 300;

const AlertPageSchema = envelopeOf(AlertSchema.extend({ categories: AlertExpansions.categories, comments: AlertExpansions.comments }));
const TriggerPageSchema = envelopeOf(TriggerSchema);
const ProbeSchema = envelopeOf(AlertSchema);

interface KeptPage<T> {
  etag: string;
  total: number;
  items: T[];
}

export interface ReadStats {
  requests: number;
  notModified: number;
}

const unreadable = (what: string, status?: number) =>
  new ProblemError(502, `The student records service did not answer the ${what} (${status ?? 'no answer'}), so no figures were made. Try again in a moment.`);

/** The service's clock from its Date header (whole seconds: the second it names has begun). */
const dateOf = (header: string | null | undefined): number | undefined => {
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
};

function keep(alert: ReturnType<typeof AlertPageSchema.parse>['values'][number]): KeptAlert {
  const details = alert.details;
  return {
    id: alert.id,
    createdOn: Date.parse(alert.createdOn),
    status: alert.status,
    raiser: personOf(alert.createdBy) || null,
    categories: alert.categories.values.map((c) => ({ id: c.id, name: c.name })),
    comments: alert.comments.values.map((c) => ({ at: Date.parse(c.createdOn), lowers: c.usedToLowerAlert })),
    head: details.length > HEAD_CHARS ? `${details.slice(0, HEAD_CHARS)}\u0000` : details,
  };
}

export interface WindowRead {
  alerts: AlertHistory[];
  /** Null without the triggers extension. */
  triggers: NamedTrigger[] | null;
  /** Alerts whose text matched two triggers of the same name. */
  ambiguous: number;
  stats: ReadStats;
  /** Changes whenever any page read changes (their tags): the same version, the same alerts and triggers. */
  version: string;
}

interface KeptWindow {
  pages: Map<number, KeptPage<KeptAlert>>;
  /** When the reading began, by the service's clock when it said (epoch ms). */
  readAt: number;
  /** When the pages were last revalidated, by the gateway's clock. */
  checkedAt: number;
}

export function outcomesSource(read: ConditionalRead, now: () => number = Date.now) {
  const windows = new Map<string, KeptWindow>();
  let triggerPages = new Map<number, KeptPage<NamedTrigger>>();

  /** One page, asked conditionally when a tag is kept; the kept page on 304. */
  async function page<T>(
    c: Context,
    path: string,
    kept: KeptPage<T> | undefined,
    parse: (body: unknown) => { total: number; items: T[] },
    stats: ReadStats,
    what: string,
    dated?: { date?: number },
  ): Promise<KeptPage<T> | 'absent'> {
    stats.requests += 1;
    const answer = await read(c, path, kept?.etag).catch(() => {
      throw unreadable(what);
    });
    if (dated) {
      const date = dateOf(answer.date);
      if (date !== undefined) dated.date = date;
    }
    if (answer.status === 304 && kept) {
      stats.notModified += 1;
      return kept;
    }
    if (answer.status === 404) return 'absent';
    if (answer.status !== 200) throw unreadable(what, answer.status);
    let parsed: { total: number; items: T[] };
    try {
      parsed = parse(answer.body);
    } catch {
      throw unreadable(what, answer.status);
    }
    return { etag: answer.etag ?? '', ...parsed };
  }

  async function readPaged<T>(
    c: Context,
    pathOf: (page: number) => string,
    pages: Map<number, KeptPage<T>>,
    parse: (body: unknown) => { total: number; items: T[] },
    stats: ReadStats,
    what: string,
  ): Promise<{ pages: Map<number, KeptPage<T>>; items: T[]; date: number | undefined } | 'absent'> {
    const dated: { date?: number } = {};
    const first = await page(c, pathOf(1), pages.get(1), parse, stats, what, dated);
    if (first === 'absent') return 'absent';
    const count = Math.min(MAX_PAGES, Math.max(1, Math.ceil(first.total / PAGE_SIZE)));
    const rest = await mapPool(
      Array.from({ length: count - 1 }, (_, i) => i + 2),
      CONCURRENCY,
      async (n) => {
        const got = await page(c, pathOf(n), pages.get(n), parse, stats, what);
        if (got === 'absent') throw unreadable(what, 404);
        return got;
      },
    );
    const next = new Map<number, KeptPage<T>>([[1, first]]);
    rest.forEach((p, i) => next.set(i + 2, p));
    // A page that moved on while others were read (a new alert) shifts rows: duplicates are dropped by the caller.
    return { pages: next, items: [...next.values()].flatMap((p) => p.items), date: dated.date };
  }

  return {
    /** The window's alerts (createdOn within [start, end]) with their triggers told. */
    async read(c: Context, from: string, to: string): Promise<WindowRead> {
      const stats: ReadStats = { requests: 0, notModified: 0 };
      const key = `${from}/${to}`;
      const range = `createdOnStart=${from}T00:00:00.000Z&createdOnEnd=${to}T23:59:59.999Z`;
      const query = (n: number) => `?${range}&expand=categories,comments&pageSize=${PAGE_SIZE}&page=${n}`;
      const kept = windows.get(key);
      const startedAt = now();
      let serviceNow: number | undefined;
      // Alerts are never deleted, and a comment (the only way to lower one) moves the alert's
      // modified time: when no alert of the window was created or modified since the last reading,
      // that reading stands, for the price of one tiny request instead of one 304 per page.
      let unchanged = false;
      if (kept && startedAt - kept.checkedAt < REVALIDATE_MS) {
        stats.requests += 1;
        const since = new Date(kept.readAt - CLOCK_MARGIN_MS).toISOString();
        const probe = await read(c, `${pathFor('alerts.list')}?${range}&modifiedOnStart=${since}&pageSize=1&page=1`).catch(() => undefined);
        const envelope = probe?.status === 200 ? ProbeSchema.safeParse(probe.body) : undefined;
        unchanged = envelope?.success === true && envelope.data.totalValues === 0;
        serviceNow = dateOf(probe?.date);
      }
      const [alerts, triggers] = await Promise.all([
        unchanged && kept
          ? { pages: kept.pages, items: [...kept.pages.values()].flatMap((p) => p.items), date: undefined }
          : readPaged(
              c,
              (n) => `${pathFor('alerts.list')}${query(n)}`,
              kept?.pages ?? new Map(),
              (body) => {
                const envelope = AlertPageSchema.parse(body);
                return { total: envelope.totalValues, items: envelope.values.map(keep) };
              },
              stats,
              'list of alerts',
            ),
        readPaged(
          c,
          (n) => `${pathFor('triggers.list')}?pageSize=${PAGE_SIZE}&page=${n}`,
          triggerPages,
          (body) => {
            const envelope = TriggerPageSchema.parse(body);
            return { total: envelope.totalValues, items: envelope.values.map((t) => ({ id: t.id, name: t.name })) };
          },
          stats,
          'list of triggers',
        ),
      ]);
      if (alerts === 'absent') throw unreadable('list of alerts', 404);
      windows.delete(key);
      windows.set(
        key,
        unchanged && kept
          ? // Nothing changed up to the probe: the next one looks from here.
            { ...kept, readAt: serviceNow ?? startedAt }
          : { pages: alerts.pages, readAt: alerts.date ?? startedAt, checkedAt: startedAt },
      );
      while (windows.size > MAX_WINDOWS) windows.delete(windows.keys().next().value!);
      const triggerList = triggers === 'absent' ? null : triggers.items;
      if (triggers !== 'absent') triggerPages = triggers.pages;
      const match = triggerMatcher(triggerList ?? []);
      const seen = new Set<number>();
      const histories: AlertHistory[] = [];
      let ambiguous = 0;
      for (const { head, ...alert } of alerts.items) {
        if (seen.has(alert.id)) continue;
        seen.add(alert.id);
        const found = triggerList ? match(head) : null;
        if (found && 'ambiguous' in found) ambiguous += 1;
        histories.push({ ...alert, trigger: found && 'trigger' in found ? found.trigger : null });
      }
      const tags = (pages: Map<number, { etag: string }>) => [...pages.values()].map((p) => p.etag).join(',');
      const version = `${tags(alerts.pages)}|${triggers === 'absent' ? 'none' : tags(triggers.pages)}`;
      return { alerts: histories, triggers: triggerList, ambiguous, stats, version };
    },
  };
}
