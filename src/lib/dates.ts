/**
 * Dates and days, the one module for both:
 *
 * - Date filters (decisions §4): an ISO 8601 date-time with an offset, or a bare date that means
 *   the first millisecond of that day (as a start) or the last one (as an end), in UTC.
 * - Calendar days as the URL spells them (`yyyy-MM-dd`), for date-range filters. Local days: the
 *   person picks "today" on their own calendar; the API reads a bare date as a UTC day.
 *
 * Days are read and written here, not with date-fns's `parse`: that one format does not need a
 * parser of every format, which with its locale data was 9 KB (Brotli) of every page's first
 * download, in the file the early start evaluates.
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

/** UTC midnight `days` whole days before the day that holds `nowMs`: the start of a "last N days" window. */
export function startOfUtcDaysAgo(days: number, nowMs: number): number {
  return startOfUtcDay(nowMs) - days * DAY_MS;
}

// Dates and times as people read them (#31 item 9): one format across the app, the browser's
// locale's (`undefined`: Intl picks it), never a fixed one. A date alone is the medium date
// ("Nov 27, 2026" in en-US, "27 Nov 2026" in en-GB); a moment adds the short time
// ("Nov 27, 2026, 3:59 PM"). The formatters are made on first use: the early start loads this
// module and never shows a date.
let dateText: Intl.DateTimeFormat | undefined;
let dateTimeText: Intl.DateTimeFormat | undefined;
let timeText: Intl.DateTimeFormat | undefined;
let monthText: Intl.DateTimeFormat | undefined;
let relativeText: Intl.RelativeTimeFormat | undefined;

/** A calendar day (`yyyy-MM-dd`) is that day wherever one is; anything else is a moment. */
function dateOf(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && DATE.test(value.trim())) return dayToDate(value.trim());
  return new Date(value);
}

function formatWith(value: string | number | Date, formatter: () => Intl.DateTimeFormat): string {
  const date = dateOf(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatter().format(date);
}

/** A date ("Nov 27, 2026"): of a moment, its local day; a bare `yyyy-MM-dd`, that day. An unreadable value as it came. */
export function formatDate(value: string | number | Date): string {
  return formatWith(value, () => (dateText ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })));
}

/** A moment ("Nov 27, 2026, 3:59 PM", local time); an unreadable value as it came. */
export function formatDateTime(value: string | number | Date): string {
  return formatWith(value, () => (dateTimeText ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })));
}

/** A moment of today, to the second ("3:59:29 PM"): for things done minutes apart in one sitting. */
export function formatTime(value: string | number | Date): string {
  return formatWith(value, () => (timeText ??= new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })));
}

