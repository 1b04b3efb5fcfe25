import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { toastBus } from '../components/toast-bus.ts';
import { createQueryClient } from '../queries/query-client.ts';
import { sessionQueries } from '../queries/session.ts';
import { browserApi } from './api-client.ts';
import { prefetchModule } from './route-modules.ts';
import { matchRoute } from './route-table.ts';

/** What the app's data runs on: built before its UI code has been evaluated (src/main.tsx). */
export interface EarlyParts {
  queryClient: QueryClient;
  api: ApiClient;
}

export function createEarlyParts(): EarlyParts {
  return {
    queryClient: createQueryClient({ onBackgroundError: () => toastBus.show('Could not refresh; showing the last data loaded.', 'warning') }),
    api: browserApi(),
  };
}

/**
 * Asks who is signed in and starts the page's data (its route's prefetch module) for `url`,
 * before the app's start-up is evaluated: React DOM, MUI and the router are a long task (about
 * half a second on a cold cohort page, four times that on a slow phone) that the requests used to
 * wait behind. The router's loaders ask again once it runs; the queries are in flight or cached
 * by then, so nothing is fetched twice. Resolves once the requests are on their way; never rejects
 * (the router shows whatever failed, when it asks again).
 */
export async function startEarly({ queryClient, api }: EarlyParts, url: URL): Promise<void> {
  const match = matchRoute(url.pathname);
  // The sign-in page needs nobody signed in; every other path (an unknown one shows "page not found" in the signed-in shell) does.
  if (match?.route.public) return;
  void queryClient.prefetchQuery(sessionQueries.current());
  if (!match?.route.prefetch) return;
  try {
    const { prefetch } = await prefetchModule(match.route.prefetch)();
    prefetch({ queryClient, api, params: match.params, url });
  } catch {
    // Its code did not load: the router's loader tries again and reports it.
  }
}
