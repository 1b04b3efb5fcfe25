import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { peopleQueries } from '../../queries/people.ts';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';
import { studentTimelineQueries } from '../../queries/timeline.ts';
import { effectiveRange, parseTimelineFilters } from './timeline-filters.ts';

/**
 * Started by the route as soon as a student's URL is navigated to, in parallel with loading the
 * page's code: by the time the page renders, its data is on the way or in the cache.
 */
export function prefetchStudentTimeline(queryClient: QueryClient, api: ApiClient, student: string, url: URL): void {
  const range = effectiveRange(parseTimelineFilters(url.searchParams).filters);
  const queries = studentTimelineQueries(api, student, range);
  void queryClient.prefetchQuery(peopleQueries.detail(api, student));
  // The student's own lists first; their encouragements after them (see useStudentTimeline).
  void Promise.allSettled([
    queryClient.prefetchQuery(queries.updates),
    queryClient.prefetchQuery(queries.alerts),
    queryClient.prefetchQuery(queries.dataInsights),
  ]).then(() => queryClient.prefetchQuery(queries.encouragements));
}

/** The route's prefetch (src/app/route-table.ts). */
export const prefetch: RoutePrefetch = ({ queryClient, api, params, url }) => {
  if (params.identifier) prefetchStudentTimeline(queryClient, api, params.identifier, url);
};
