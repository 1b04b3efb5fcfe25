import type { AlertStatus } from '../../../api/schemas/index.ts';
import { ageInDays } from '../../../lib/dates.ts';
import type { SortField, TriageFilters, TriageSort } from './triage-filters.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { toCsv, type CsvValue } from '../../../lib/csv.ts';
import { compareText } from '../../../lib/collate.ts';

/**
 * The triage queue's rows, pure (no React): alerts prepared once per load, then filtered, counted,
 * sorted, grouped by student and written as CSV. Built for ten thousand alerts and more: every
 * string the filters compare is computed once per alert (`prepareRow`, cached per alert object,
 * so a cache update that replaces one alert prepares one row), and a filter change is one pass.
 */

export interface TriageRow {
  id: number;
  alert: TriageAlert;
  createdMs: number;
  status: AlertStatus;
  studentId: string;
  studentName: string;
  creatorId: string;
  creatorName: string;
  categoryIds: readonly number[];
  categoryNames: readonly string[];
  /** The category names joined, as the grid, the sort and the CSV show them. */
  categoriesText: string;
  details: string;
  /** Lowercase, accents removed: what the text filter searches. */
  search: string;
}

/** One student's alerts among the shown ones (the per-student view). */
export interface StudentGroup {
  /** The student's identifier (the row id of the per-student grid). */
  id: string;
  studentId: string;
  studentName: string;
  count: number;
  oldestMs: number;
  latestMs: number;
  categoryNames: readonly string[];
  categoriesText: string;
  latestDetails: string;
  /** The group's alerts, in the queue's order. */
  alerts: readonly TriageRow[];
}

// eslint-disable-next-line no-control-regex -- every ASCII character, control characters included
const ASCII = /^[\u0000-\u007f]*$/;

/** Lowercase without diacritics, so that "jazmin" finds "Jazmín". */
export function foldText(text: string): string {
  // Most text is ASCII: nothing to decompose (ten thousand rows' worth of normalising is not free on a phone).
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const personName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

const prepared = new WeakMap<TriageAlert, TriageRow>();

/** The row of one alert (cached per alert object). */
export function prepareRow(alert: TriageAlert): TriageRow {
  const cached = prepared.get(alert);
  if (cached) return cached;
  const categories = alert.categories.values;
  const studentName = personName(alert.student);
  const creatorName = personName(alert.createdBy);
  const categoryNames = categories.map((c) => c.name);
  const categoriesText = categoryNames.join(', ');
  const row: TriageRow = {
    id: alert.id,
    alert,
    createdMs: Date.parse(alert.createdOn),
    status: alert.status,
    studentId: alert.student.identifier,
    studentName,
    creatorId: alert.createdBy.identifier,
    creatorName,
    categoryIds: categories.map((c) => c.id),
    categoryNames,
    categoriesText,
    details: alert.details,
    search: foldText([studentName, alert.student.identifier, creatorName, alert.createdBy.identifier, categoriesText, alert.status, alert.details].join('\n')),
  };
  prepared.set(alert, row);
  return row;
}

export function prepareRows(alerts: readonly TriageAlert[]): TriageRow[] {
  return alerts.map(prepareRow);
}

// ---------------------------------------------------------------------------------------------
// Filtering and counting.

export interface CategoryCount {
  id: number;
  name: string;
  count: number;
}

export interface TriageTally {
  /** The rows every filter lets through, in the input's order. */
  shown: TriageRow[];
  /** Per status (and `all`), the rows every other filter lets through: what choosing that status would show. */
  statusCounts: Record<AlertStatus | 'all', number>;
  /**
   * Per category, the rows every filter but the category filter lets through that carry it: what
   * choosing it alone would show. Most first; a chosen category stays listed with 0.
   */
  categoryCounts: CategoryCount[];
}

type TallyFilters = Pick<TriageFilters, 'status' | 'categories' | 'creator' | 'student' | 'q'>;

/**
 * Filters `rows` and counts, in one pass, what each status and each category would show (each
 * facet counted with the other filters applied, not its own, so the counts say where a click goes).
 */
export function tallyRows(rows: readonly TriageRow[], filters: TallyFilters): TriageTally {
  const words = foldText(filters.q)
    .split(/\s+/)
    .filter((w) => w !== '');
  const chosen = new Set(filters.categories);
  const shown: TriageRow[] = [];
  const statusCounts: Record<AlertStatus | 'all', number> = { Open: 0, Lowered: 0, all: 0 };
  const categories = new Map<number, CategoryCount>();

  // Plain loops, no closures per row: this runs over every loaded alert on each filter change.
  const { creator, student, status } = filters;
  rows: for (const row of rows) {
    if (creator !== null && row.creatorId !== creator) continue;
    if (student !== null && row.studentId !== student) continue;
    for (const word of words) if (!row.search.includes(word)) continue rows;
    const ids = row.categoryIds;
    let categoryOk = chosen.size === 0;
    for (let i = 0; !categoryOk && i < ids.length; i += 1) categoryOk = chosen.has(ids[i]!);
    if (categoryOk) {
      statusCounts[row.status] += 1;
      statusCounts.all += 1;
    }
    if (status !== 'all' && row.status !== status) continue;
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i]!;
      const entry = categories.get(id);
      if (entry) entry.count += 1;
      else categories.set(id, { id, name: row.categoryNames[i] ?? `Category ${id}`, count: 1 });
    }
    if (categoryOk) shown.push(row);
  }
  for (const id of chosen) if (!categories.has(id)) categories.set(id, { id, name: `Category ${id}`, count: 0 });
  const categoryCounts = [...categories.values()].sort((a, b) => b.count - a.count || compareText(a.name, b.name));
  return { shown, statusCounts, categoryCounts };
}

