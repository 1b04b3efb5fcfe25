import { parseDateBound, type DayRange } from '../../lib/dates.ts';
import { shownKinds, type TimelineFilters, type TimelineKind } from './timeline-filters.ts';
import { compareText } from '../../lib/collate.ts';

/**
 * The four notation kinds as one list: each kind's item (as the typed client parses it, with
 * `categories` and `comments` expanded where the kind has them) becomes a `TimelineItem`, and
 * the lists merge newest first (createdOn desc, then id desc — the service's own order).
 * Pure: the page passes in how a person link becomes an identifier.
 */

interface LinkLike {
  href: string;
}
interface CategoryLike {
  id: number;
  name: string;
}
interface CommentLike {
  id: number;
  createdBy: LinkLike;
  createdOn: string;
  details: string;
  usedToLowerAlert: boolean;
}
interface ExpandedList<T> {
  values: T[];
}

export interface UpdateLike {
  id: number;
  audienceType: string;
  canStudentView: boolean;
  categories: ExpandedList<CategoryLike>;
  comments: ExpandedList<CommentLike>;
  createdBy: LinkLike;
  createdOn: string;
  details: string;
}
export interface AlertLike extends UpdateLike {
  status: 'Open' | 'Lowered';
}
export interface DataInsightLike {
  id: number;
  comments: ExpandedList<CommentLike>;
  createdOn: string;
  dataInsightType: string;
  details: string;
}
export interface EncouragementLike {
  id: number;
  audienceType: string;
  createdBy: LinkLike;
  createdOn: string;
  details: string;
  type: LinkLike;
}

export interface TimelineComment {
  id: number;
  /** Person identifier of the writer, or null when the link is not a person of this service. */
  author: string | null;
  createdOn: string;
  details: string;
  usedToLowerAlert: boolean;
}

export interface TimelineItem {
  /** Unique across kinds: `alert-12`. */
  key: string;
  kind: TimelineKind;
  id: number;
  createdOn: string;
  /** `createdOn` in ms since the epoch (NaN never: unparseable dates sort last). */
  time: number;
  details: string;
  /** Person identifier of the writer; null for data insights (the system writes them). */
  author: string | null;
  categories: CategoryLike[];
  /** Null for encouragements, which have no comments. */
  comments: TimelineComment[] | null;
  audienceType: string | null;
  /** Encouragements are always shared with the student (service.md). */
  canStudentView: boolean;
  status: 'Open' | 'Lowered' | null;
  dataInsightType: string | null;
  /** The encouragement type's id, from its link. */
  encouragementTypeId: string | null;
  /** Lower-cased text the search matches (details, categories, comments, status, type). */
  text: string;
}

export interface Resolvers {
  /** The person identifier a link points to, or null. */
  person: (link: LinkLike) => string | null;
  /** The encouragement type id a link points to, or null. */
  encouragementType: (link: LinkLike) => string | null;
}

const timeOf = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

