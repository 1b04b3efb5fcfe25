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
  // The student's own lists only: their encouragements are asked for once those lists are whole
  // (useStudentTimeline), after the first rows have painted, not in the requests those rows wait for.
  void queryClient.prefetchQuery(queries.updates);
  void queryClient.prefetchQuery(queries.alerts);
  void queryClient.prefetchQuery(queries.dataInsights);
}

/** The route's prefetch (src/app/route-table.ts). */
export const prefetch: RoutePrefetch = ({ queryClient, api, params, url }) => {
  if (params.identifier) prefetchStudentTimeline(queryClient, api, params.identifier, url);
};
