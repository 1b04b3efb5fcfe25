import { peopleQueries } from '../../queries/people.ts';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';

/** Members whose names are asked for ahead of the page: more than a first screen lists. */
const NAMES_AHEAD = 25;

/**
 * A success network's editor starts the network, the student's name (its heading) and, once the
 * network is in, its members' names (the list's rows), while its code loads: asked by the page as
 * it rendered, they came one and two round trips after the code.
 */
export const prefetch: RoutePrefetch = ({ queryClient, api, params }) => {
  const student = params.identifier;
  if (!student) return;
  void queryClient.prefetchQuery(peopleQueries.person(api, student));
  void queryClient.fetchQuery(peopleQueries.successNetwork(api, student)).then(
    (network) => {
      for (const link of network.values.slice(0, NAMES_AHEAD)) {
        const member = api.personIdentifier(link);
        if (member !== null) void queryClient.prefetchQuery(peopleQueries.person(api, member));
      }
    },
    // The page shows what failed when it asks again.
    () => undefined,
  );
};
