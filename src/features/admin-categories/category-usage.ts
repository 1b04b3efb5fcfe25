import { mutationOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { compareText } from '../../lib/collate.ts';
import { useApi } from '../../queries/api-context.tsx';

/**
 * How much each category is used over a window: E1 and E7 with expand=categories, every page,
 * counted on demand (a mutation: not cached under ['categories', 'usage', {from, to}]).
 */

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

export const categoryUsageMutations = {
  /** Counts the updates and alerts of each category created in the window (cancellable through `signal`). */
  usage: (api: ApiClient) =>
    mutationOptions({
      mutationKey: ['categories', 'usage'],
      mutationFn: async ({ from, to, signal, onProgress }: UsageVariables): Promise<CategoryUsage> => {
        const progress = { updates: { loaded: 0, total: 0 }, alerts: { loaded: 0, total: 0 } };
        const report = () => onProgress({ loaded: progress.updates.loaded + progress.alerts.loaded, total: progress.updates.total + progress.alerts.total });
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
  return useMutation(categoryUsageMutations.usage(useApi(api)));
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