/** `BaselineSurvey` → `Baseline survey`. */
export function humanize(value: string): string {
  const words = value.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const AUDIENCE_WORDS: Record<string, string> = { Private: 'Private', All: 'All staff', FullNetwork: 'Full success network' };
/** How an audience type reads in a badge; an unknown value shows as it comes. */
export const audienceWord = (audience: string) => AUDIENCE_WORDS[audience] ?? humanize(audience);

/** The contract's data-insight types (service.md) in words; `Api` is data another system sent. */
const INSIGHT_TYPE_WORDS: Record<string, string> = {
  BaselineSurvey: 'Baseline survey',
  UnexcusedAbsence: 'Unexcused absence',
  Grade: 'Grade',
  CustomQuestion: 'Custom question',
  AdministrationResponse: 'Administration response',
  Api: 'API',
};
/** How a data-insight type reads in a badge; a type the contract does not name shows as the service sent it. */
export const insightTypeWord = (type: string) => (Object.hasOwn(INSIGHT_TYPE_WORDS, type) ? (INSIGHT_TYPE_WORDS[type] as string) : type);

function comments(list: ExpandedList<CommentLike>, resolve: Resolvers): TimelineComment[] {
  return list.values.map((c) => ({
    id: c.id,
    author: resolve.person(c.createdBy),
    createdOn: c.createdOn,
    details: c.details,
    usedToLowerAlert: c.usedToLowerAlert,
  }));
}

function searchText(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .join('\n')
    .toLowerCase();
}

/** What every kind's item has, with the defaults of a notation nobody wrote comments, categories or badges on. */
function baseItem(kind: TimelineKind, source: { id: number; createdOn: string; details: string }): TimelineItem {
  return {
    key: `${kind}-${source.id}`,
    kind,
    id: source.id,
    createdOn: source.createdOn,
    time: timeOf(source.createdOn),
    details: source.details,
    author: null,
    categories: [],
    comments: null,
    audienceType: null,
    canStudentView: false,
    status: null,
    dataInsightType: null,
    encouragementTypeId: null,
    text: searchText([source.details]),
  };
}

export function fromUpdate(update: UpdateLike, resolve: Resolvers): TimelineItem {
  const list = comments(update.comments, resolve);
  return {
    ...baseItem('update', update),
    author: resolve.person(update.createdBy),
    categories: update.categories.values,
    comments: list,
    audienceType: update.audienceType,
    canStudentView: update.canStudentView,
    text: searchText([update.details, ...update.categories.values.map((c) => c.name), ...list.map((c) => c.details)]),
  };
}

export function fromAlert(alert: AlertLike, resolve: Resolvers): TimelineItem {
  const item = fromUpdate(alert, resolve);
  return { ...item, key: `alert-${alert.id}`, kind: 'alert', status: alert.status, text: `${item.text}\n${alert.status.toLowerCase()}` };
}

export function fromDataInsight(insight: DataInsightLike, resolve: Resolvers): TimelineItem {
  const list = comments(insight.comments, resolve);
  return {
    ...baseItem('dataInsight', insight),
    comments: list,
    dataInsightType: insight.dataInsightType,
    text: searchText([insight.details, insightTypeWord(insight.dataInsightType), ...list.map((c) => c.details)]),
  };
}

export function fromEncouragement(encouragement: EncouragementLike, resolve: Resolvers): TimelineItem {
  return {
    ...baseItem('encouragement', encouragement),
    author: resolve.person(encouragement.createdBy),
    audienceType: encouragement.audienceType,
    canStudentView: true,
    encouragementTypeId: resolve.encouragementType(encouragement.type),
  };
}

/** Newest first: createdOn desc, then id desc (then kind, so the order is total). */
export function compareNewestFirst(a: TimelineItem, b: TimelineItem): number {
  return b.time - a.time || b.id - a.id || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

export function mergeTimeline(lists: readonly (readonly TimelineItem[])[]): TimelineItem[] {
  return lists.flat().sort(compareNewestFirst);
}

export interface FilterContext {
  /** Extra searchable text of an item known only at render time (the encouragement type's name). */
  extraText?: (item: TimelineItem) => string | undefined;
}

/** The items the filters let through (the range is the loaded range; it is checked again here). */
export function filterTimeline(items: readonly TimelineItem[], filters: TimelineFilters, range: DayRange, context: FilterContext = {}): TimelineItem[] {
  const kinds = new Set(shownKinds(filters));
  const categories = new Set(filters.categories);
  const words = filters.q
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  const start = parseDateBound(range.from, 'start') ?? Number.NEGATIVE_INFINITY;
  const end = parseDateBound(range.to, 'end') ?? Number.POSITIVE_INFINITY;
  return items.filter((item) => {
    if (!kinds.has(item.kind)) return false;
    if (item.time < start || item.time > end) return false;
    if (categories.size > 0 && !item.categories.some((c) => categories.has(c.id))) return false;
    if (words.length > 0) {
      const extra = context.extraText?.(item)?.toLowerCase();
      const text = extra ? `${item.text}\n${extra}` : item.text;
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
}

/** Every category the items carry, by name (the options of the category filter). */
export function categoriesOf(items: readonly TimelineItem[]): CategoryLike[] {
  const byId = new Map<number, CategoryLike>();
  for (const item of items) for (const c of item.categories) if (!byId.has(c.id)) byId.set(c.id, { id: c.id, name: c.name });
  return [...byId.values()].sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
}
