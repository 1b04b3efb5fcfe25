import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import type { Page, RequestOptions } from '../api/http.ts';
import type { PageParams } from '../api/params.ts';
import { listAll, type FetchPage } from '../api/paging.ts';
import { resourceKeys } from './keys.ts';

/** What the client's listed-and-read-by-id resources have in common (categories, triggers, people). */
export interface ResourceReads<P, L, D, I> {
  list(params?: P, options?: RequestOptions): Promise<L>;
  get(id: I, options?: RequestOptions): Promise<D>;
}

/**
 * The keys and the list and detail factories of such a resource, generated once: `[root, 'list',
 * params]` and `[root, 'detail', id]`, each fresh for `staleTime` (these change by hand, rarely).
 * `listKey` normalises a list's parameters when two spellings mean one request.
 */
export function resourceQueries<const Root extends string, P extends object, L, D, I extends string | number>(
  root: Root,
  resource: (api: ApiClient) => ResourceReads<P, L, D, I>,
  staleTime: number,
  listKey: (params: P) => object = (params) => params,
) {
  const base = resourceKeys(root);
  const keys = { ...base, list: (params: P = {} as P) => base.list(listKey(params)) };
  return {
    keys,
    queries: {
      all: keys.all,
      lists: keys.lists,
      list: (api: ApiClient, params: P = {} as P) =>
        queryOptions({ queryKey: keys.list(params), queryFn: ({ signal }) => resource(api).list(params, { signal }), staleTime }),
      detail: (api: ApiClient, id: I) => queryOptions({ queryKey: keys.detail(id), queryFn: ({ signal }) => resource(api).get(id, { signal }), staleTime }),
    },
  };
}

/**
 * A resource's keys and queries with `allPages`: every item, all pages read, under
 * `[root, 'list', 'all']` (below the lists, so that the resource's mutations update and refetch it).
 */
export function withAllPages<K extends { lists: () => readonly unknown[] }, Q extends object, P extends PageParams, T>(
  resource: { keys: K; queries: Q },
  fetchPage: (api: ApiClient) => FetchPage<P, T>,
  staleTime: number,
) {
  const keys = { ...resource.keys, allPages: () => [...resource.keys.lists(), 'all'] as const };
  return { keys, queries: { ...resource.queries, allPages: (api: ApiClient) => allPagesQuery(keys.allPages(), fetchPage(api), staleTime) } };
}

/** `resourceQueries` with `allPages` read from the resource's own list (categories, triggers: the administration pages). */
export function resourceQueriesWithAllPages<const Root extends string, P extends PageParams, T, D, I extends string | number>(
  root: Root,
  resource: (api: ApiClient) => ResourceReads<P, Page<T>, D, I>,
  staleTime: number,
) {
  return withAllPages(
    resourceQueries(root, resource, staleTime),
    (api) => (params: P, options: RequestOptions) => resource(api).list(params, options),
    staleTime,
  );
}

/**
 * Every item of a resource's list, all pages read (the administration pages show them all), under
 * `queryKey` (below the resource's lists, so that its mutations refresh it).
 */
export function allPagesQuery<const K extends readonly unknown[], P extends PageParams, T>(queryKey: K, fetchPage: FetchPage<P, T>, staleTime: number) {
  // The caller's key names the list that `fetchPage` reads.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({ queryKey, queryFn: ({ signal }) => listAll(fetchPage, {} as Omit<P, 'page' | 'pageSize'>, { signal }), staleTime });
}