// ---------------------------------------------------------------------------------------------
// Sorting and grouping.

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Every category the loaded alerts carry (and every chosen one), by name: the counts' fixed order.
 * It depends on the load, not the filters, so a chip stays where it is whatever is clicked.
 */
export function categoriesOf(rows: readonly TriageRow[], chosen: readonly number[]): { id: number; name: string }[] {
  const names = new Map<number, string>();
  for (const row of rows) row.categoryIds.forEach((id, i) => names.has(id) || names.set(id, row.categoryNames[i] ?? `Category ${id}`));
  for (const id of chosen) if (!names.has(id)) names.set(id, `Category ${id}`);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

type Compare<T> = (a: T, b: T) => number;

const byText =
  <T>(pick: (item: T) => string): Compare<T> =>
  (a, b) =>
    collator.compare(pick(a), pick(b));
const byNumber =
  <T>(pick: (item: T) => number): Compare<T> =>
  (a, b) =>
    pick(a) - pick(b);
/** By name, then identifier (two students of one name keep one order). */
const byStudent: Compare<{ studentName: string; studentId: string }> = (a, b) =>
  collator.compare(a.studentName, b.studentName) || collator.compare(a.studentId, b.studentId);

const ALERT_COMPARE: Partial<Record<SortField, Compare<TriageRow>>> = {
  createdOn: byNumber((r) => r.createdMs),
  // Older is larger: ascending age is newest first.
  age: byNumber((r) => -r.createdMs),
  student: byStudent,
  categories: byText((r) => r.categoriesText),
  creator: byText((r) => r.creatorName),
  status: byText((r) => r.status),
  details: byText((r) => r.details),
  id: byNumber((r) => r.id),
};

const GROUP_COMPARE: Partial<Record<SortField, Compare<StudentGroup>>> = {
  createdOn: byNumber((g) => g.latestMs),
  age: byNumber((g) => -g.oldestMs),
  student: byStudent,
  categories: byText((g) => g.categoriesText),
  details: byText((g) => g.latestDetails),
  count: byNumber((g) => g.count),
};

function sortBy<T>(items: readonly T[], compare: Compare<T> | undefined, direction: TriageSort['direction'], tie: Compare<T>): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  const primary = compare ?? (() => 0);
  // Ties keep a fixed order whatever the direction, so a row never jumps between two equal neighbours.
  return [...items].sort((a, b) => sign * primary(a, b) || tie(a, b));
}

/** A sorted copy; equal rows newest first, then by id. */
export function sortRows(rows: readonly TriageRow[], sort: TriageSort): TriageRow[] {
  return sortBy(rows, ALERT_COMPARE[sort.field], sort.direction, (a, b) => b.createdMs - a.createdMs || b.id - a.id);
}

/** A sorted copy; equal groups the longest waiting first. */
export function sortGroups(groups: readonly StudentGroup[], sort: TriageSort): StudentGroup[] {
  return sortBy(groups, GROUP_COMPARE[sort.field], sort.direction, (a, b) => a.oldestMs - b.oldestMs || collator.compare(a.studentId, b.studentId));
}

