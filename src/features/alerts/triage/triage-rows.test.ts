import { describe, expect, it } from 'vitest';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { csvField, toCsv } from '../../../lib/csv.ts';
import { ageInDays } from '../../../lib/dates.ts';
import { NO_TRIAGE_FILTERS } from './triage-filters.ts';
import {
  ALERT_COLUMNS,
  categoriesOf,
  csvFileName,
  GROUP_COLUMNS,
  groupByStudent,
  prepareRow,
  prepareRows,
  sortGroups,
  sortRows,
  tableCsv,
  tallyRows,
  visibleColumns,
  defaultVisibility,
} from './triage-rows.ts';

const BASE = 'http://x/api';
const person = (identifier: string, firstName: string, lastName: string, role: 'Student' | 'Staff') => ({
  href: `${BASE}/people/${identifier}`,
  identifier,
  firstName,
  lastName,
  email: `${identifier}@example.edu`,
  role,
  self: { href: `${BASE}/people/${identifier}` },
});
const CATEGORY_NAMES: Record<number, string> = { 1: 'Attendance', 2: 'Financial', 3: 'Housing' };

function alertOf(
  id: number,
  over: { day: number; student?: string; creator?: string; categories?: number[]; status?: 'Open' | 'Lowered'; details?: string },
): TriageAlert {
  const student = over.student ?? 'S1';
  const creator = over.creator ?? 'E1';
  const categories = over.categories ?? [];
  return {
    id,
    audienceType: 'All',
    canStudentView: false,
    categories: {
      href: `${BASE}/notations/alerts/${id}/categories`,
      totalValues: categories.length,
      values: categories.map((c) => ({ id: c, name: CATEGORY_NAMES[c] ?? `C${c}`, self: { href: `${BASE}/notations/categories/${c}` } })),
    },
    comments: { href: `${BASE}/notations/alerts/${id}/comments` },
    createdBy: person(creator, creator === 'E1' ? 'Óscar' : 'Ann', 'Staffer', 'Staff'),
    createdOn: new Date(Date.UTC(2026, 4, over.day, 12)).toISOString(),
    details: over.details ?? `Alert ${id}`,
    status: over.status ?? 'Open',
    student: person(student, student === 'S1' ? 'Jazmín' : 'Bo', student === 'S1' ? 'Chávez' : 'Lee', 'Student'),
    self: { href: `${BASE}/notations/alerts/${id}` },
  };
}

const NOW = Date.UTC(2026, 4, 31, 18);
const rows = prepareRows([
  alertOf(1, { day: 1, categories: [1, 2], details: 'Rent is due' }),
  alertOf(2, { day: 5, student: 'S2', categories: [2], status: 'Lowered' }),
  alertOf(3, { day: 10, student: 'S2', creator: 'E2', categories: [3] }),
  alertOf(4, { day: 20, categories: [] }),
  alertOf(5, { day: 30, student: 'S3', categories: [1], details: '=HYPERLINK("http://evil")' }),
]);
const ids = (list: readonly { id: number }[]) => list.map((r) => r.id);

describe('prepareRow', () => {
  it('computes once per alert object', () => {
    const alert = alertOf(9, { day: 2 });
    expect(prepareRow(alert)).toBe(prepareRow(alert));
    expect(prepareRow({ ...alert })).not.toBe(prepareRow(alert));
  });

  it('counts whole days of age', () => {
    expect(ageInDays(Date.UTC(2026, 4, 31, 0), NOW)).toBe(0);
    expect(ageInDays(Date.UTC(2026, 4, 1, 12), NOW)).toBe(30);
    expect(ageInDays(NOW + 1000, NOW)).toBe(0);
  });
});

describe('categoriesOf', () => {
  it('lists every category of the load by name, the same whatever the filters count', () => {
    const all = categoriesOf(rows, []);
    expect(all.map((c) => c.name)).toEqual(['Attendance', 'Financial', 'Housing']);
    // Counting other filters re-orders nothing: the order is the load's.
    expect(categoriesOf(rows, [2])).toEqual(all);
    expect(categoriesOf(rows, [99]).map((c) => c.name)).toEqual(['Attendance', 'Category 99', 'Financial', 'Housing']);
  });
});

