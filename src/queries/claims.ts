import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { claimsClient, type AlertClaim } from '../api/claims.ts';

/** "I'm on it" claims (#32 item 6) of the alerts a page shows, read together. */
export const claimQueries = {
  all: ['claims'] as const,
  forAlerts: (alerts: readonly (string | number)[]) => {
    const ids = [...new Set(alerts.map(String))].sort((a, b) => Number(a) - Number(b));
    return queryOptions({
      queryKey: [...claimQueries.all, ids.join(',')] as const,
      queryFn: ({ signal }) => claimsClient.list(ids, signal),
      // Someone else may claim at any time: fresh enough that two people rarely both reach out.
      staleTime: 15_000,
      refetchInterval: 60_000,
      select: (claims: AlertClaim[]) => new Map(claims.map((c) => [c.alert, c])),
    });
  },
};

/** Claim (or take over, with a note) and let go; every claims list is read again after either. */
export function useClaimMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: claimQueries.all });
  return {
    claim: useMutation({ mutationFn: ({ alert, note }: { alert: string; note?: string }) => claimsClient.claim(alert, note), onSettled }),
    release: useMutation({ mutationFn: (alert: string) => claimsClient.release(alert), onSettled }),
  };
}
