import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FetchLike } from '../api/http.ts';

/** Puts placeholder data under each key, so that its invalidation can be read back. */
export function seedCache(queryClient: QueryClient, ...keys: QueryKey[]): void {
  for (const key of keys) queryClient.setQueryData<unknown>(key, { values: [] });
}

/** Whether the query under `key` has been invalidated. */
export const isInvalidated = (queryClient: QueryClient, key: QueryKey): boolean => queryClient.getQueryState(key)?.isInvalidated ?? false;

/** A fetch whose writes wait until `open()`: the optimistic state can be read while the request is in flight. */
export function gatedFetch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let writes = 0;
  const fn: FetchLike = async (input, init) => {
    if (init.method !== 'GET') {
      writes += 1;
      await opened;
    }
    return globalThis.fetch(input, init);
  };
  return { fetch: fn, open, writes: () => writes };
}
