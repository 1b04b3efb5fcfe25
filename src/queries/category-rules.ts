import { MAX_OTHER_ACTIVE_CATEGORIES, characterCount } from '../api/schemas/index.ts';

/**
 * The rules of E14 as the dashboard checks them before anyone clicks (decisions §7): activation
 * is refused when more than 20 OTHER categories are active, so at most 21 can be; a name is 1–100
 * characters once trimmed and no other category may have it, ignoring case. The service checks
 * them again (409); these only let a person see the refusal coming.
 */

/** At most this many categories can be active at once. */
export const MAX_ACTIVE_CATEGORIES = MAX_OTHER_ACTIVE_CATEGORIES + 1;
export const MAX_NAME_LENGTH = 100;

export interface CategoryState {
  id: number;
  name: string;
  isActive: boolean;
}

export const CAPACITY_SENTENCE = `At most ${MAX_ACTIVE_CATEGORIES} categories can be active: the service refuses to activate a category while more than ${MAX_OTHER_ACTIVE_CATEGORIES} others are active, and changes nothing.`;

export function activeCount(categories: readonly CategoryState[]): number {
  return categories.reduce((n, c) => n + (c.isActive ? 1 : 0), 0);
}

/** Why activating `id` would be refused now, or null when the service would accept it (or it is active already). */
/** The capacity card's sentence at the cap: what each blocked Activate button is described by. */
export const CAPACITY_REASON_ID = 'capacity-reason';

export function activationBlock(categories: readonly CategoryState[], id: number): string | null {
  const category = categories.find((c) => c.id === id);
  if (!category || category.isActive) return null;
  const others = categories.filter((c) => c.isActive && c.id !== id).length;
  if (others <= MAX_OTHER_ACTIVE_CATEGORIES) return null;
  return `${others} categories are active already, the most allowed is ${MAX_ACTIVE_CATEGORIES}: deactivate one first, or swap one out for this one.`;
}

/**
 * Why activating all of `ids` (one at a time) would be refused, or null. Each activation counts
 * the ones before it, so the set fits when the active count plus the new ones is at most 21.
 */
export function bulkActivationBlock(categories: readonly CategoryState[], ids: readonly number[]): string | null {
  const wanted = new Set(ids);
  const adding = categories.filter((c) => wanted.has(c.id) && !c.isActive).length;
  const active = activeCount(categories);
  if (active + adding <= MAX_ACTIVE_CATEGORIES) return null;
  const room = Math.max(0, MAX_ACTIVE_CATEGORIES - active);
  return `Activating ${adding} would make ${active + adding} active; the most allowed is ${MAX_ACTIVE_CATEGORIES}, and ${active} are active now, so ${room === 0 ? 'none' : `at most ${room}`} can be activated. Nothing was sent.`;
}

const fold = (name: string) => name.trim().toLocaleLowerCase('und');

/** What is wrong with `name` as the new name of category `id`, or null when the service would take it. */
export function nameProblem(categories: readonly CategoryState[], id: number, name: string): string | null {
  const length = characterCount(name.trim());
  if (length === 0) return 'A name is required (spaces alone do not count).';
  if (length > MAX_NAME_LENGTH) return `At most ${MAX_NAME_LENGTH} characters after trimming (this is ${length}).`;
  const wanted = fold(name);
  const other = categories.find((c) => c.id !== id && fold(c.name) === wanted);
  return other ? `Another category (#${other.id}) is already named “${other.name}” (names are compared ignoring case).` : null;
}