describe('tallyRows', () => {
  it('shows open alerts by default and counts each facet with the other filters applied', () => {
    const { shown, statusCounts, categoryCounts } = tallyRows(rows, NO_TRIAGE_FILTERS);
    expect(ids(shown)).toEqual([1, 3, 4, 5]);
    expect(statusCounts).toEqual({ Open: 4, Lowered: 1, all: 5 });
    // Open alerts only: Financial is on 1 (open) and 2 (lowered).
    expect(categoryCounts).toEqual([
      { id: 1, name: 'Attendance', count: 2 },
      { id: 2, name: 'Financial', count: 1 },
      { id: 3, name: 'Housing', count: 1 },
    ]);
  });

  it('filters by any chosen category, keeping the category counts as they were', () => {
    const tally = tallyRows(rows, { ...NO_TRIAGE_FILTERS, status: 'all', categories: [2, 3] });
    expect(ids(tally.shown)).toEqual([1, 2, 3]);
    expect(tally.statusCounts).toEqual({ Open: 2, Lowered: 1, all: 3 });
    expect(tally.categoryCounts.find((c) => c.id === 1)?.count).toBe(2);
  });

  it('lists a chosen category that nothing carries, with 0', () => {
    expect(tallyRows(rows, { ...NO_TRIAGE_FILTERS, categories: [99] }).categoryCounts.at(-1)).toEqual({ id: 99, name: 'Category 99', count: 0 });
  });

  it('matches every word of the text, ignoring case and accents, over names, categories and details', () => {
    expect(ids(tallyRows(rows, { ...NO_TRIAGE_FILTERS, q: 'jazmin  RENT' }).shown)).toEqual([1]);
    expect(ids(tallyRows(rows, { ...NO_TRIAGE_FILTERS, q: 'housing' }).shown)).toEqual([3]);
    expect(ids(tallyRows(rows, { ...NO_TRIAGE_FILTERS, q: 'oscar' }).shown)).toEqual([1, 4, 5]);
  });

  it('filters by creator and by student identifier', () => {
    expect(ids(tallyRows(rows, { ...NO_TRIAGE_FILTERS, creator: 'E2' }).shown)).toEqual([3]);
    expect(ids(tallyRows(rows, { ...NO_TRIAGE_FILTERS, status: 'all', student: 'S2' }).shown)).toEqual([2, 3]);
  });

  it('keeps ten thousand rows under a few milliseconds a pass', () => {
    const many = prepareRows(
      Array.from({ length: 10_000 }, (_, i) => alertOf(100 + i, { day: 1 + (i % 30), student: `S${i % 700}`, categories: [1 + (i % 3)] })),
    );
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) tallyRows(many, { ...NO_TRIAGE_FILTERS, q: 'bo lee', categories: [2] });
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });
});

describe('sorting and grouping', () => {
  it('sorts by any column both ways, ties newest first', () => {
    expect(ids(sortRows(rows, { field: 'createdOn', direction: 'desc' }))).toEqual([5, 4, 3, 2, 1]);
    expect(ids(sortRows(rows, { field: 'age', direction: 'desc' }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(sortRows(rows, { field: 'student', direction: 'asc' }))).toEqual([3, 2, 5, 4, 1]);
    expect(ids(sortRows(rows, { field: 'status', direction: 'desc' }))).toEqual([5, 4, 3, 1, 2]);
  });

  it('groups one row per student with count, oldest, latest and the union of categories', () => {
    const groups = groupByStudent(rows);
    expect(groups.map((g) => [g.id, g.count])).toEqual([
      ['S1', 2],
      ['S2', 2],
      ['S3', 1],
    ]);
    const s1 = groups[0]!;
    expect(s1.studentName).toBe('Jazmín Chávez');
    expect(s1.categoryNames).toEqual(['Attendance', 'Financial']);
    expect(s1.latestDetails).toBe('Alert 4');
    expect(ageInDays(s1.oldestMs, NOW)).toBe(30);
    expect(sortGroups(groups, { field: 'count', direction: 'desc' }).map((g) => g.id)).toEqual(['S1', 'S2', 'S3']);
    expect(sortGroups(groups, { field: 'createdOn', direction: 'desc' }).map((g) => g.id)).toEqual(['S3', 'S1', 'S2']);
  });
});

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and doubles quotes', () => {
    const cases: [string | number, string][] = [
      ['plain', 'plain'],
      ['a, b', '"a, b"'],
      ['say "hi"', '"say ""hi"""'],
      ['two\nlines', '"two\nlines"'],
      [12, '12'],
    ];
    for (const [value, field] of cases) expect(csvField(value)).toBe(field);
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
  });

  it('ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
  });

  it('writes the visible columns in order and the given rows', () => {
    const columns = visibleColumns(ALERT_COLUMNS, { ...defaultVisibility(ALERT_COLUMNS), details: false, creator: false });
    const csv = tableCsv(rows.slice(0, 2), columns, NOW);
    expect(csv.split('\r\n')).toEqual([
      'Created,Student,Categories,Status,Age (days)',
      '2026-05-01T12:00:00.000Z,Jazmín Chávez (S1),"Attendance, Financial",Open,30',
      '2026-05-05T12:00:00.000Z,Bo Lee (S2),Financial,Lowered,26',
      '',
    ]);
    expect(tableCsv(groupByStudent(rows).slice(0, 1), GROUP_COLUMNS, NOW).split('\r\n')[1]).toBe(
      'Jazmín Chávez (S1),2,30,"Attendance, Financial",2026-05-20T12:00:00.000Z,Alert 4',
    );
  });

  it('names the file after the view and the range', () => {
    expect(csvFileName({ status: 'Open', view: 'alert' }, { from: '2026-05-01', to: '2026-05-31' })).toBe('alerts-open-2026-05-01-to-2026-05-31.csv');
    expect(csvFileName({ status: 'all', view: 'student' }, { from: '2026-05-01', to: '2026-05-31' })).toBe(
      'alerts-by-student-all-2026-05-01-to-2026-05-31.csv',
    );
  });
});
