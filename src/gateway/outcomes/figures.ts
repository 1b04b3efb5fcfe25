/**
 * The figures of /admin/outcomes (#33), computed from alert histories alone: no I/O, no clock
 * (the moment "now" is an argument), so every figure can be checked on a hand-made history.
 *
 * Definitions (docs/outcomes.md):
 * - the first comment is the earliest comment of any kind, the lowering one included;
 * - lowering is the first comment with `usedToLowerAlert`; an alert whose status is `Lowered`
 *   without such a comment counts as lowered but has no time to lowering;
 * - answered within N days: its first comment came at most N × 24 hours after creation;
 * - burden: alerts raised per alert answered within N days (null when none was answered);
 * - closed without contact: lowered, and no comment other than the lowering one;
 * - medians and 90th percentiles are of the alerts that have the event, in exact hours, by linear
 *   interpolation between the closest ranks;
 * - an open alert's age is in whole days since creation, at `now`.
 */

export interface AlertHistory {
  id: number;
  /** Epoch milliseconds. */
  createdOn: number;
  status: 'Open' | 'Lowered';
  /** The identifier of the person who raised it (createdBy), when known. */
  raiser: string | null;
  categories: readonly { id: number; name: string }[];
  /** The trigger that made it (trigger-match.ts), when one could be told. */
  trigger: { id: number; name: string } | null;
  comments: readonly { at: number; lowers: boolean }[];
}

