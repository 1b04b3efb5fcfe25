import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AlertClaim } from '../../api/claims.ts';
import { ClaimChip } from '../../components/claim-chip.tsx';
import { claimQueries } from '../../queries/claims.ts';
import type { TimelineItem } from './timeline-items.ts';

/** The claims of the student's open alerts (#32 item 6), read once for the timeline. */
const TimelineClaims = createContext<ReadonlyMap<string, AlertClaim>>(new Map());
const NONE: ReadonlyMap<string, AlertClaim> = new Map();

export function TimelineClaimsProvider({ items, children }: { items: readonly TimelineItem[]; children: ReactNode }) {
  const ids = useMemo(
    () =>
      items
        .filter((i) => i.kind === 'alert' && i.status === 'Open')
        .slice(0, 500)
        .map((i) => i.id),
    [items],
  );
  const claims = useQuery({ ...claimQueries.forAlerts(ids), enabled: ids.length > 0 });
  return <TimelineClaims value={claims.data ?? NONE}>{children}</TimelineClaims>;
}

/** Who is on this open alert and since when, if anyone. */
export function TimelineClaim({ alertId }: { alertId: number }) {
  const claim = useContext(TimelineClaims).get(String(alertId));
  return claim ? <ClaimChip claim={claim} /> : null;
}
