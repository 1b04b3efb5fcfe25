import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { cohortQueries } from '../../queries/cohort.ts';
import { peopleQueries } from '../../queries/people.ts';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';
import { scoreQueries } from '../../queries/scores.ts';

/**
 * Starts a score profile's data while the page's code is still loading: the administration (the
 * back link's title), the person (the heading), their administrations (the profile's choice) and
 * this administration's factor scores (the bars), then, once the list is in, the scores of their
 * other administrations (the trend, and which to choose). Asked by the page as it rendered, the
 * scores came a round trip after the list that named them, two after the page's code.
 */
export function prefetchProfile(queryClient: QueryClient, api: ApiClient, administrationId: string | undefined, person: string | undefined): void {
  const id = Number(administrationId);
  if (!Number.isInteger(id) || id <= 0 || !person) return;
  void queryClient.prefetchQuery(scoreQueries.administration(api, id));
  void queryClient.prefetchQuery(peopleQueries.person(api, person));
  void queryClient.prefetchQuery(scoreQueries.profileScores(api, id, person));
  void queryClient.fetchQuery(cohortQueries.allAdministrations(api, person)).then(
    ({ values }) => {
      for (const other of values) if (other.id !== id) void queryClient.prefetchQuery(scoreQueries.profileScores(api, other.id, person));
    },
    // The page shows what failed when it asks again.
    () => undefined,
  );
}

/** The route table's prefetch for `/scores/:administrationId/:person`. */
export const prefetch: RoutePrefetch = ({ queryClient, api, params }) => prefetchProfile(queryClient, api, params.administrationId, params.person);
