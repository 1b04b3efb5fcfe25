import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchJsonSchema, benchJson, formatAb, ratioOf, spreadOf, writeBenchJson } from './ab.ts';
import { adapterFor } from './baseline.ts';
import { calibrationPayload, CALIBRATION_ALERTS } from './calibration.ts';

describe('the A/B arithmetic', () => {
  it('gives the median and spread of the measured rounds, leaving out the rounds that measured nothing', () => {
    expect(spreadOf([300, 100, 200, Number.NaN, 500])).toEqual({ n: 4, median: 250, min: 100, max: 500, q1: 175, q3: 350 });
    expect(spreadOf([Number.NaN]).n).toBe(0);
    expect(spreadOf([]).median).toBeNaN();
  });

  it('gives b/a, or nothing when a side measured nothing', () => {
    expect(ratioOf(2_000, 1_000)).toBe(0.5);
    expect(ratioOf(Number.NaN, 1_000)).toBeNaN();
    expect(ratioOf(0, 1_000)).toBeNaN();
  });
});

describe('BENCH_JSON', () => {
  const calibration = { calibrationMs: 212.4, cpuThrottle: 4 };

  it('writes both medians and their ratio for each figure when there is a baseline', () => {
    const document = benchJson({
      ...calibration,
      baseline: { ref: 'bf907c5', sha: 'bf907c5'.padEnd(40, '0') },
      figures: [{ section: 'alerts', name: 'complete and interactive, loopback', unit: 'ms', a: [4_000, 3_800, 4_200], b: [2_100, 1_900, Number.NaN] }],
    });
    expect(document.calibrationMs).toBe(212.4);
    expect(document.figures).toEqual([
      {
        section: 'alerts',
        name: 'complete and interactive, loopback',
        unit: 'ms',
        a: 4_000,
        b: 2_000,
        ratio: 0.5,
        aRuns: [4_000, 3_800, 4_200],
        bRuns: [2_100, 1_900, null],
      },
    ]);
  });

  it('writes only b without a baseline', () => {
    const document = benchJson({
      ...calibration,
      cpuThrottle: 1,
      figures: [{ section: 'timeline', name: 'student page first row, loopback', unit: 'ms', b: [580] }],
    });
    expect(document.baseline).toBeUndefined();
    expect(document.figures[0]).toEqual({ section: 'timeline', name: 'student page first row, loopback', unit: 'ms', b: 580, bRuns: [580] });
    expect(document.figures[0]).not.toHaveProperty('a');
    expect(document.figures[0]).not.toHaveProperty('ratio');
  });

  it('says null where nothing was measured (JSON has no NaN)', () => {
    const document = benchJson({ ...calibration, figures: [{ section: 'scores', name: 'x', unit: 'ms', a: [Number.NaN], b: [900] }] });
    expect(document.figures[0]).toMatchObject({ a: null, b: 900, ratio: null });
  });

  it('writes a file that reads back as the schema says', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-json-')), 'bench.json');
    writeBenchJson(file, benchJson({ ...calibration, figures: [{ section: 'alerts', name: 'complete, loopback', unit: 'ms', a: [10], b: [5] }] }));
    const read = BenchJsonSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(read.figures[0]?.ratio).toBe(0.5);
  });

  it('refuses a document of another shape', () => {
    expect(
      BenchJsonSchema.safeParse({ calibrationMs: 1, cpuThrottle: 1, figures: [{ section: 'alerts', name: 'x', unit: 's', b: 1, bRuns: [1] }] }).success,
    ).toBe(false);
    expect(BenchJsonSchema.safeParse({ cpuThrottle: 1, figures: [] }).success).toBe(false);
  });
});

describe('the A/B table', () => {
  it('shows each side with its spread and b/a', () => {
    const table = formatAb([{ section: 'alerts', name: 'complete, loopback', unit: 'ms', a: [3_000, 4_000, 5_000], b: [1_500, 2_000, 2_500] }], {
      a: 'bf907c5',
      b: 'working tree',
    });
    expect(table).toContain(
      '| complete, loopback | 4,000 ms (3,000 ms–5,000 ms; IQR 3,500 ms–4,500 ms, n=3) | 2,000 ms (1,500 ms–2,500 ms; IQR 1,750 ms–2,250 ms, n=3) | 0.50 |',
    );
  });

  it('says when a side measured nothing', () => {
    const table = formatAb([{ section: 'scores', name: 'x', unit: 'ms', b: [Number.NaN] }], { a: 'bf907c5', b: 'working tree' });
    expect(table).toContain('| x | — | not measured | — |');
  });
});

describe('the baseline adapter', () => {
  it('reads the working tree as a build with OpenID sign-in and every browser section', () => {
    const adapter = adapterFor(process.cwd());
    expect(adapter.startScript).toBe('src/gateway/start.ts');
    expect(adapter.signIn).toBe('openid');
    expect([...adapter.sections]).toEqual(['timeline', 'alerts', 'scores']);
  });

  it('reads an older layout (src/server/start.ts, no cohort page) as such', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-legacy-'));
    mkdirSync(join(root, 'src/server'), { recursive: true });
    mkdirSync(join(root, 'src/app'), { recursive: true });
    writeFileSync(join(root, 'src/server/start.ts'), '');
    writeFileSync(join(root, 'src/app/router.tsx'), "{ path: 'students/:identifier' }");
    expect(adapterFor(root)).toEqual({ startScript: 'src/server/start.ts', signIn: 'post-session', sections: new Set(['timeline', 'alerts']) });
  });
});

describe('the CPU calibration', () => {
  it('is the same 10,000 alerts every time', () => {
    const text = calibrationPayload();
    expect(calibrationPayload()).toBe(text);
    expect((JSON.parse(text) as { values: unknown[] }).values).toHaveLength(CALIBRATION_ALERTS);
  });
});
