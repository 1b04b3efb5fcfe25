import { hashKey, queryOptions } from '@tanstack/react-query';
import type { ApiClient, ExpandedAlert } from '../api/client.ts';
import type { AllValues, ListAllProgress } from '../api/paging.ts';
import type { DayRange } from '../lib/dates.ts';
import { alertKeys } from './alerts.ts';
import { createProgressStore } from './progress-store.ts';
import { runListJob } from './run-list-job.ts';

/**
 * What the triage queue loads for every alert of the range (E7 with `expand`): the student's and
 * the creator's names and the categories come with the alert, so the queue needs no lookups per
 * row. Comments are not expanded (the drawer asks for them when it opens one alert).
 */
export const TRIAGE_EXPAND = ['student', 'categories', 'createdBy'] as const;
export type TriageAlert = ExpandedAlert<(typeof TRIAGE_EXPAND)[number]>;

/**
 * The triage queue's one query: every alert (E7) created in the range, with students, creators and
 * categories expanded (`TRIAGE_EXPAND`). Its key is the alerts' own whole-list key
 * (`['alerts', 'list', filters, 'all']`), so the alert mutations' optimistic updates and
 * invalidations reach it like any alerts list.
 *
 * A range holds thousands of alerts (tens of pages of 1,000): how far the load has come is kept
 * per query in a small store beside the cache, so that the page shows it even when the load was
 * started by the route's loader before the page existed.
 */

/** Pages in flight at once after the first: enough to overlap the service's work with parsing. */
const CONCURRENCY = 4;

/** The progress of each triage load under way, by query hash. */
export const triageProgress = createProgressStore<ListAllProgress>();

export function triageQueueParams(range: DayRange) {
  return { createdOnStart: range.from, createdOnEnd: range.to, expand: TRIAGE_EXPAND };
}

/**
 * `prepare`: gets the alerts as they arrive, a few hundred at a time, while the rest of the range
 * loads (the page prepares its rows then, not all at once when the last page is in).
 */
export function triageQueueQuery(api: ApiClient, range: DayRange, prepare?: (alerts: readonly TriageAlert[]) => void) {
  const params = triageQueueParams(range);
  const queryKey = alertKeys.listAll(params);
  return {
    hash: hashKey(queryKey),
    // `prepare` only does ahead of time what the page would do with the data: the data does not depend on it.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    options: queryOptions({
      queryKey,
      queryFn: async ({ signal, client, queryKey: key }) => {
        const hash = hashKey(key);
        triageProgress.set(hash, undefined);
        try {
          // Downloaded and parsed in the list worker: ten thousand alerts would block the page for seconds on a phone.
          return await runListJob(
            api,
            'triageAlerts',
            { filters: params, concurrency: CONCURRENCY },
            {
              signal,
              onProgress: (progress) => triageProgress.set(hash, progress),
              ...(prepare ? { onItems: prepare as (items: readonly unknown[]) => void } : {}),
              // The first page (the newest alerts) is shown as soon as it is in; the rest arrives as a
              // whole, so the grid and its counts are prepared twice, not once per page. A refetch
              // keeps the whole queue it has until the new one is in.
              onPartial: (partial) => {
                if (client.getQueryData<AllValues<unknown>>(key) === undefined) client.setQueryData(key, partial);
              },
            },
          );
        } finally {
          triageProgress.set(hash, undefined);
        }
      },
      // Megabytes per load: refetched when a write invalidates it, not each time the window regains focus.
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
    }),
  };
}

/**
 * Students ranked by their open alerts raised since `createdOnStart` (the students page). Under
 * the alerts list keys, so that lowering or raising an alert refreshes the ranking.
 */
export const mostOpenAlertsQuery = (api: ApiClient, createdOnStart: string) =>
  queryOptions({
    queryKey: [...alertKeys.lists(), 'open-by-student', { createdOnStart }] as const,
    // Thousands of alerts for a short ranking: downloaded and parsed in a worker, off the page's main thread.
    queryFn: ({ signal }) => runListJob(api, 'openAlertsRanking', { createdOnStart }, { signal }),
  });
