import { mutationOptions, queryOptions, useMutation, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { ApiClient, EditCategoryInput, Id } from '../../api/client.ts';
import type { PageParams } from '../../api/params.ts';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { useApi } from '../../app/api-context.tsx';

/**
 * Notation categories (the admin extension lists them with their state; E14 edits one).
 *
 *     ['categories']
 *     ['categories', 'list', paging]
 *     ['categories', 'detail', id]
 *
 * A category's name also shows on notations: under `['alerts' | 'updates', 'categories', id]`
 * (E8 and its update twin) and in any alerts/updates key whose filter object expands
 * `categories` (shared key convention, see alerts.queries.ts and timeline.queries.ts).
 */

/** Categories change by hand, rarely: 5 minutes. */
export const CATEGORY_STALE_TIME = 5 * 60_000;

const all = ['categories'] as const;

export const categoryKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (params: PageParams = {}) => [...all, 'list', { page: params.page, pageSize: params.pageSize }] as const,
  details: () => [...all, 'detail'] as const,
  detail: (id: Id) => [...all, 'detail', String(id)] as const,
};

export const categoryQueries = {
  all: categoryKeys.all,
  lists: categoryKeys.lists,
  list: (api: ApiClient, params: PageParams = {}) =>
    queryOptions({
      queryKey: categoryKeys.list(params),
      queryFn: ({ signal }) => api.categories.list(params, { signal }),
      staleTime: CATEGORY_STALE_TIME,
    }),
  detail: (api: ApiClient, id: Id) =>
    queryOptions({
      queryKey: categoryKeys.detail(id),
      queryFn: ({ signal }) => api.categories.get(id, { signal }),
      staleTime: CATEGORY_STALE_TIME,
    }),
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Alerts and updates keys that show category names: E8 and its update twin, and whatever expands `categories`. */
export function showsNotationCategories(key: QueryKey): boolean {
  if (key[0] !== 'alerts' && key[0] !== 'updates') return false;
  if (key[1] === 'categories') return true;
  const expand = key.find(isPlainObject)?.expand;
  return Array.isArray(expand) && expand.includes('categories');
}

/** The cached category lists and this category's detail. */
const showingCategory = (id: Id): QueryFilters => ({
  queryKey: all,
  predicate: ({ queryKey }) => queryKey[1] === 'list' || (queryKey[1] === 'detail' && queryKey[2] === String(id)),
});

type Page = { values: CategoryRecord[] };
const isPage = (data: unknown): data is Page => isPlainObject(data) && Array.isArray(data.values);
const isCategory = (data: unknown): data is CategoryRecord => isPlainObject(data) && typeof data.id === 'number';

export interface EditCategoryVariables {
  id: Id;
  body: EditCategoryInput;
}

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
      onMutate: async ({ id, body }: EditCategoryVariables, { client }) => {
        const filters = showingCategory(id);
        await client.cancelQueries(filters);
        const snapshot = client.getQueriesData(filters);
        const { name } = body; // stored as sent
        let previousName: string | undefined;
        const edit = (category: CategoryRecord): CategoryRecord => {
          if (String(category.id) !== String(id)) return category;
          previousName = category.name;
          return { ...category, name, isActive: body.isActive };
        };
        client.setQueriesData(filters, (data: unknown) => {
          if (isPage(data)) return { ...data, values: data.values.map(edit) };
          if (isCategory(data)) return edit(data);
          return data;
        });
        // Unknown before (nothing cached): assume renamed.
        return { snapshot, renamed: previousName !== name };
      },
      onError: (_error, _variables, onMutate, { client }) => {
        for (const [key, data] of onMutate?.snapshot ?? []) client.setQueryData(key, data);
      },
      onSuccess: (_void, _variables, { renamed }, { client }) =>
        renamed ? client.invalidateQueries({ predicate: ({ queryKey }) => showsNotationCategories(queryKey) }) : undefined,
      onSettled: (_void, _error, { id }, _onMutate, { client }) => client.invalidateQueries(showingCategory(id)),
    }),
};

/** The hooks use `api` when given (tests), else the app's client: `useApi()`, which is `browserApi()` unless a provider says otherwise. */
export function useEditCategory(api?: ApiClient) {
  const fromContext = useApi();
  return useMutation(categoryMutations.edit(api ?? fromContext));
}
