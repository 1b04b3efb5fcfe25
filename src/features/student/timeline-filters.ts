import { subMonths } from 'date-fns/subMonths';
import { CATEGORIES_PARAM, readList, writeCategories } from '../../lib/url-state.ts';
import { dayToDate, formatDay, quoteValue as quote, readDayRange, type DayRange } from '../../lib/dates.ts';

/**
 * The student timeline's filters, as they live in the URL (so that a reload or a shared link
 * shows the same view):
 *
 *     ?kinds=alert,update&categories=3,7&from=2025-06-01&to=2026-06-01&q=math
 *
 * `parseTimelineFilters` never throws: a value it does not understand is dropped and described
 * in `notices`, so the page can say so quietly and show the rest. Pure: no React, no clock
 * unless `today` is left out.
 */

/** The notation kinds of the timeline, in the order the filter lists them. */
export const TIMELINE_KINDS = ['update', 'dataInsight', 'alert', 'encouragement'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** How a kind is spoken of (one and many). */
export const KIND_WORDS: Record<TimelineKind, { one: string; many: string }> = {
  update: { one: 'Update', many: 'Updates' },
  dataInsight: { one: 'Data insight', many: 'Data insights' },
  alert: { one: 'Alert', many: 'Alerts' },
  encouragement: { one: 'Encouragement', many: 'Encouragements' },
};

/** The search parameters this page owns; any other parameter of the URL is left alone. */
export const FILTER_PARAMS = ['kinds', 'categories', 'category', 'from', 'to', 'q'] as const;

export interface TimelineFilters {
  /** The kinds shown; empty means every kind. */
  kinds: TimelineKind[];
  /** Category ids; an item shows when it has one of them. Empty means no category filter. */
  categories: number[];
  /** First day of the range (`yyyy-MM-dd`), or null for the default (12 months before `to`). */
  from: string | null;
  /** Last day of the range (`yyyy-MM-dd`), or null for the default (today). */
  to: string | null;
  /** Free text, matched case-insensitively against what an item shows. */
  q: string;
}

export const NO_FILTERS: TimelineFilters = { kinds: [], categories: [], from: null, to: null, q: '' };

export interface ParsedTimelineFilters {
  filters: TimelineFilters;
  /** One sentence per value that was ignored. */
  notices: string[];
}

const squash = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');
const KIND_BY_SPELLING = new Map(TIMELINE_KINDS.map((kind) => [squash(kind), kind]));

const list = (values: readonly string[]) => values.map(quote).join(', ');

function splitList(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function parseTimelineFilters(params: URLSearchParams): ParsedTimelineFilters {
  const notices: string[] = [];

  const kinds = new Set<TimelineKind>();
  const badKinds: string[] = [];
  for (const part of splitList(params.get('kinds'))) {
    const kind = KIND_BY_SPELLING.get(squash(part));
    if (kind) kinds.add(kind);
    else badKinds.push(part);
  }
  if (badKinds.length > 0) notices.push(`Unknown kinds ignored: ${list(badKinds)}.`);

  const { values: categories, rejected: badCategories } = readList(params, CATEGORIES_PARAM);
  if (badCategories.length > 0) notices.push(`Categories that are not category ids ignored: ${list(badCategories)}.`);

  const range = readDayRange(params);
  notices.push(...range.notices);

  return {
    filters: {
      // In the canonical order, so that two spellings of one view are one URL.
      kinds: TIMELINE_KINDS.filter((kind) => kinds.has(kind) && kinds.size < TIMELINE_KINDS.length),
      categories: [...categories].sort((a, b) => a - b),
      from: range.from,
      to: range.to,
      q: params.get('q') ?? '',
    },
    notices,
  };
}

/**
 * The range the filters stand for: missing ends default to "the 12 months up to today". An
 * explicit start later than the default end (a start in the future with no end) moves the end to it.
 */
export function effectiveRange(filters: Pick<TimelineFilters, 'from' | 'to'>, today: Date = new Date()): DayRange {
  const to = filters.to ?? formatDay(today);
  const from = filters.from ?? formatDay(subMonths(dayToDate(to), 12));
  return from <= to ? { from, to } : { from, to: from };
}

/** `params` with the filters written in (and the filter parameters that are at their default dropped). */
export function writeTimelineFilters(params: URLSearchParams, filters: TimelineFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  const kinds = TIMELINE_KINDS.filter((kind) => filters.kinds.includes(kind));
  if (kinds.length > 0 && kinds.length < TIMELINE_KINDS.length) next.set('kinds', kinds.join(','));
  writeCategories(next, filters.categories);
  if (filters.from !== null) next.set('from', filters.from);
  if (filters.to !== null) next.set('to', filters.to);
  if (filters.q !== '') next.set('q', filters.q);
  return next;
}

/** True when the filters narrow the view (a changed range counts). */
export function hasActiveFilters(filters: TimelineFilters): boolean {
  return filters.kinds.length > 0 || filters.categories.length > 0 || filters.from !== null || filters.to !== null || filters.q.trim() !== '';
}

/** The kinds shown: every kind when none is chosen. */
export function shownKinds(filters: Pick<TimelineFilters, 'kinds'>): readonly TimelineKind[] {
  return filters.kinds.length === 0 ? TIMELINE_KINDS : filters.kinds;
}
