import type { MyStudent } from '../../api/my-students.ts';

/** A choice as the URL holds it: one of `options`, else the first (the default, which the URL leaves out). */
export const readChoice = <T extends string>(options: readonly [T, ...T[]], value: string | null): T =>
  (options as readonly string[]).includes(value ?? '') ? (value as T) : options[0];

/** The orders a person can pick (`/?sort=`); `attention`, the default, is the gateway's, as it came. */
export const SORTS = ['attention', 'name', 'open-alerts', 'last-contact', 'new'] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  attention: 'Needs attention (the reasons)',
  name: 'Name',
  'open-alerts': 'Open alerts, most first',
  'last-contact': 'Last contact, longest ago first',
  new: 'New since your last visit, most first',
};

const byName = (a: MyStudent, b: MyStudent) => a.name.localeCompare(b.name) || a.student.localeCompare(b.student);

/** The rows in the chosen order; ties by name. No contact at all counts as longest ago. */
export function sortStudents(rows: readonly MyStudent[], sort: Sort): readonly MyStudent[] {
  if (sort === 'attention') return rows;
  const sorted = [...rows];
  if (sort === 'name') return sorted.sort(byName);
  if (sort === 'open-alerts') return sorted.sort((a, b) => b.openAlerts - a.openAlerts || byName(a, b));
  if (sort === 'new') return sorted.sort((a, b) => b.newSinceVisit - a.newSinceVisit || byName(a, b));
  return sorted.sort((a, b) => (a.lastContactOn ?? '').localeCompare(b.lastContactOn ?? '') || byName(a, b));
}

/** Which students the list shows (`/?show=`): everyone (the default), those with a reason, or those the person follows. */
export const SHOWS = ['all', 'attention', 'watching'] as const;
export type Show = (typeof SHOWS)[number];
export const SHOW_LABELS: Record<Show, string> = { all: 'All my students', attention: 'With a reason for attention', watching: 'Students I follow' };

export function shownStudents(rows: readonly MyStudent[], show: Show): readonly MyStudent[] {
  if (show === 'attention') return rows.filter((r) => r.reasons.length > 0);
  if (show === 'watching') return rows.filter((r) => r.watching);
  return rows;
}
