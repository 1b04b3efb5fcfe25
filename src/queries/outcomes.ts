import { queryOptions } from '@tanstack/react-query';
import { outcomesClient, type OutcomesWindow } from '../api/outcomes.ts';

/**
 * The outcomes of a window (#33): `['outcomes', from, to]`. The gateway revalidates its own reading
 * with the service's ETags, so asking again is cheap; a minute keeps a page and its panels on one answer.
 */
export const outcomeQueries = {
  all: ['outcomes'] as const,
  window: ({ from, to }: OutcomesWindow) =>
    queryOptions({
      queryKey: ['outcomes', from, to] as const,
      queryFn: ({ signal }) => outcomesClient.get({ from, to }, signal),
      staleTime: 60_000,
    }),
};
