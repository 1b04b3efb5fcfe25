import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noticeClient } from '../api/notice.ts';
import type { Session } from '../api/session.ts';
import { gatewayRead } from './gateway-read.ts';
import { sessionQueries } from './session.ts';

export const noticeQueries = {
  all: ['notice'] as const,
  current: () => gatewayRead([...noticeQueries.all, 'current'], noticeClient.current),
};

/**
 * Accepts the notice's `version`. Once accepted, the session says so (the page asked for renders)
 * and whatever was refused before it — the page's data, started early, answered 403 — is asked again.
 */
export function useAcceptNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => noticeClient.accept(version),
    onSuccess: (_, version) => {
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      queryClient.setQueryData<Session | null>(sessionQueries.current().queryKey, (session) =>
        session ? { ...session, notice: { version, accepted: true } } : session,
      );
      void queryClient.invalidateQueries({ queryKey: noticeQueries.all });
    },
  });
}
