import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { cohortQueries } from '../../queries/cohort.ts';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';
import { scoreQueries } from '../../queries/scores.ts';

/**
 * Starts a cohort's download (thousands of respondents) while the page's code is still loading,
 * and the administration (its title, or not found) before it: a small answer asked after the
 * cohort's pages waited on the server behind them.
 */
export function prefetchCohort(queryClient: QueryClient, api: ApiClient, administrationId: string | undefined): void {
  const id = Number(administrationId);
  if (!Number.isInteger(id) || id <= 0) return;
  void queryClient.prefetchQuery(scoreQueries.administration(api, id));
  void queryClient.prefetchQuery(cohortQueries.cohort(api, id));
}

/** The route table's prefetch for `/scores/:administrationId`. */
export const prefetch: RoutePrefetch = ({ queryClient, api, params }) => prefetchCohort(queryClient, api, params.administrationId);
