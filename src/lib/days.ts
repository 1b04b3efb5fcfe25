import { addDays, format, isValid, parse } from 'date-fns';

/**
 * Calendar days as the URL spells them (`yyyy-MM-dd`), for date-range filters. Local days: the
 * person picks "today" on their own calendar; the API reads a bare date as a UTC day (decisions §4).
 */

/** A whole range, both ends known (`yyyy-MM-dd`, inclusive). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FORMAT = 'yyyy-MM-dd';
const REFERENCE = new Date(2000, 0, 1);

/** A calendar day as `yyyy-MM-dd`, or null when `text` is not one (`2025-02-30` is not). */
export function parseDay(text: string): string | null {
  const s = text.trim();
  if (!DAY.test(s)) return null;
  const date = parse(s, DAY_FORMAT, REFERENCE);
  return isValid(date) && format(date, DAY_FORMAT) === s ? s : null;
}

/** `date` (local calendar day) as `yyyy-MM-dd`. */
export function formatDay(date: Date): string {
  return format(date, DAY_FORMAT);
}

/** A `yyyy-MM-dd` day as a local Date at midnight (for date pickers). */
export function dayToDate(day: string): Date {
  return parse(day, DAY_FORMAT, REFERENCE);
}

/** The day `days` after `day` (negative: before). */
export function shiftDay(day: string, days: number): string {
  return formatDay(addDays(dayToDate(day), days));
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
