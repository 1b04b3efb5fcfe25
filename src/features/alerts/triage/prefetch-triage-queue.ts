import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import { triageQueueQuery } from '../../../queries/alert-queue.ts';
import { effectiveTriageRange, parseTriageFilters } from './triage-filters.ts';

/**
 * Started by the route as soon as `/alerts` is navigated to, in parallel with loading the page's
 * code: by the time the page renders, its pages are on the way.
 */
export function prefetchTriageQueue(queryClient: QueryClient, api: ApiClient, url: URL, today: Date = new Date()): void {
  const range = effectiveTriageRange(parseTriageFilters(url.searchParams).filters, today);
  void queryClient.prefetchQuery(triageQueueQuery(api, range).options);
}
