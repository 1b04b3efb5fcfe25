import { ALERT_STATUSES, type AlertStatus } from '../../../api/schemas/index.ts';
import { CATEGORIES_PARAM, readList, writeCategories } from '../../../lib/url-state.ts';
import { formatDay, quoteValue as quote, readDayRange, shiftDay, type DayRange } from '../../../lib/dates.ts';

/**
 * The triage queue's view, as it lives in the URL (a reload or a shared link shows the same view):
 *
 *     /alerts?status=all&categories=3,7&creator=E0012&student=S000123&q=rent
 *            &from=2026-05-01&to=2026-05-31&group=student&sort=-age
 *
 * `parseTriageFilters` never throws: a value it does not understand is dropped and described in
 * `notices`, so the page says so quietly and shows the rest. Pure: no React, no clock unless
 * `today` is left out. Lists are spelled as on every page (lib/url-state): the older
 * `category=3&category=7` still opens, and the page writes it again as `categories=3,7`.
 */

export type StatusFilter = AlertStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = [...ALERT_STATUSES, 'all'];

/** One row per alert, or one row per student (their alerts grouped). */
export type TriageView = 'alert' | 'student';

/** The columns a view can be sorted by (`count` only means something per student). */
export const SORT_FIELDS = ['createdOn', 'age', 'student', 'categories', 'creator', 'status', 'details', 'count', 'id'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export interface TriageSort {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** The fields each view can sort on; a URL sort the view cannot do falls back to its default. */
export const VIEW_SORT_FIELDS: Record<TriageView, readonly SortField[]> = {
  alert: ['createdOn', 'age', 'student', 'categories', 'creator', 'status', 'details', 'id'],
  student: ['createdOn', 'age', 'student', 'categories', 'details', 'count'],
};

/** Newest alerts first (the service's order); per student, the students with most alerts first. */
export const DEFAULT_SORT: Record<TriageView, TriageSort> = {
  alert: { field: 'createdOn', direction: 'desc' },
  student: { field: 'count', direction: 'desc' },
};

/** How many days back the default range starts (the range ends today). */
export const DEFAULT_RANGE_DAYS = 30;

export interface TriageFilters {
  /** Default `Open`: the queue is what still needs someone. */
  status: StatusFilter;
  /** Category ids; an alert shows when it has one of them. Empty: no category filter. */
  categories: number[];
  /** Person identifier of the alert's creator, or null. */
  creator: string | null;
  /** Person identifier of the alert's student, or null. */
  student: string | null;
  /** Free text, every word matched case- and accent-insensitively against what a row shows. */
  q: string;
  /** First day of the range (`yyyy-MM-dd`), or null for the default (30 days before `to`). */
  from: string | null;
  /** Last day of the range, or null for the default (today). */
  to: string | null;
  view: TriageView;
  /** Null: the view's default sort. */
  sort: TriageSort | null;
}

export const NO_TRIAGE_FILTERS: TriageFilters = {
  status: 'Open',
  categories: [],
  creator: null,
  student: null,
  q: '',
  from: null,
  to: null,
  view: 'alert',
  sort: null,
};

/** The search parameters this page owns; any other parameter of the URL is left alone. */
export const TRIAGE_PARAMS = ['status', 'categories', 'category', 'creator', 'student', 'q', 'from', 'to', 'group', 'sort'] as const;

export interface ParsedTriageFilters {
  filters: TriageFilters;
  /** One sentence per value that was ignored. */
  notices: string[];
}

const list = (values: readonly string[]) => values.map(quote).join(', ');

/** Identifiers are opaque strings (decisions §3); only absurd ones (empty, huge, control characters) are refused. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const PLAUSIBLE_IDENTIFIER = /^[^\u0000-\u001f\u007f]{1,64}$/;

function parseSort(raw: string): TriageSort | null {
  const s = raw.trim();
  const descending = s.startsWith('-');
  const name = descending ? s.slice(1) : s;
  const field = SORT_FIELDS.find((f) => f.toLowerCase() === name.toLowerCase());
  return field ? { field, direction: descending ? 'desc' : 'asc' } : null;
}

export function parseTriageFilters(params: URLSearchParams): ParsedTriageFilters {
  const notices: string[] = [];

  let status: StatusFilter = 'Open';
  const rawStatus = params.get('status');
  if (rawStatus !== null && rawStatus.trim() !== '') {
    const found = STATUS_FILTERS.find((s) => s.toLowerCase() === rawStatus.trim().toLowerCase());
    if (found) status = found;
    else notices.push(`The status ${quote(rawStatus)} is not one of open, lowered or all: open alerts are shown.`);
  }

  const { values: categories, rejected: badCategories } = readList(params, CATEGORIES_PARAM);
  if (badCategories.length > 0) notices.push(`Categories that are not category ids ignored: ${list(badCategories)}.`);

  const person = (name: 'creator' | 'student', word: string): string | null => {
    const raw = params.get(name);
    if (raw === null || raw.trim() === '') return null;
    if (PLAUSIBLE_IDENTIFIER.test(raw.trim())) return raw.trim();
    notices.push(`The ${word} ${quote(raw)} is not a person identifier and was ignored.`);
    return null;
  };
  const creator = person('creator', 'creator');
  const student = person('student', 'student');

  const range = readDayRange(params);
  notices.push(...range.notices);

  let view: TriageView = 'alert';
  const rawGroup = params.get('group');
  if (rawGroup !== null && rawGroup.trim() !== '') {
    if (rawGroup.trim().toLowerCase() === 'student') view = 'student';
    else notices.push(`Grouping by ${quote(rawGroup)} is not offered (only group=student): one row per alert is shown.`);
  }

  let sort: TriageSort | null = null;
  const rawSort = params.get('sort');
  if (rawSort !== null && rawSort.trim() !== '') {
    sort = parseSort(rawSort);
    if (sort === null) notices.push(`The sort ${quote(rawSort)} names no column: the default order is used.`);
  }

  return {
    filters: {
      status,
      // Sorted, so that two spellings of one view are one URL.
      categories: [...categories].sort((a, b) => a - b),
      creator,
      student,
      q: params.get('q') ?? '',
      from: range.from,
      to: range.to,
      view,
      sort,
    },
    notices,
  };
}

/** `params` with the filters written in; parameters at their default are left out. */
export function writeTriageFilters(params: URLSearchParams, filters: TriageFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of TRIAGE_PARAMS) next.delete(name);
  if (filters.status !== 'Open') next.set('status', filters.status.toLowerCase());
  writeCategories(next, filters.categories);
  if (filters.creator !== null) next.set('creator', filters.creator);
  if (filters.student !== null) next.set('student', filters.student);
  if (filters.q !== '') next.set('q', filters.q);
  if (filters.from !== null) next.set('from', filters.from);
  if (filters.to !== null) next.set('to', filters.to);
  if (filters.view === 'student') next.set('group', 'student');
  if (filters.sort !== null) next.set('sort', `${filters.sort.direction === 'desc' ? '-' : ''}${filters.sort.field}`);
  return next;
}

/**
 * The range the filters stand for: missing ends default to "the last 30 days, today included".
 * A start later than the default end (a start in the future with no end) moves the end to it.
 */
export function effectiveTriageRange(filters: Pick<TriageFilters, 'from' | 'to'>, today: Date = new Date()): DayRange {
  const to = filters.to ?? formatDay(today);
  const from = filters.from ?? shiftDay(to, -DEFAULT_RANGE_DAYS);
  return from <= to ? { from, to } : { from, to: from };
}

/** The sort in force: the URL's when the view can do it, else the view's default. */
export function effectiveSort(filters: Pick<TriageFilters, 'sort' | 'view'>): TriageSort {
  const { sort, view } = filters;
  return sort !== null && VIEW_SORT_FIELDS[view].includes(sort.field) ? sort : DEFAULT_SORT[view];
}

/** True when a filter narrows the queue beyond "open alerts of the default range" (the view and sort do not count). */
export function hasActiveFilters(filters: TriageFilters): boolean {
  return (
    filters.status !== 'Open' ||
    filters.categories.length > 0 ||
    filters.creator !== null ||
    filters.student !== null ||
    filters.q.trim() !== '' ||
    filters.from !== null ||
    filters.to !== null
  );
}

/** The filters with every narrowing filter back at its default; the view and sort stay. */
export function clearedFilters(filters: TriageFilters): TriageFilters {
  return { ...NO_TRIAGE_FILTERS, view: filters.view, sort: filters.sort };
}
