/**
 * Date filters (decisions §4): an ISO 8601 date-time with an offset, or a bare date that means
 * the first millisecond of that day (as a start) or the last one (as an end), in UTC.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;

export const DAY_MS = 86_400_000;

function validDay(y: number, m: number, d: number): boolean {
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d;
}

/** Milliseconds since the epoch for a filter bound, or null when the text is not a valid value. */
export function parseDateBound(text: string, bound: 'start' | 'end'): number | null {
  const s = text.trim();
  const day = DATE.exec(s);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (!validDay(y, m, d)) return null;
    const start = Date.UTC(y, m - 1, d);
    return bound === 'start' ? start : start + DAY_MS - 1;
  }
  const dt = DATE_TIME.exec(s);
  if (!dt) return null;
  const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((i) => Number(dt[i] ?? 0)) as [number, number, number, number, number, number];
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || sec > 59) return null;
  const zone = dt[8] ?? 'Z';
  if (zone.toUpperCase() !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return null;
  }
  const t = Date.parse(s.replace(/\.(\d{3})\d+/, '.$1'));
  return Number.isNaN(t) ? null : t;
}

/** RFC 3339 in UTC with milliseconds, the one form the API answers in (decisions §5). */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** UTC midnight of the day that holds `ms`. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Whole days from `fromMs` to `nowMs` (0 on the same day, never negative). */
export function ageInDays(fromMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - fromMs) / DAY_MS));
}
