import { mutationOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, EditCategoryInput } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import type { CategoryRecord } from '../api/schemas/index.ts';
import { useApi } from './api-context.tsx';
import { CATEGORY_STALE_TIME, categoryKeys } from './categories.ts';
import { allPagesQuery } from './resource-queries.ts';
import { compareText } from '../lib/collate.ts';

/**
 * The category administration's reads and writes (issue 12):
 *
 *     ['categories', 'list', 'all']           every category with its state (the extension, all pages)
 *     ['categories', 'usage', {from, to}]     not cached: usage is counted on demand (a mutation)
 *
 * The list sits under `['categories', 'list']`, so the shared edit mutation (optimistic, with
 * rollback, and relabelling every cached notation on a rename) updates and refetches it.
 */

export const categoryAdminKeys = {
  all: () => [...categoryKeys.lists(), 'all'] as const,
};

export const categoryAdminQueries = {
  /** Every category (a real upstream without the extension answers 404: the page says so). */
  all: (api: ApiClient) => allPagesQuery(categoryAdminKeys.all(), (params, options) => api.categories.list(params, options), CATEGORY_STALE_TIME),
};

export type Edit = (id: number, body: EditCategoryInput) => Promise<unknown>;

export const isConflict = (error: unknown): boolean => isApiError(error) && error.kind === 'http' && error.status === 409;

// ---------------------------------------------------------------------------------------------
// Guided swap: deactivate one, activate another, undo the first if the second is refused.

export type SwapResult =
  | { status: 'swapped' }
  | { status: 'deactivate-failed'; error: unknown }
  | { status: 'rolled-back'; error: unknown }
  | { status: 'rollback-failed'; error: unknown; rollbackError: unknown };

export async function swapCategories(edit: Edit, out: CategoryState, into: CategoryState): Promise<SwapResult> {
  try {
    await edit(out.id, { isActive: false, name: out.name });
  } catch (error) {
    return { status: 'deactivate-failed', error };
  }
  try {
    await edit(into.id, { isActive: true, name: into.name });
    return { status: 'swapped' };
  } catch (error) {
    try {
      await edit(out.id, { isActive: true, name: out.name });
      return { status: 'rolled-back', error };
    } catch (rollbackError) {
      return { status: 'rollback-failed', error, rollbackError };
    }
  }
}

export interface CategoryState {
  id: number;
  name: string;
  isActive: boolean;
}

// ---------------------------------------------------------------------------------------------
// Bulk activate / deactivate: one edit at a time, an outcome per category, retry of failures only.

export type BulkOutcome = { status: 'done' } | { status: 'failed'; error: unknown };

export interface BulkEditResult {
  ids: readonly number[];
  isActive: boolean;
  outcomes: ReadonlyMap<number, BulkOutcome>;
}

export function toRetry(result: BulkEditResult): number[] {
  return result.ids.filter((id) => result.outcomes.get(id)?.status !== 'done');
}

/**
 * Sets `isActive` on each category, one edit at a time (the 20-active rule counts each one in
 * turn), skipping those `previous` shows done. Never rejects: a refusal is that category's outcome.
 */
export async function bulkEdit(options: {
  edit: Edit;
  categories: readonly CategoryState[];
  isActive: boolean;
  previous?: BulkEditResult | undefined;
  onOutcome?: (result: BulkEditResult) => void;
}): Promise<BulkEditResult> {
  const ids = options.categories.map((c) => c.id);
  const outcomes = new Map<number, BulkOutcome>(options.previous ? options.previous.outcomes : []);
  for (const category of options.categories) {
    if (outcomes.get(category.id)?.status === 'done') continue;
    try {
      await options.edit(category.id, { isActive: options.isActive, name: category.name });
      outcomes.set(category.id, { status: 'done' });
    } catch (error) {
      outcomes.set(category.id, { status: 'failed', error });
    }
    options.onOutcome?.({ ids, isActive: options.isActive, outcomes: new Map(outcomes) });
  }
  return { ids, isActive: options.isActive, outcomes };
}

// ---------------------------------------------------------------------------------------------
// Usage over a window: E1 and E7 with expand=categories, every page.

export interface UsageCount {
  updates: number;
  alerts: number;
}

export interface CategoryUsage {
  from: string;
  to: string;
  byCategory: ReadonlyMap<number, UsageCount>;
  updates: number;
  alerts: number;
  /** Categories named on those notations (id → name), for an upstream without the list. */
  seen: ReadonlyMap<number, string>;
}

export interface UsageVariables {
  /** `yyyy-MM-dd`, inclusive. */
  from: string;
  to: string;
  signal: AbortSignal;
  onProgress: (progress: { loaded: number; total: number }) => void;
}

export const categoryAdminMutations = {
  /** Counts the updates and alerts of each category created in the window (cancellable through `signal`). */
  usage: (api: ApiClient) =>
    mutationOptions({
      mutationKey: ['categories', 'usage'],
      mutationFn: async ({ from, to, signal, onProgress }: UsageVariables): Promise<CategoryUsage> => {
        const progress = { updates: { loaded: 0, total: 0 }, alerts: { loaded: 0, total: 0 } };
        const report = () =>
          onProgress({ loaded: progress.updates.loaded + progress.alerts.loaded, total: progress.updates.total + progress.alerts.total });
        const filters = { createdOnStart: from, createdOnEnd: to, expand: ['categories'] as const };
        const [updates, alerts] = await Promise.all([
          api.updates.listAll({ ...filters, expand: ['categories'] }, { signal, concurrency: 2, onProgress: (p) => ((progress.updates = p), report()) }),
          api.alerts.listAll({ ...filters, expand: ['categories'] }, { signal, concurrency: 2, onProgress: (p) => ((progress.alerts = p), report()) }),
        ]);
        const byCategory = new Map<number, UsageCount>();
        const seen = new Map<number, string>();
        const count = (values: readonly { categories: { values: readonly { id: number; name: string }[] } }[], field: keyof UsageCount) => {
          for (const notation of values) {
            for (const category of notation.categories.values) {
              seen.set(category.id, category.name);
              const entry = byCategory.get(category.id) ?? { updates: 0, alerts: 0 };
              entry[field] += 1;
              byCategory.set(category.id, entry);
            }
          }
        };
        count(updates.values, 'updates');
        count(alerts.values, 'alerts');
        return { from, to, byCategory, updates: updates.values.length, alerts: alerts.values.length, seen };
      },
    }),
};

export function useCategoryUsage(api?: ApiClient) {
  return useMutation(categoryAdminMutations.usage(useApi(api)));
}

/**
 * Categories named on notations already loaded in this tab (any cached alerts or updates with
 * their categories), for an upstream that cannot list categories.
 */
export function categoriesSeenInCache(client: QueryClient): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const categories = record.categories as { values?: unknown } | undefined;
    if (categories && Array.isArray(categories.values)) {
      for (const c of categories.values as unknown[]) {
        const category = c as Partial<CategoryRecord>;
        if (typeof category.id === 'number' && typeof category.name === 'string') seen.set(category.id, category.name);
      }
    }
    if (Array.isArray(record.values)) visit(record.values, depth + 1);
    if (Array.isArray(record.pages)) visit(record.pages, depth + 1);
  };
  for (const query of client.getQueryCache().getAll()) {
    const root = query.queryKey[0];
    if (root === 'categories' || root === 'session') continue;
    visit(query.state.data, 0);
    // E8 and its update twin: a page of categories.
    if ((root === 'alerts' || root === 'updates') && query.queryKey[1] === 'categories') visit({ categories: query.state.data }, 0);
  }
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => compareText(a.name, b.name));
}