export const AGE_BUCKETS = ['0-3', '4-7', '8-14', '15-30', '>30'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export interface GroupFigures {
  alerts: number;
  lowered: number;
  open: number;
  openAgeBuckets: Record<AgeBucket, number>;
  medianHoursToFirstComment: number | null;
  p90HoursToFirstComment: number | null;
  medianHoursToLowering: number | null;
  p90HoursToLowering: number | null;
  closedWithoutContact: number;
  /** Alerts whose first comment came within the response time (the burden's divisor). */
  answered: number;
  burden: number | null;
  /** Burden above the threshold, or no alert answered at all: listed first. */
  flagged: boolean;
}

export interface FigureOptions {
  /** ALERT_RESPONSE_DAYS. */
  responseDays: number;
  /** Burden above this is flagged. */
  burdenThreshold: number;
  now: number;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The p-th quantile (0…1) of `values`, by linear interpolation between the closest ranks; null for none. */
export function quantile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** The earliest comment's time, or null. */
export function firstCommentAt(alert: AlertHistory): number | null {
  let first: number | null = null;
  for (const c of alert.comments) if (first === null || c.at < first) first = c.at;
  return first;
}

/** The time of the comment that lowered it (the earliest one marked so), or null. */
export function loweringAt(alert: AlertHistory): number | null {
  let at: number | null = null;
  for (const c of alert.comments) if (c.lowers && (at === null || c.at < at)) at = c.at;
  return at;
}

/** Lowered with no comment other than the lowering one. */
export function closedWithoutContact(alert: AlertHistory): boolean {
  if (alert.status !== 'Lowered') return false;
  // The lowering comment itself is not contact; any other comment is.
  return alert.comments.length - (loweringAt(alert) === null ? 0 : 1) === 0;
}

export function ageBucket(ageDays: number): AgeBucket {
  if (ageDays <= 3) return '0-3';
  if (ageDays <= 7) return '4-7';
  if (ageDays <= 14) return '8-14';
  if (ageDays <= 30) return '15-30';
  return '>30';
}

export function burdenOf(alerts: number, answered: number): number | null {
  return answered === 0 ? null : alerts / answered;
}

/** The figures of one group of alerts. */
export function groupFigures(alerts: readonly AlertHistory[], options: FigureOptions): GroupFigures {
  const buckets: Record<AgeBucket, number> = { '0-3': 0, '4-7': 0, '8-14': 0, '15-30': 0, '>30': 0 };
  const toFirst: number[] = [];
  const toLowering: number[] = [];
  let lowered = 0;
  let open = 0;
  let withoutContact = 0;
  let answered = 0;
  const window = options.responseDays * DAY;
  for (const alert of alerts) {
    const first = firstCommentAt(alert);
    if (first !== null) {
      toFirst.push((first - alert.createdOn) / HOUR);
      if (first - alert.createdOn <= window) answered += 1;
    }
    if (alert.status === 'Lowered') {
      lowered += 1;
      const at = loweringAt(alert);
      if (at !== null) toLowering.push((at - alert.createdOn) / HOUR);
      if (closedWithoutContact(alert)) withoutContact += 1;
    } else {
      open += 1;
      buckets[ageBucket(Math.floor(Math.max(0, options.now - alert.createdOn) / DAY))] += 1;
    }
  }
  const burden = burdenOf(alerts.length, answered);
  return {
    alerts: alerts.length,
    lowered,
    open,
    openAgeBuckets: buckets,
    medianHoursToFirstComment: quantile(toFirst, 0.5),
    p90HoursToFirstComment: quantile(toFirst, 0.9),
    medianHoursToLowering: quantile(toLowering, 0.5),
    p90HoursToLowering: quantile(toLowering, 0.9),
    closedWithoutContact: withoutContact,
    answered,
    burden,
    flagged: alerts.length > 0 && (burden === null || burden > options.burdenThreshold),
  };
}

/** Flagged groups first (the heaviest burden first, none answered heaviest of all), then by alerts raised. */
export function burdenOrder<T extends GroupFigures>(a: T, b: T): number {
  if (a.flagged !== b.flagged) return a.flagged ? -1 : 1;
  if (a.flagged) {
    const wa = a.burden ?? Number.POSITIVE_INFINITY;
    const wb = b.burden ?? Number.POSITIVE_INFINITY;
    if (wa !== wb) return wb - wa;
  }
  return b.alerts - a.alerts;
}

/** The Monday (UTC) of the week `at` falls in, as YYYY-MM-DD. */
export function weekOf(at: number): string {
  const d = new Date(at);
  const monday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * DAY;
  return new Date(monday).toISOString().slice(0, 10);
}

export interface OutcomeFigures {
  from: string;
  to: string;
  responseDays: number;
  burdenThreshold: number;
  /** False when the service has no triggers extension: per-trigger figures cannot be told. */
  triggersAvailable: boolean;
  overall: GroupFigures;
  categories: (GroupFigures & { id: number; name: string })[];
  triggers: (GroupFigures & { id: number; name: string })[];
  raisers: (GroupFigures & { identifier: string })[];
  weeks: (GroupFigures & { week: string })[];
}

export interface OutcomeInput {
  from: string;
  to: string;
  alerts: readonly AlertHistory[];
  /** Every trigger the extension lists (shown even with no alert), or null without the extension. */
  triggers: readonly { id: number; name: string }[] | null;
}

function groupBy<K>(alerts: readonly AlertHistory[], keysOf: (a: AlertHistory) => readonly K[]): Map<K, AlertHistory[]> {
  const groups = new Map<K, AlertHistory[]>();
  for (const alert of alerts) {
    // An alert counts once in each of its groups, however often a key repeats.
    for (const key of new Set(keysOf(alert))) {
      const list = groups.get(key);
      if (list) list.push(alert);
      else groups.set(key, [alert]);
    }
  }
  return groups;
}

/** Every figure of the page for one window (`from`…`to`, whole UTC days). */
export function outcomeFigures(input: OutcomeInput, options: FigureOptions): OutcomeFigures {
  const { alerts } = input;
  const names = new Map<number, string>();
  for (const a of alerts) for (const c of a.categories) names.set(c.id, c.name);
  const categories = [...groupBy(alerts, (a) => a.categories.map((c) => c.id))]
    .map(([id, list]) => ({ id, name: names.get(id) ?? String(id), ...groupFigures(list, options) }))
    .sort((a, b) => burdenOrder(a, b) || a.id - b.id);
  const byTrigger = groupBy(alerts, (a) => (a.trigger ? [a.trigger.id] : []));
  const triggers = (input.triggers ?? [])
    .map((t) => ({ id: t.id, name: t.name, ...groupFigures(byTrigger.get(t.id) ?? [], options) }))
    .sort((a, b) => burdenOrder(a, b) || a.id - b.id);
  const raisers = [...groupBy(alerts, (a) => (a.raiser ? [a.raiser] : []))]
    .map(([identifier, list]) => ({ identifier, ...groupFigures(list, options) }))
    .sort((a, b) => burdenOrder(a, b) || a.identifier.localeCompare(b.identifier));
  const byWeek = groupBy(alerts, (a) => [weekOf(a.createdOn)]);
  const weeks: OutcomeFigures['weeks'] = [];
  const last = Date.parse(`${input.to}T00:00:00Z`);
  for (let at = Date.parse(`${weekOf(Date.parse(`${input.from}T00:00:00Z`))}T00:00:00Z`); at <= last; at += 7 * DAY) {
    const week = new Date(at).toISOString().slice(0, 10);
    weeks.push({ week, ...groupFigures(byWeek.get(week) ?? [], options) });
  }
  return {
    from: input.from,
    to: input.to,
    responseDays: options.responseDays,
    burdenThreshold: options.burdenThreshold,
    triggersAvailable: input.triggers !== null,
    overall: groupFigures(alerts, options),
    categories,
    triggers,
    raisers,
    weeks,
  };
}
