import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionClient, signInUrl } from '../api/session.ts';

export const sessionQueries = {
  all: ['session'] as const,
  current: () => queryOptions({ queryKey: [...sessionQueries.all, 'current'] as const, queryFn: () => sessionClient.current(), staleTime: 5 * 60_000 }),
};

/** Where the browser is now, as the path to come back to after signing in. */
export const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * The session has ended (a 401 from /api, or GET /session says so): nobody's name stays on
 * screen, and the person goes to sign in and comes back here. Drafts are in localStorage already.
 */
export function sessionEnded(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueries.current().queryKey, null);
  window.location.assign(signInUrl(currentPath()));
}

/** Signing out: the session goes at the gateway, then the provider's own logout when it has one. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sessionClient.signOut(),
    onSuccess: ({ endSessionUrl }) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, null);
      window.location.assign(endSessionUrl ?? '/auth/signed-out');
    },
  });
}
