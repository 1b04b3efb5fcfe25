import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { isPartial, type AllValues, type ListAllOptions } from '../api/paging.ts';
import { alertQueries } from './alerts.ts';
import type { DayRange } from '../lib/dates.ts';
import { whenIdle } from '../lib/after-paint.ts';
import { dataInsightQueries, updateQueries } from './notations.ts';
import { studentEncouragementsQuery } from './student-encouragements.ts';

const CATEGORIES_AND_COMMENTS = ['categories', 'comments'] as const;

/** How many of a list's newest items are asked for alone, ahead of its first full page. */
export const TIMELINE_HEAD_SIZE = 20;

/**
 * The longest the rest of a list waits for the page to have rendered its head, before it is asked
 * for and again before it is parsed (a slow phone may still be rendering).
 */
const REST_WAITS_MS = 1000;

/**
 * `listAll` options that put a long list's newest items in the cache while the rest loads (the
 * service sends notations newest first, decisions §4): the first rows paint after a small head
 * instead of after every page. A refetch keeps the whole list it has until the new one is in.
 * The rest is asked for once the page is idle (the head rendered), and parsed only when it is idle
 * again: parsing thousands of items while the head's first render runs held that render back by
 * about as long, and on a slow network (Lighthouse's mobile profile) the rest's 90 KB took
 * bandwidth from the code the first rows were waiting for.
 */
function showingEarly<T>(client: QueryClient, queryKey: QueryKey): Pick<ListAllOptions<T>, 'headSize' | 'onPartial' | 'beforeRestParse' | 'beforeRestRequest'> {
  return {
    headSize: TIMELINE_HEAD_SIZE,
    beforeRestRequest: () => whenIdle(REST_WAITS_MS),
    beforeRestParse: () => whenIdle(REST_WAITS_MS),
    onPartial: (partial) => {
      const cached = client.getQueryData<AllValues<T>>(queryKey);
      if (cached === undefined || isPartial(cached)) client.setQueryData<AllValues<T>>(queryKey, partial);
    },
  };
}

/**
 * The four lists a student's timeline is made of: updates (E1), data insights (E5) and alerts
 * (E7) of the student, each whole (`listAll`, newest items shown early), and the student's
 * encouragements (the §9 extension; E10 over the range when the service lacks it).
 */
export function studentTimelineQueries(api: ApiClient, student: string, range: DayRange) {
  const filter = { createdOnStart: range.from, createdOnEnd: range.to, identifiers: [student] };
  const updates = { ...filter, expand: CATEGORIES_AND_COMMENTS };
  const dataInsights = { ...filter, expand: ['comments'] as const };
  const alerts = { ...filter, expand: CATEGORIES_AND_COMMENTS };
  return {
    updates: queryOptions({
      ...updateQueries.listAll(api, updates),
      queryFn: ({ signal, client, queryKey }) => api.updates.listAll(updates, { signal, ...showingEarly(client, queryKey) }),
    }),
    dataInsights: queryOptions({
      ...dataInsightQueries.listAll(api, dataInsights),
      queryFn: ({ signal, client, queryKey }) => api.dataInsights.listAll(dataInsights, { signal, ...showingEarly(client, queryKey) }),
    }),
    alerts: queryOptions({
      ...alertQueries.listAll(api, alerts),
      queryFn: ({ signal, client, queryKey }) => api.alerts.listAll(alerts, { signal, ...showingEarly(client, queryKey) }),
    }),
    encouragements: studentEncouragementsQuery(api, student, range),
  };
}
