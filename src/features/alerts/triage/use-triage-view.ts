import { useMemo } from 'react';
import { formatDayRange, type DayRange } from '../../../lib/dates.ts';
import { useSameContent } from '../../../components/use-same-content.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { effectiveSort, hasActiveFilters, type TriageFilters, type TriageSort } from './triage-filters.ts';
import type { TriageGridRows } from './triage-grid.tsx';
import type { PeopleSource, PersonOption } from './triage-filter-bar.tsx';
import { categoriesOf, groupByStudent, sortGroups, sortRows, tallyRows, type TriageRow } from './triage-rows.ts';
import type { TriageQueue } from './use-triage-queue.ts';
import { compareText } from '../../../lib/collate.ts';

const number = new Intl.NumberFormat(undefined);
export const plural = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/** The people of the loaded alerts, most alerts first, for the student and creator pickers. */
export function peopleOf(rows: readonly TriageRow[], pick: (row: TriageRow) => { identifier: string; name: string }): PersonOption[] {
  const byId = new Map<string, PersonOption>();
  for (const row of rows) {
    const { identifier, name } = pick(row);
    const entry = byId.get(identifier);
    if (entry) entry.count += 1;
    else byId.set(identifier, { identifier, name, count: 1 });
  }
  return [...byId.values()].sort((a, b) => b.count - a.count || compareText(a.name, b.name));
}

/**
 * The people of the loaded alerts for one picker, worked out when first asked for (the picker
 * opens): thousands of students, counted and sorted, are not worth a long task each time a load
 * comes in. `find` names one person (the URL's) without that.
 */
export function lazyPeople(rows: readonly TriageRow[], pick: (row: TriageRow) => { identifier: string; name: string }): PeopleSource {
  let all: PersonOption[] | undefined;
  return {
    all: () => (all ??= peopleOf(rows, pick)),
    find(identifier) {
      if (all) return all.find((person) => person.identifier === identifier);
      let found: PersonOption | undefined;
      for (const row of rows) {
        const person = pick(row);
        if (person.identifier !== identifier) continue;
        if (found) found.count += 1;
        else found = { ...person, count: 1 };
      }
      return found;
    },
  };
}

const studentOf = (r: TriageRow) => ({ identifier: r.studentId, name: r.studentName });
const creatorOf = (r: TriageRow) => ({ identifier: r.creatorId, name: r.creatorName });

/**
 * What the queue shows for the URL's filters over the loaded alerts: the rows (or per-student
 * groups) in order, the counts per status and category, the people to pick from, and the sentence
 * that sums it up. Pure derivation, memoised step by step: sorting (the slow step) runs once per
 * load and sort, filtering once per filter change.
 */
export function useTriageView(queue: TriageQueue, filters: TriageFilters, liveText: string, range: DayRange) {
  const { view, status, creator, student } = filters;
  const { field: sortField, direction: sortDirection } = effectiveSort(filters);
  const sort = useMemo<TriageSort>(() => ({ field: sortField, direction: sortDirection }), [sortField, sortDirection]);
  // Keyed on the content: the parsed array is new on every URL change.
  const categories = useSameContent(filters.categories, filters.categories.join(','));

  const ordered = useMemo(() => (view === 'alert' ? sortRows(queue.rows, sort) : queue.rows), [queue.rows, view, sort]);
  const tally = useMemo(
    () => tallyRows(ordered, { status, categories, creator, student, q: liveText }),
    [ordered, status, categories, creator, student, liveText],
  );
  const groups = useMemo(() => (view === 'student' ? sortGroups(groupByStudent(tally.shown), sort) : []), [view, tally.shown, sort]);
  const rows = useMemo<TriageGridRows>(() => (view === 'alert' ? { view, rows: tally.shown } : { view, rows: groups }), [view, tally.shown, groups]);
  const shownAlerts = useMemo<readonly TriageAlert[]>(() => tally.shown.map((row) => row.alert), [tally.shown]);
  const students = useMemo(() => lazyPeople(queue.rows, studentOf), [queue.rows]);
  const creators = useMemo(() => lazyPeople(queue.rows, creatorOf), [queue.rows]);
  // The load's categories once per load; a chip click (a category of the load) changes nothing of them.
  const loadedCategories = useMemo(() => categoriesOf(queue.rows, []), [queue.rows]);
  const categoryNames = useMemo(
    () => (categories.every((id) => loadedCategories.some((c) => c.id === id)) ? loadedCategories : categoriesOf(queue.rows, categories)),
    [loadedCategories, queue.rows, categories],
  );

  const total = queue.rows.length;
  const shownCount = tally.shown.length;
  const summary = queue.isPartial
    ? `Showing ${number.format(shownCount)} of the newest ${plural(total, 'alert', 'alerts')}; loading the rest of ${number.format(queue.totalValues)} created ${formatDayRange(range)}…`
    : view === 'alert'
      ? `Showing ${number.format(shownCount)} of ${plural(total, 'alert', 'alerts')} created ${formatDayRange(range)}.`
      : `${plural(groups.length, 'student', 'students')} with ${number.format(shownCount)} of ${plural(total, 'alert', 'alerts')} created ${formatDayRange(range)}.`;
  const filtered = hasActiveFilters({ ...filters, q: liveText });
  // Changes whenever what the queue lists changes: the grid and the cards go back to their first page.
  const resetKey = `${view}|${status}|${categories.join(',')}|${creator ?? ''}|${student ?? ''}|${liveText}|${range.from}|${range.to}`;

  return { sort, categories, tally, groups, rows, shownAlerts, students, creators, categoryNames, total, shownCount, summary, filtered, resetKey };
}

export type TriageView = ReturnType<typeof useTriageView>;
