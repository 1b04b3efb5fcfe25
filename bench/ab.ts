import { writeFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The A/B bench's arithmetic and its outputs (tables and BENCH_JSON), kept apart from the
 * browsers and servers that produce the numbers so they can be tested alone. `a` is always the
 * baseline (BENCH_BASELINE), `b` the working tree.
 */

/** One figure of one browser section: the value of each round (NaN when a round measured nothing). */
export interface FigureRuns {
  /** The bench section (BENCH_ONLY's name: timeline, alerts, scores). */
  section: string;
  /** What was measured, network included (`complete and interactive, loopback`). */
  name: string;
  unit: 'ms';
  a?: number[];
  b: number[];
}

export interface Spread {
  n: number;
  median: number;
  min: number;
  max: number;
  /** Quartiles (linear interpolation between the sorted values). */
  q1: number;
  q3: number;
}

const quantile = (sorted: readonly number[], q: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
};

/** The measured values' median and spread; rounds that measured nothing (NaN) are left out. */
export function spreadOf(values: readonly number[]): Spread {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
  };
}

/** b/a of the medians, or NaN when either side measured nothing. */
export function ratioOf(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && a > 0 ? b / a : Number.NaN;
}

export const FigureSchema = z.strictObject({
  section: z.string().min(1),
  name: z.string().min(1),
  unit: z.literal('ms'),
  /** Median of the baseline's rounds; absent without a baseline, null when none measured. */
  a: z.number().nullable().optional(),
  /** Median of the working tree's rounds; null when none measured. */
  b: z.number().nullable(),
  /** b / a; absent without a baseline, null when either side measured nothing. */
  ratio: z.number().nullable().optional(),
  /** Each round's value, in order (null: not measured), so a reader can judge the spread. */
  aRuns: z.array(z.number().nullable()).optional(),
  bRuns: z.array(z.number().nullable()),
});
export type Figure = z.infer<typeof FigureSchema>;

export const BenchJsonSchema = z.strictObject({
  /** The CPU calibration (bench/calibration.ts), median ms: compares machines. */
  calibrationMs: z.number().positive(),
  /** BENCH_CPU_THROTTLE (1: Chromium's CPU not slowed). */
  cpuThrottle: z.number().min(1),
  /** BENCH_BASELINE as given and the commit it named; absent without one. */
  baseline: z.strictObject({ ref: z.string(), sha: z.string().regex(/^[0-9a-f]{40}$/) }).optional(),
  figures: z.array(FigureSchema),
});
export type BenchJson = z.infer<typeof BenchJsonSchema>;

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? Math.round(value * 10) / 10 : null);
const ratioOrNull = (value: number): number | null => (Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null);

/** One figure as BENCH_JSON writes it: `a` and `ratio` only when there was a baseline. */
export function toFigure(runs: FigureRuns): Figure {
  const b = spreadOf(runs.b).median;
  const figure: Figure = { section: runs.section, name: runs.name, unit: runs.unit, b: finiteOrNull(b), bRuns: runs.b.map(finiteOrNull) };
  if (!runs.a) return figure;
  const a = spreadOf(runs.a).median;
  return {
    section: runs.section,
    name: runs.name,
    unit: runs.unit,
    a: finiteOrNull(a),
    b: figure.b,
    ratio: ratioOrNull(ratioOf(a, b)),
    aRuns: runs.a.map(finiteOrNull),
    bRuns: figure.bRuns,
  };
}

/** BENCH_JSON's document, checked against its schema before anything is written. */
export function benchJson(options: {
  calibrationMs: number;
  cpuThrottle: number;
  baseline?: { ref: string; sha: string };
  figures: readonly FigureRuns[];
}): BenchJson {
  return BenchJsonSchema.parse({
    calibrationMs: Math.round(options.calibrationMs * 10) / 10,
    cpuThrottle: options.cpuThrottle,
    ...(options.baseline ? { baseline: options.baseline } : {}),
    figures: options.figures.map(toFigure),
  });
}

export function writeBenchJson(file: string, document: BenchJson): void {
  writeFileSync(file, `${JSON.stringify(BenchJsonSchema.parse(document), null, 2)}\n`);
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : '—');
const side = (values: readonly number[] | undefined) => {
  if (!values) return '—';
  const s = spreadOf(values);
  if (s.n === 0) return 'not measured';
  return `${ms(s.median)} (${ms(s.min)}–${ms(s.max)}; IQR ${ms(s.q1)}–${ms(s.q3)}, n=${s.n})`;
};

/**
 * The side-by-side table of one section: per figure both medians with their spread (min–max and
 * interquartile range over the rounds) and b/a.
 */
export function formatAb(figures: readonly FigureRuns[], labels: { a: string; b: string }): string {
  return [
    `| figure | a: ${labels.a}, median (min–max; IQR, rounds) | b: ${labels.b}, median (min–max; IQR, rounds) | b/a |`,
    '|---|---:|---:|---:|',
    ...figures.map((f) => {
      const ratio = f.a ? ratioOf(spreadOf(f.a).median, spreadOf(f.b).median) : Number.NaN;
      return `| ${f.name} | ${side(f.a)} | ${side(f.b)} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : '—'} |`;
    }),
  ].join('\n');
}