/** A month ("Nov 2026"), for a chart's axis. */
export function formatMonth(value: string | number | Date): string {
  return formatWith(value, () => (monthText ??= new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' })));
}

const dayFieldFormats = new Map<string, string>();

/**
 * The date-fns pattern of a day as the locale writes it in figures ("MM/dd/yyyy" in en-US,
 * "dd.MM.yyyy" in de, "yyyy/MM/dd" in ja): what a date field shows and takes as typed. Figures,
 * not "Nov 27, 2026": a field is typed into, and month names would need the locale's words.
 * `locale`: the browser's when left out, as every other date here.
 */
export function dayFieldFormat(locale?: string): string {
  const key = locale ?? '';
  const known = dayFieldFormats.get(key);
  if (known) return known;
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(2006, 10, 23));
  const pattern = parts
    .map((p) => {
      if (p.type === 'day') return 'dd';
      if (p.type === 'month') return 'MM';
      if (p.type === 'year') return 'yyyy';
      // Letters in a literal are quoted (date-fns would read them as fields); separators as they are.
      if (p.type === 'literal') return /[A-Za-z']/.test(p.value) ? `'${p.value.replace(/'/g, "''")}'` : p.value;
      return '';
    })
    .join('');
  dayFieldFormats.set(key, pattern);
  return pattern;
}

/** A `yyyy-MM-dd` day in the figures of `dayFieldFormat` ("11/27/2026" in en-US). */
export function formatDayField(day: string, locale?: string): string {
  const date = dayToDate(day);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** "from Jun 1, 2025 to Jun 1, 2026": a range of days as a sentence says it. */
export const formatDayRange = (range: { from: string; to: string }) => `from ${formatDate(range.from)} to ${formatDate(range.to)}`;

/** Within this of "now", either way (a clock a little ahead of the server's), a moment is "just now". */
const JUST_NOW_MS = 60_000;
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "3 days ago", "in 2 hours", in the browser's locale; "just now" for the last minute, and for a
 * moment up to a minute ahead (a server's clock a little ahead of this one).
 */
export function relativeWords(date: Date, now: Date): string {
  const diff = date.getTime() - now.getTime();
  if (Math.abs(diff) < JUST_NOW_MS) return 'just now';
  relativeText ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'always' });
  const [unit, size] = RELATIVE_UNITS.find(([, ms]) => Math.abs(diff) >= ms) ?? ['minute', 60_000];
  return relativeText.format(Math.trunc(diff / size), unit);
}

// Calendar days (`yyyy-MM-dd`, local).

/** A whole range, both ends known (`yyyy-MM-dd`, inclusive). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of year/month/day (a month or day past its end rolls over; years below 100 stay themselves). */
function localDate(year: number, month: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A calendar day as `yyyy-MM-dd`, or null when `text` is not one (`2025-02-30` is not). */
export function parseDay(text: string): string | null {
  const match = DAY.exec(text.trim());
  if (!match) return null;
  const [day, year, month, date] = [match[0], Number(match[1]), Number(match[2]), Number(match[3])];
  const local = localDate(year, month, date);
  return local.getFullYear() === year && local.getMonth() === month - 1 && local.getDate() === date ? day : null;
}

/** `date` (local calendar day) as `yyyy-MM-dd`. */
export function formatDay(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** A `yyyy-MM-dd` day as a local Date at midnight (for date pickers); an invalid Date for anything else. */
export function dayToDate(day: string): Date {
  const match = DAY.exec(day);
  return match ? localDate(Number(match[1]), Number(match[2]), Number(match[3])) : new Date(Number.NaN);
}

/** The day `days` after `day` (negative: before). */
export function shiftDay(day: string, days: number): string {
  const date = dayToDate(day);
  date.setDate(date.getDate() + days);
  return formatDay(date);
}

/** A value of the URL as a notice quotes it: in quotes, long ones cut. */
export const quoteValue = (s: string) => `“${s.length > 40 ? `${s.slice(0, 40)}…` : s}”`;

export interface ParsedDayRange {
  /** First day, or null (absent or not understood). */
  from: string | null;
  /** Last day, or null. */
  to: string | null;
  /** One sentence per value that was ignored. */
  notices: string[];
}

/**
 * The `from` and `to` days of a URL's search parameters: each a real `yyyy-MM-dd` day or dropped
 * with a notice; a start after the end drops both (the page's default range stands). Never throws.
 */
export function readDayRange(params: URLSearchParams): ParsedDayRange {
  const notices: string[] = [];
  const day = (name: 'from' | 'to', word: string): string | null => {
    const raw = params.get(name);
    if (raw === null || raw.trim() === '') return null;
    const parsed = parseDay(raw);
    if (parsed === null) notices.push(`The ${word} date ${quoteValue(raw)} is not a date like 2026-06-01 and was ignored.`);
    return parsed;
  };
  const from = day('from', 'start');
  const to = day('to', 'end');
  if (from !== null && to !== null && from > to) {
    notices.push(`The start date ${from} is after the end date ${to}: the default range is shown instead.`);
    return { from: null, to: null, notices };
  }
  return { from, to, notices };
}
