import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { alertQueries } from '../alerts/alerts.queries.ts';
import { peopleQueries } from '../network/network.queries.ts';
import { effectiveRange, parseTimelineFilters, type DayRange } from './timeline-filters.ts';
import { dataInsightQueries, encouragementQueries, updateQueries } from './timeline.queries.ts';

const CATEGORIES_AND_COMMENTS = ['categories', 'comments'] as const;

/**
 * The four lists a student's timeline is made of: updates (E1), data insights (E5) and alerts
 * (E7) of the student, each whole (`listAll`), and encouragements (E10) of the range, shared by
 * every student's page (E10 has no student filter).
 */
export function studentTimelineQueries(api: ApiClient, student: string, range: DayRange) {
  const filter = { createdOnStart: range.from, createdOnEnd: range.to, identifiers: [student] };
  return {
    updates: updateQueries.listAll(api, { ...filter, expand: CATEGORIES_AND_COMMENTS }),
    dataInsights: dataInsightQueries.listAll(api, { ...filter, expand: ['comments'] as const }),
    alerts: alertQueries.listAll(api, { ...filter, expand: CATEGORIES_AND_COMMENTS }),
    encouragements: encouragementQueries.range(api, { modifiedOnStart: range.from, modifiedOnEnd: range.to }),
  };
}


/**
 * Started by the route as soon as a student's URL is navigated to, in parallel with loading the
 * page's code: by the time the page renders, its data is on the way or in the cache.
 */
export function prefetchStudentTimeline(queryClient: QueryClient, api: ApiClient, student: string, url: URL): void {
  const range = effectiveRange(parseTimelineFilters(url.searchParams).filters);
  const queries = studentTimelineQueries(api, student, range);
  void queryClient.prefetchQuery(peopleQueries.detail(api, student));
  // The student's own lists first; the shared encouragements range after them (see useStudentTimeline).
  void Promise.allSettled([
    queryClient.prefetchQuery(queries.updates),
    queryClient.prefetchQuery(queries.alerts),
    queryClient.prefetchQuery(queries.dataInsights),
  ]).then(() => queryClient.prefetchQuery(queries.encouragements));
}
