/**
 * Calendar days as the URL spells them (`yyyy-MM-dd`), for date-range filters. Local days: the
 * person picks "today" on their own calendar; the API reads a bare date as a UTC day (decisions §4).
 *
 * Read and written here, not with date-fns's `parse`: that one format does not need a parser of
 * every format, which with its locale data was 9 KB (Brotli) of every page's first download, in
 * the file the early start evaluates.
 */

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
