import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { paintShellHeading } from '../../lib/shell-heading.ts';
import { cohortQueries } from '../../queries/cohort.ts';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';
import { scoreQueries } from '../../queries/scores.ts';

/**
 * Starts a cohort's download (thousands of respondents) while the page's code is still loading,
 * and the administration (its title, or not found) before it: a small answer asked after the
 * cohort's pages waited on the server behind them. The title goes into the server's shell at once.
 */
export function prefetchCohort(queryClient: QueryClient, api: ApiClient, administrationId: string | undefined): void {
  const id = Number(administrationId);
  if (!Number.isInteger(id) || id <= 0) return;
  // Its title is the page's h1: painted into the server's shell as soon as it is in (an error is the page's to show).
  void queryClient.fetchQuery(scoreQueries.administration(api, id)).then(
    (administration) => paintShellHeading(administration.title),
    () => undefined,
  );
  void queryClient.prefetchQuery(cohortQueries.cohort(api, id));
}

/** The route table's prefetch for `/scores/:administrationId`. */
export const prefetch: RoutePrefetch = ({ queryClient, api, params }) => prefetchCohort(queryClient, api, params.administrationId);
