import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import { triageQueueQuery } from '../../../queries/alert-queue.ts';
import type { RoutePrefetch } from '../../../queries/route-prefetch.ts';
import { effectiveTriageRange, parseTriageFilters } from './triage-filters.ts';
import { prepareRows } from './triage-rows.ts';

/**
 * Started by the route as soon as `/alerts` is navigated to, in parallel with loading the page's
 * code: by the time the page renders, its pages are on the way.
 */
export function prefetchTriageQueue(queryClient: QueryClient, api: ApiClient, url: URL, today: Date = new Date()): void {
  const range = effectiveTriageRange(parseTriageFilters(url.searchParams).filters, today);
  // The rows are prepared as the alerts arrive (cached per alert: the page finds them ready).
  void queryClient.prefetchQuery(triageQueueQuery(api, range, prepareRows).options);
}

/** The route's prefetch (src/app/route-table.ts). */
export const prefetch: RoutePrefetch = ({ queryClient, api, url }) => prefetchTriageQueue(queryClient, api, url);
