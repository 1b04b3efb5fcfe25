import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';

/**
 * What a route's prefetch module (`prefetch` in src/app/route-table.ts) is given: it starts the
 * page's queries while the page's code loads, and returns without waiting for them.
 */
export interface RoutePrefetchContext {
  queryClient: QueryClient;
  api: ApiClient;
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
}

export type RoutePrefetch = (context: RoutePrefetchContext) => void;
