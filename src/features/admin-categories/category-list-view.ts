import type { UsageCount } from './category-usage.ts';
import type { CategoryState } from '../../queries/category-rules.ts';
import { compareText, compareTextBase } from '../../lib/collate.ts';

/**
 * The list's view as it lives in the URL, so a reload or a shared link shows the same list:
 *
 *     /admin/categories?q=concern&state=inactive&sort=name&dir=desc&unused=1&from=2026-01-01&to=2026-03-31
 */
export const STATE_FILTERS = ['active', 'inactive', 'all'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export const SORT_KEYS = ['name', 'state', 'id', 'usage'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface CategoryListView {
  q: string;
  state: StateFilter;
  sort: SortKey;
  dir: 'asc' | 'desc';
  unused: boolean;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

export function readListView(params: URLSearchParams): CategoryListView {
  return {
    q: params.get('q') ?? '',
    state: oneOf(STATE_FILTERS, params.get('state'), 'all'),
    sort: oneOf(SORT_KEYS, params.get('sort'), 'name'),
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    unused: params.get('unused') === '1',
  };
}

/** `params` with the view written in (defaults left out), other parameters kept. */
export function writeListView(params: URLSearchParams, view: CategoryListView): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string, fallback: string) => (value === fallback ? next.delete(name) : next.set(name, value));
  set('q', view.q, '');
  set('state', view.state, 'all');
  set('sort', view.sort, 'name');
  set('dir', view.dir, 'asc');
  set('unused', view.unused ? '1' : '', '');
  return next;
}

const usageTotal = (usage: ReadonlyMap<number, UsageCount> | undefined, id: number) => {
  const u = usage?.get(id);
  return u ? u.updates + u.alerts : 0;
};

/** The categories the view shows, in its order (usage sorts and filters only once it is counted). */
export function applyListView<T extends CategoryState>(categories: readonly T[], view: CategoryListView, usage?: ReadonlyMap<number, UsageCount>): T[] {
  const q = view.q.trim().toLocaleLowerCase();
  const shown = categories.filter(
    (c) =>
      (view.state === 'all' || (view.state === 'active') === c.isActive) &&
      (q === '' || c.name.toLocaleLowerCase().includes(q) || String(c.id) === q) &&
      (!view.unused || !usage || usageTotal(usage, c.id) === 0),
  );
  const compare = (a: T, b: T): number => {
    switch (view.sort) {
      case 'name':
        return compareTextBase(a.name, b.name) || a.id - b.id;
      case 'state':
        return Number(b.isActive) - Number(a.isActive) || compareText(a.name, b.name);
      case 'id':
        return a.id - b.id;
      case 'usage':
        return usageTotal(usage, a.id) - usageTotal(usage, b.id) || compareText(a.name, b.name);
    }
  };
  const sorted = [...shown].sort(compare);
  return view.dir === 'desc' ? sorted.reverse() : sorted;
}
