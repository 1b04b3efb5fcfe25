import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../queries/api-context.tsx';
import { triggerQueries } from '../../../queries/triggers.ts';
import { triggerMadeFrom, type KnownTrigger, type TriggerMade } from '../../../lib/trigger-authorship.ts';

/**
 * Who an alert is from, as a person reads it: a trigger's alert is "from trigger <name>", applied
 * by the person `createdBy` names, not written by them. The triggers are read once (they change
 * rarely); until they are known (or when they cannot be read) every alert reads as its creator's.
 */

const Triggers = createContext<readonly KnownTrigger[] | undefined>(undefined);

export function TriggerAttributionProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const triggers = useQuery({ ...triggerQueries.allPages(api), select: (data) => data.values.map((t) => ({ name: t.name })) });
  return <Triggers.Provider value={triggers.data}>{children}</Triggers.Provider>;
}

/** The trigger that made an alert with these details, or null. */
export function useTriggerMade(details: string): TriggerMade | null {
  const known = useContext(Triggers);
  return useMemo(() => triggerMadeFrom(details, known), [details, known]);
}

/** One line: "from trigger <name> (applied by <person>)", or "<person>". */
export function creatorWords(creatorName: string, made: TriggerMade | null): string {
  return made ? `from trigger “${made.triggerName}” (applied by ${creatorName})` : creatorName;
}

/** The grid's Creator cell: the trigger first, the person who applied it beneath. */
export function CreatorCell({ creatorName, details }: { creatorName: string; details: string }) {
  const made = useTriggerMade(details);
  if (!made) return <>{creatorName}</>;
  return (
    <span className="triage-creator" title={creatorWords(creatorName, made)}>
      <span className="triage-creator-trigger">from trigger “{made.triggerName}”</span> <span className="triage-identifier">applied by {creatorName}</span>
    </span>
  );
}
