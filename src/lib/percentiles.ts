/**
 * The cohort's figures, as pure functions: which scores count, the histogram's bins, the
 * bottom-25 / middle-50 / top-25 bands, the median and the share with a validity concern.
 *
 * Scores are national percentiles on a 1–99 scale in the seed data, but the contract does not
 * promise the scale (decisions §8): a value off the scale (below 1, above 99, not a number) is
 * never plotted or banded, only counted and said. A value between whole numbers is placed by its
 * value: 25.5 is above 25, so it is in the middle band and in the 26–30 bar.
 */

export interface ScoreEntry {
  score: number;
  validityConcern: boolean;
}

export type Band = 'bottom' | 'middle' | 'top';

export const SCALE_MIN = 1;
export const SCALE_MAX = 99;
export const BIN_WIDTH = 5;
/** 1–5, 6–10, …, 91–95, 96–99: the bands' edges (25 | 26, 75 | 76) are bin edges. */
export const BIN_COUNT = Math.ceil(SCALE_MAX / BIN_WIDTH);

export const BANDS: readonly { band: Band; label: string; from: number; to: number }[] = [
  { band: 'bottom', label: 'Bottom 25', from: 1, to: 25 },
  { band: 'middle', label: 'Middle 50', from: 26, to: 75 },
  { band: 'top', label: 'Top 25', from: 76, to: 99 },
];

export const isBand = (value: unknown): value is Band => value === 'bottom' || value === 'middle' || value === 'top';

/** On the 1–99 scale (whole or not). */
export function onScale(score: number): boolean {
  return Number.isFinite(score) && score >= SCALE_MIN && score <= SCALE_MAX;
}

export function bandOf(score: number): Band | undefined {
  if (!onScale(score)) return undefined;
  return score <= 25 ? 'bottom' : score <= 75 ? 'middle' : 'top';
}

/** The bin of a score: bin i holds the values above 5·i up to 5·(i+1) (the last one up to 99). */
export function binOf(score: number): number | undefined {
  if (!onScale(score)) return undefined;
  return Math.min(BIN_COUNT - 1, Math.max(0, Math.ceil(score / BIN_WIDTH) - 1));
}

/** The whole percentiles a bin covers, for its label ("21–25"). */
export function binRange(bin: number): { from: number; to: number } {
  return { from: bin * BIN_WIDTH + 1, to: Math.min(SCALE_MAX, (bin + 1) * BIN_WIDTH) };
}

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Whether a score counts in the cohort's figures: on the scale, and unflagged unless flagged ones are brought in. */
export function counts(entry: ScoreEntry, includeFlagged: boolean): boolean {
  return onScale(entry.score) && (includeFlagged || !entry.validityConcern);
}

export interface FactorSummary {
  /** Respondents with a score on this factor (any value, flagged or not). */
  scored: number;
  /** Scores counted in the figures below. */
  n: number;
  median: number | undefined;
  /** Counted scores per bin (BIN_COUNT of them). */
  bins: number[];
  bands: Record<Band, number>;
  /** Scores with a validity concern, and their share of `scored` (0–1; 0 when none scored). */
  flagged: number;
  flaggedShare: number;
  /** Flagged scores left out (0 when they are brought in). */
  excludedFlagged: number;
  /** Scores off the 1–99 scale, never counted (flagged or not). */
  offScale: number;
}

export function summarize(entries: readonly ScoreEntry[], includeFlagged: boolean): FactorSummary {
  const bins = new Array<number>(BIN_COUNT).fill(0);
  const bands: Record<Band, number> = { bottom: 0, middle: 0, top: 0 };
  const counted: number[] = [];
  let flagged = 0;
  let excludedFlagged = 0;
  let offScale = 0;
  for (const entry of entries) {
    if (entry.validityConcern) flagged++;
    if (!onScale(entry.score)) {
      offScale++;
      continue;
    }
    if (!includeFlagged && entry.validityConcern) {
      excludedFlagged++;
      continue;
    }
    counted.push(entry.score);
    bins[binOf(entry.score)!]!++;
    bands[bandOf(entry.score)!]++;
  }
  return {
    scored: entries.length,
    n: counted.length,
    median: median(counted),
    bins,
    bands,
    flagged,
    flaggedShare: entries.length === 0 ? 0 : flagged / entries.length,
    excludedFlagged,
    offScale,
  };
}

/** What a click on a histogram picks: a band or one bar. */
export type Pick = { band: Band } | { bin: number };

export function inPick(entry: ScoreEntry, pick: Pick, includeFlagged: boolean): boolean {
  if (!counts(entry, includeFlagged)) return false;
  return 'band' in pick ? bandOf(entry.score) === pick.band : binOf(entry.score) === pick.bin;
}

export function pickLabel(pick: Pick): string {
  if ('band' in pick) {
    const band = BANDS.find((b) => b.band === pick.band)!;
    return `${band.label.toLowerCase()} (${band.from}–${band.to})`;
  }
  const { from, to } = binRange(pick.bin);
  return `${from}–${to}`;
}

/** The later median minus the earlier one; undefined when either is missing. */
export function medianChange(earlier: number | undefined, later: number | undefined): number | undefined {
  return earlier === undefined || later === undefined ? undefined : later - earlier;
}

/** A score as it came (decisions §8): whole numbers plainly, others with up to two decimals. */
export function formatScore(score: number): string {
  if (!Number.isFinite(score)) return String(score);
  return Number.isInteger(score) ? String(score) : String(Math.round(score * 100) / 100);
}

export function formatShare(share: number): string {
  if (share === 0) return '0 %';
  const pct = share * 100;
  return `${pct < 10 ? pct.toFixed(1) : Math.round(pct)} %`;
}
