import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { runListJob } from './run-list-job.ts';

export const studentQueries = {
  all: ['students'] as const,
  /** Name or identifier search (people extension). */
  search: (api: ApiClient, q: string) =>
    queryOptions({
      queryKey: [...studentQueries.all, 'search', q] as const,
      queryFn: ({ signal }) => api.people.list({ role: 'Student', q, pageSize: 20 }, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** Under the alerts list keys, so that lowering or raising an alert refreshes the ranking. */
  mostOpenAlerts: (api: ApiClient, createdOnStart: string) =>
    queryOptions({
      queryKey: ['alerts', 'list', 'open-by-student', { createdOnStart }] as const,
      // Thousands of alerts for a short ranking: downloaded and parsed in a worker, off the page's main thread.
      queryFn: ({ signal }) => runListJob(api, 'openAlertsRanking', { createdOnStart }, { signal }),
    }),
};
