import { memo, useMemo } from 'react';
import { summarize, type Pick, type ScoreEntry } from '../../lib/percentiles.ts';
import type { CohortFactor } from '../../queries/cohort.ts';
import { FactorCard } from './factor-card.tsx';
import { FactorHistogram } from './factor-histogram.tsx';

export const NO_ENTRIES: ScoreEntry[] = [];

interface FactorPanelProps {
  factor: CohortFactor;
  entries: readonly ScoreEntry[];
  includeFlagged: boolean;
  picked: Pick | undefined;
  onPick: (factor: string, pick: Pick) => void;
}

/** One factor's card and histogram; a pick re-renders only the factors it changes. */
export const FactorPanel = memo(function FactorPanel({ factor, entries, includeFlagged, picked, onPick }: FactorPanelProps) {
  const summary = useMemo(() => summarize(entries, includeFlagged), [entries, includeFlagged]);
  return (
    <FactorCard factor={factor}>
      <FactorHistogram factor={factor.name} summary={summary} picked={picked} onPick={onPick} />
    </FactorCard>
  );
});