/** One group per student, in order of first appearance in `rows`. */
export function groupByStudent(rows: readonly TriageRow[]): StudentGroup[] {
  const byStudent = new Map<string, TriageRow[]>();
  for (const row of rows) {
    const list = byStudent.get(row.studentId);
    if (list) list.push(row);
    else byStudent.set(row.studentId, [row]);
  }
  return [...byStudent.values()].map((alerts) => {
    const first = alerts[0] as TriageRow;
    let oldest = first;
    let latest = first;
    const names = new Set<string>();
    for (const row of alerts) {
      if (row.createdMs < oldest.createdMs) oldest = row;
      if (row.createdMs > latest.createdMs) latest = row;
      row.categoryNames.forEach((name) => names.add(name));
    }
    const categoryNames = [...names].sort(collator.compare);
    return {
      id: first.studentId,
      studentId: first.studentId,
      studentName: first.studentName,
      count: alerts.length,
      oldestMs: oldest.createdMs,
      latestMs: latest.createdMs,
      categoryNames,
      categoriesText: categoryNames.join(', '),
      latestDetails: latest.details,
      alerts,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Columns (shared by the grid and the CSV) and CSV.

export interface ColumnSpec<T> {
  field: SortField;
  header: string;
  /** The cell as the CSV writes it (never truncated). */
  csv: (row: T, nowMs: number) => CsvValue;
  /** Shown unless the person hides it. */
  visibleByDefault: boolean;
}

const withId = (name: string, id: string) => (name ? `${name} (${id})` : id);

/** The per-alert columns, in grid order. */
export const ALERT_COLUMNS: readonly ColumnSpec<TriageRow>[] = [
  { field: 'createdOn', header: 'Created', csv: (r) => r.alert.createdOn, visibleByDefault: true },
  { field: 'student', header: 'Student', csv: (r) => withId(r.studentName, r.studentId), visibleByDefault: true },
  { field: 'categories', header: 'Categories', csv: (r) => r.categoriesText, visibleByDefault: true },
  { field: 'creator', header: 'Creator', csv: (r) => withId(r.creatorName, r.creatorId), visibleByDefault: true },
  { field: 'status', header: 'Status', csv: (r) => r.status, visibleByDefault: true },
  { field: 'age', header: 'Age (days)', csv: (r, now) => ageInDays(r.createdMs, now), visibleByDefault: true },
  { field: 'details', header: 'Details', csv: (r) => r.details, visibleByDefault: true },
  { field: 'id', header: 'Alert id', csv: (r) => r.id, visibleByDefault: false },
];

/** The per-student columns, in grid order. */
export const GROUP_COLUMNS: readonly ColumnSpec<StudentGroup>[] = [
  { field: 'student', header: 'Student', csv: (g) => withId(g.studentName, g.studentId), visibleByDefault: true },
  { field: 'count', header: 'Alerts', csv: (g) => g.count, visibleByDefault: true },
  { field: 'age', header: 'Oldest (days)', csv: (g, now) => ageInDays(g.oldestMs, now), visibleByDefault: true },
  { field: 'categories', header: 'Categories', csv: (g) => g.categoriesText, visibleByDefault: true },
  { field: 'createdOn', header: 'Latest', csv: (g) => new Date(g.latestMs).toISOString(), visibleByDefault: true },
  { field: 'details', header: 'Latest details', csv: (g) => g.latestDetails, visibleByDefault: true },
];

/** Which columns show: a field is visible unless the model says `false` (the grid's convention). */
export type ColumnVisibility = Readonly<Record<string, boolean>>;

export function defaultVisibility<T>(columns: readonly ColumnSpec<T>[]): Record<string, boolean> {
  return Object.fromEntries(columns.filter((c) => !c.visibleByDefault).map((c) => [c.field, false]));
}

export function visibleColumns<T>(columns: readonly ColumnSpec<T>[], visibility: ColumnVisibility): ColumnSpec<T>[] {
  return columns.filter((c) => visibility[c.field] ?? c.visibleByDefault);
}

/** The header and one record per row, over the given columns. */
export function tableCsv<T>(rows: readonly T[], columns: readonly ColumnSpec<T>[], nowMs: number): string {
  return toCsv([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.csv(row, nowMs)))]);
}

/** The export's file name: what and which range, e.g. `alerts-open-2026-05-01-to-2026-05-31.csv`. */
export function csvFileName(filters: Pick<TriageFilters, 'status' | 'view'>, range: { from: string; to: string }): string {
  const what = filters.view === 'student' ? 'alerts-by-student' : 'alerts';
  return `${what}-${filters.status.toLowerCase()}-${range.from}-to-${range.to}.csv`;
}
