import { describe, expect, it } from 'vitest';
import {
  bandOf,
  BIN_COUNT,
  binOf,
  binRange,
  formatScore,
  formatShare,
  inPick,
  median,
  medianChange,
  onScale,
  summarize,
  type ScoreEntry,
} from './percentiles.ts';

const s = (score: number, validityConcern = false): ScoreEntry => ({ score, validityConcern });

describe('bins and bands on the fixed 1–99 axis', () => {
  it('puts every whole percentile in one of 20 bins of five (the last 96–99)', () => {
    expect(BIN_COUNT).toBe(20);
    expect([1, 5, 6, 10, 25, 26, 75, 76, 95, 96, 99].map(binOf)).toEqual([0, 0, 1, 1, 4, 5, 14, 15, 18, 19, 19]);
    expect(binRange(0)).toEqual({ from: 1, to: 5 });
    expect(binRange(4)).toEqual({ from: 21, to: 25 });
    expect(binRange(19)).toEqual({ from: 96, to: 99 });
  });

  it('bands 1–25 bottom, 26–75 middle, 76–99 top; a value between whole numbers by its value', () => {
    expect([1, 25, 26, 75, 76, 99].map(bandOf)).toEqual(['bottom', 'bottom', 'middle', 'middle', 'top', 'top']);
    expect(bandOf(25.5)).toBe('middle');
    expect(binOf(25.5)).toBe(5);
    expect(bandOf(75.01)).toBe('top');
  });

  it('never places a value off the scale', () => {
    for (const v of [0, -3, 100, 250, 0.5, 99.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(onScale(v), String(v)).toBe(false);
      expect(binOf(v)).toBeUndefined();
      expect(bandOf(v)).toBeUndefined();
    }
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeUndefined();
    expect(median([40])).toBe(40);
    expect(median([90, 10, 50])).toBe(50);
    expect(median([10, 20, 30, 41])).toBe(25);
  });
});

describe('summarize: one factor of a cohort', () => {
  // Hand-computed: ten respondents, two flagged (12 and 88), one off the scale (120), one 0.
  const entries = [s(3), s(12, true), s(20), s(25), s(26), s(50), s(75), s(76), s(88, true), s(120), s(0)];

  it('leaves flagged scores out by default and says how many', () => {
    const summary = summarize(entries, false);
    expect(summary.scored).toBe(11);
    expect(summary.n).toBe(7); // 3, 20, 25, 26, 50, 75, 76
    expect(summary.bands).toEqual({ bottom: 3, middle: 3, top: 1 });
    expect(summary.median).toBe(26);
    expect(summary.flagged).toBe(2);
    expect(summary.flaggedShare).toBeCloseTo(2 / 11);
    expect(summary.excludedFlagged).toBe(2);
    expect(summary.offScale).toBe(2);
    // bins: 3→0, 20→3, 25→4, 26→5, 50→9, 75→14, 76→15
    const expected = new Array(20).fill(0);
    for (const bin of [0, 3, 4, 5, 9, 14, 15]) expected[bin]++;
    expect(summary.bins).toEqual(expected);
    expect(summary.bins.reduce((a, b) => a + b, 0)).toBe(summary.n);
  });

  it('brings flagged scores in when asked: N, bands and median change', () => {
    const summary = summarize(entries, true);
    expect(summary.n).toBe(9);
    expect(summary.bands).toEqual({ bottom: 4, middle: 3, top: 2 });
    expect(summary.median).toBe(26); // 3 12 20 25 [26] 50 75 76 88
    expect(summary.excludedFlagged).toBe(0);
    expect(summary.offScale).toBe(2);
  });

  it('an empty factor has no median and no share', () => {
    const summary = summarize([], false);
    expect(summary).toMatchObject({ scored: 0, n: 0, median: undefined, flaggedShare: 0, offScale: 0 });
  });

  it('picks exactly the counted scores of a band or a bar', () => {
    const bottom = entries.filter((e) => inPick(e, { band: 'bottom' }, false)).map((e) => e.score);
    expect(bottom).toEqual([3, 20, 25]);
    expect(entries.filter((e) => inPick(e, { band: 'bottom' }, true)).map((e) => e.score)).toEqual([3, 12, 20, 25]);
    expect(entries.filter((e) => inPick(e, { bin: 4 }, false)).map((e) => e.score)).toEqual([25]);
    expect(entries.filter((e) => inPick(e, { band: 'top' }, false)).map((e) => e.score)).toEqual([76]);
  });
});

describe('formatting', () => {
  it('shows scores as they came and shares as percentages', () => {
    expect(formatScore(42)).toBe('42');
    expect(formatScore(42.456)).toBe('42.46');
    expect(formatScore(120)).toBe('120');
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(2 / 11)).toBe('18 %');
    expect(formatShare(0.031)).toBe('3.1 %');
    expect(medianChange(40, 46)).toBe(6);
    expect(medianChange(undefined, 46)).toBeUndefined();
  });
});
