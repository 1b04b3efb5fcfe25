import type { Administration } from '../../api/schemas/index.ts';

/**
 * The administrations list's order and assessment filter, pure. E17 says neither how many
 * responded nor which assessment an administration is of: both are learned per administration
 * (its results' total; its first respondent's scores' `assessmentId`), so every function here
 * takes what is known so far and says what is not.
 */

export type AdministrationOrder = 'newest' | 'most-respondents' | 'fewest-respondents';
export const ORDERS: readonly { value: AdministrationOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'most-respondents', label: 'Most respondents first' },
  { value: 'fewest-respondents', label: 'Fewest respondents first' },
];

export function readOrder(value: string | null): AdministrationOrder {
  return ORDERS.some((o) => o.value === value) ? (value as AdministrationOrder) : 'newest';
}

/**
 * `rows` in `order`; by respondents, the ones not counted yet (or that could not be) last, in
 * their first order (the sort is stable).
 */
export function orderAdministrations(rows: readonly Administration[], order: AdministrationOrder, counts: ReadonlyMap<number, number>): Administration[] {
  if (order === 'newest') return [...rows];
  const sign = order === 'most-respondents' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = counts.get(a.id);
    const y = counts.get(b.id);
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return sign * (x - y);
  });
}

export interface AssessmentChoice {
  id: number;
  /** The words the titles of its administrations share ("Student Strengths Inventory"), else "Assessment 3". */
  label: string;
  administrations: number;
}

/** The words at the end of every title (administration titles name the term, then the assessment). */
function commonEnding(titles: readonly string[]): string {
  const split = titles.map((t) => t.trim().split(/\s+/));
  const shortest = Math.min(...split.map((w) => w.length));
  const ending: string[] = [];
  for (let i = 1; i <= shortest; i++) {
    const word = split[0]![split[0]!.length - i]!;
    if (split.every((w) => w[w.length - i] === word)) ending.unshift(word);
    else break;
  }
  // A title alone, or titles that share all their words, say nothing about the assessment by themselves.
  return ending.length === shortest ? '' : ending.join(' ');
}

/** The assessments learned so far, each named by what its administrations' titles share; by label. */
export function assessmentChoices(rows: readonly Administration[], assessments: ReadonlyMap<number, number | null>): AssessmentChoice[] {
  const titles = new Map<number, string[]>();
  for (const a of rows) {
    const id = assessments.get(a.id);
    if (id === undefined || id === null) continue;
    titles.set(id, [...(titles.get(id) ?? []), a.title]);
  }
  return [...titles]
    .map(([id, list]) => {
      const ending = list.length > 1 ? commonEnding(list) : '';
      return { id, label: ending ? `${ending} (assessment ${id})` : `Assessment ${id}`, administrations: list.length };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
