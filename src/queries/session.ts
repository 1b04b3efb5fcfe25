import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionClient } from '../api/session.ts';

export const sessionQueries = {
  all: ['session'] as const,
  current: () =>
    queryOptions({ queryKey: [...sessionQueries.all, 'current'] as const, queryFn: () => sessionClient.current(), staleTime: 5 * 60_000 }),
  staff: (q: string) =>
    queryOptions({ queryKey: [...sessionQueries.all, 'staff', q] as const, queryFn: ({ signal }) => sessionClient.staff(q, signal), staleTime: 5 * 60_000 }),
};

/** Signing in or out changes whose data everything is: the whole cache goes. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifier: string) => sessionClient.signIn(identifier),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sessionClient.signOut(),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, null);
    },
  });
}
