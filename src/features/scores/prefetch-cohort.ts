import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { cohortQueries } from '../../queries/cohort.ts';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';

/** Starts a cohort's download (thousands of respondents) while the page's code is still loading. */
export function prefetchCohort(queryClient: QueryClient, api: ApiClient, administrationId: string | undefined): void {
  const id = Number(administrationId);
  if (Number.isInteger(id) && id > 0) void queryClient.prefetchQuery(cohortQueries.cohort(api, id));
}

/** The route table's prefetch for `/scores/:administrationId`. */
export const prefetch: RoutePrefetch = ({ queryClient, api, params }) => prefetchCohort(queryClient, api, params.administrationId);
