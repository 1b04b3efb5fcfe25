import type { RoutePrefetch } from '../../queries/route-prefetch.ts';
import { triggerQueries } from '../../queries/triggers.ts';
import { isTriggerId } from './trigger-words.ts';

/**
 * A trigger's page and its apply page start the trigger (their heading, and all the page shows)
 * while their code loads: asked by the page as it rendered, it came a round trip after the code.
 */
export const prefetch: RoutePrefetch = ({ queryClient, api, params }) => {
  const id = params.id ?? '';
  if (isTriggerId(id)) void queryClient.prefetchQuery(triggerQueries.detail(api, id));
};
