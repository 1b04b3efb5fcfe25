import { performance } from 'node:perf_hooks';
import { envelopeOf } from '../src/api/schemas/common.ts';
import { AlertSchema } from '../src/api/schemas/notations.ts';

/**
 * The CPU calibration printed first by `npm run bench`: a fixed workload, the work the triage does
 * with a cold queue — parsing 10,000 alerts' JSON and validating them with the contract's schemas
 * (src/api/schemas) — timed in Node. Two machines' figures compare through it: a machine twice
 * as slow here shows browser figures about twice as slow too.
 */
export const CALIBRATION_ALERTS = 10_000;

/** The same 10,000 alerts every time (no randomness, no clock), as the E7 envelope carries them. */
export function calibrationPayload(count = CALIBRATION_ALERTS): string {
  const base = Date.UTC(2026, 0, 1);
  const values = Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const student = `S${String((i % 6000) + 1).padStart(6, '0')}`;
    return {
      id,
      audienceType: i % 3 === 0 ? 'FullNetwork' : 'All',
      canStudentView: i % 2 === 0,
      categories: { href: `https://service.example/api/notations/alerts/${id}/categories` },
      comments: { href: `https://service.example/api/notations/alerts/${id}/comments` },
      createdBy: { href: `https://service.example/api/people/E${String((i % 800) + 1).padStart(4, '0')}` },
      createdOn: new Date(base + i * 60_000).toISOString(),
      details: `Missed ${(i % 5) + 1} sessions of the course in a row; the instructor asks the advisor to reach out (alert ${id}).`,
      student: { href: `https://service.example/api/people/${student}` },
      status: i % 4 === 0 ? 'Lowered' : 'Open',
      self: { href: `https://service.example/api/notations/alerts/${id}` },
    };
  });
  return JSON.stringify({
    page: 1,
    pageSize: count,
    totalValues: count,
    self: { href: 'https://service.example/api/notations/alerts/?page=1' },
    links: { first: { href: 'https://service.example/api/notations/alerts/?page=1' }, last: { href: 'https://service.example/api/notations/alerts/?page=1' } },
    values,
  });
}

/**
 * Median of `runs` timings of parse + validate, after `warmup` untimed ones: the JIT's first
 * compilations of the schemas vary more from run to run than the CPU does.
 */
export function calibrate(runs = 9, warmup = 3): { medianMs: number; runsMs: number[] } {
  const text = calibrationPayload();
  const schema = envelopeOf(AlertSchema);
  const runsMs: number[] = [];
  for (let run = 0; run < warmup + runs; run += 1) {
    const started = performance.now();
    const parsed = schema.parse(JSON.parse(text));
    if (run >= warmup) runsMs.push(performance.now() - started);
    if (parsed.values.length !== CALIBRATION_ALERTS) throw new Error('calibration: not every alert was validated');
  }
  const sorted = [...runsMs].sort((x, y) => x - y);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runsMs };
}
