import { summarize, type FactorSummary, type ScoreEntry } from '../../lib/percentiles.ts';
import type { Cohort } from '../../queries/cohort.ts';

/** Every factor's scores in a cohort, by factor name. */
export function entriesByFactor(cohort: Cohort): Map<string, ScoreEntry[]> {
  const byFactor = new Map<string, ScoreEntry[]>(cohort.factors.map((f) => [f.name, []]));
  for (const respondent of cohort.respondents) {
    for (const [name, entry] of Object.entries(respondent.scores)) byFactor.get(name)?.push(entry);
  }
  return byFactor;
}

/** Every factor's figures for a cohort, by factor name (flagged scores in or out). */
export function summarizeCohort(cohort: Cohort, includeFlagged: boolean): Map<string, FactorSummary> {
  return new Map([...entriesByFactor(cohort)].map(([name, entries]) => [name, summarize(entries, includeFlagged)]));
}
