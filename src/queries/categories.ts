import { mutationOptions, useMutation, type QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { ApiClient, EditCategoryInput, Id } from '../api/client.ts';
import type { CategoryRecord } from '../api/schemas/index.ts';
import { useApi } from './api-context.tsx';
import { isPlainObject, listParamOf, type WriteVariables } from './keys.ts';
import { optimisticUpdate } from './optimistic.ts';
import { resourceQueriesWithAllPages } from './resource-queries.ts';

/**
 * Notation categories (the admin extension lists them with their state; E14 edits one).
 *
 *     ['categories']
 *     ['categories', 'list', paging]
 *     ['categories', 'detail', id]
 *     ['categories', 'list', 'all']         every category, all pages (the administration page)
 *
 * A category's name also shows on notations: under `['alerts' | 'updates', 'categories', id]`
 * (E8 and its update twin) and in any alerts/updates key whose filter object expands
 * `categories` (shared key shape, see keys.ts).
 */

/** Categories change by hand, rarely: 5 minutes. */
export const CATEGORY_STALE_TIME = 5 * 60_000;

// `allPages`: every category with its state (a real upstream without the extension answers 404: the administration page says so).
const categories = resourceQueriesWithAllPages('categories', (api) => api.categories, CATEGORY_STALE_TIME);
export const categoryKeys = categories.keys;
const { all } = categoryKeys;

export const categoryQueries = categories.queries;

/** Alerts and updates keys that show category names: E8 and its update twin, and whatever expands `categories`. */
export function showsNotationCategories(key: QueryKey): boolean {
  if (key[0] !== 'alerts' && key[0] !== 'updates') return false;
  if (key[1] === 'categories') return true;
  return listParamOf(key, 'expand').includes('categories');
}

/** The cached category lists and this category's detail. */
const showingCategory = (id: Id): QueryFilters => ({
  queryKey: all,
  predicate: ({ queryKey }) => queryKey[1] === 'list' || (queryKey[1] === 'detail' && queryKey[2] === String(id)),
});

/** The category's name as the cache shows it, if it does. */
function cachedName(client: QueryClient, id: Id): string | undefined {
  let name: string | undefined;
  for (const [, data] of client.getQueriesData<unknown>(showingCategory(id))) {
    const categories = isPage(data) ? data.values : isCategory(data) ? [data] : [];
    name = categories.find((category) => String(category.id) === String(id))?.name ?? name;
  }
  return name;
}

type Page = { values: CategoryRecord[] };
const isPage = (data: unknown): data is Page => isPlainObject(data) && Array.isArray(data.values);
const isCategory = (data: unknown): data is CategoryRecord => isPlainObject(data) && typeof data.id === 'number';

export type EditCategoryVariables = WriteVariables<EditCategoryInput>;

export const categoryMutations = {
  /**
   * E14. Optimistic: the new name and state show in the cached lists and detail at once and go
   * back if the service refuses (409: the 20-active rule, or a name taken). Then the categories
   * are refetched, and, when the name changed, every notation key that shows category names.
   */
  edit: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...all, 'edit'],
      mutationFn: ({ id, body }: EditCategoryVariables) => api.categories.edit(id, body),
      ...optimisticUpdate({
        filters: ({ id }: EditCategoryVariables) => showingCategory(id),
        // The name is stored as sent.
        patch: (data, { id, body }) => {
          const edit = (category: CategoryRecord): CategoryRecord =>
            String(category.id) === String(id) ? { ...category, name: body.name, isActive: body.isActive } : category;
          if (isPage(data)) return { ...data, values: data.values.map(edit) };
          if (isCategory(data)) return edit(data);
          return data;
        },
        // Unknown before (nothing cached): assume renamed.
        before: ({ id, body }, client) => ({ renamed: cachedName(client, id) !== body.name }),
      }),
      onSuccess: (_void, _variables, { renamed }, { client }) =>
        renamed ? client.invalidateQueries({ predicate: ({ queryKey }) => showsNotationCategories(queryKey) }) : undefined,
      onSettled: (_void, _error, { id }, _onMutate, { client }) => client.invalidateQueries(showingCategory(id)),
    }),
};

/** The hooks use `api` when given (tests), else the app's client: `useApi()`, which is `browserApi()` unless a provider says otherwise. */
export function useEditCategory(api?: ApiClient) {
  return useMutation(categoryMutations.edit(useApi(api)));
}
