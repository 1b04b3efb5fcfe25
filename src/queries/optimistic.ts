import type { MutationFunctionContext, QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/** What an optimistic write keeps to roll back: every entry it patched, as it was. */
export interface Snapshot {
  snapshot: Array<[QueryKey, unknown]>;
}

/**
 * The one shape of an optimistic update (snapshot, patch, roll back), for a mutation's
 * `onMutate` and `onError`: the entries `filters` selects are cancelled, saved, and patched with
 * `patch` (which returns the data unchanged when it has nothing to do); a failed write puts the
 * saved entries back. `before` reads what the mutation needs from the cache before the patch
 * (e.g. an alert's student) and comes back merged into the mutation's context.
 */
export function optimisticUpdate<V, Extra extends object = object>(spec: {
  filters: (variables: V) => QueryFilters;
  patch: (data: unknown, variables: V) => unknown;
  before?: (variables: V, client: QueryClient) => Extra;
}) {
  return {
    onMutate: async (variables: V, { client }: MutationFunctionContext): Promise<Snapshot & Extra> => {
      const filters = spec.filters(variables);
      await client.cancelQueries(filters);
      const snapshot = client.getQueriesData<unknown>(filters);
      const extra = spec.before?.(variables, client) ?? ({} as Extra);
      client.setQueriesData<unknown>(filters, (data: unknown) => spec.patch(data, variables));
      return { ...extra, snapshot };
    },
    onError: (_error: unknown, _variables: V, onMutateResult: Snapshot | undefined, { client }: MutationFunctionContext) => {
      for (const [key, data] of onMutateResult?.snapshot ?? []) client.setQueryData(key, data);
    },
  };
}
