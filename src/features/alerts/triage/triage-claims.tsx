import { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AlertClaim } from '../../../api/claims.ts';
import { claimQueries } from '../../../queries/claims.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';

/** The claims of the open alerts the queue shows (#32 item 6), for the rows' status cells. */
export const TriageClaims = createContext<ReadonlyMap<string, AlertClaim>>(new Map());

/** At most this many alerts' claims are asked for at once (the gateway's limit is 1,000): the first of the queue's order. */
const MAX_ASKED = 500;
const NONE: ReadonlyMap<string, AlertClaim> = new Map();

export function useTriageClaims(alerts: readonly TriageAlert[]): ReadonlyMap<string, AlertClaim> {
  const ids = useMemo(
    () =>
      alerts
        .filter((a) => a.status === 'Open')
        .slice(0, MAX_ASKED)
        .map((a) => a.id),
    [alerts],
  );
  const claims = useQuery({ ...claimQueries.forAlerts(ids), enabled: ids.length > 0 });
  return claims.data ?? NONE;
}

/** "On it: Ann Lee" under a row's status, when someone claimed the alert; the since and the note in its title. */
export function ClaimMark({ alertId }: { alertId: number }) {
  const claim = useContext(TriageClaims).get(String(alertId));
  if (!claim) return null;
  const title = `${claim.holderName} has been on it since ${new Date(claim.since).toLocaleString()}${claim.note ? `. Note: ${claim.note}` : ''}`;
  return (
    <span className="triage-claim" title={title} data-testid="triage-claim">
      On it: {claim.holderName}
    </span>
  );
}
