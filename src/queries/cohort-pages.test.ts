import { describe, expect, it } from 'vitest';
import type { FactorResult } from '../api/schemas/index.ts';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { cohortPages, columnsCollector } from './cohort-pages.ts';

const { api } = setupTestBackend();

const result = (factor: string, score: number, validityConcern = false): FactorResult =>
  ({ score, validityConcern, assessmentId: 1, factor: { href: `https://x.example/api/noncognitives/assessments/1/factors/${factor}` } }) as FactorResult;

describe('columnsCollector', () => {
  it('keeps respondents in order with their results in flat arrays, each factor once', () => {
    const columns = columnsCollector();
    columns.add('S1', [result('1', 12), result('2', 87.5, true)]);
    columns.add('S2', []);
    columns.add('S3', [result('2', 99), result('3', 1)]);
    const out = columns.done(5, 2);
    expect(out.people).toEqual(['S1', 'S2', 'S3']);
    expect(out.counts).toEqual([2, 0, 2]);
    expect(out.factorHrefs.map((href) => href.split('/').pop())).toEqual(['1', '2', '3']);
    expect([...out.factors]).toEqual([0, 1, 1, 2]);
    expect([...out.scores]).toEqual([12, 87.5, 99, 1]);
    expect([...out.concerns]).toEqual([0, 1, 0, 0]);
    expect({ total: out.total, invalid: out.invalid }).toEqual({ total: 5, invalid: 2 });
  });

  it('grows past its first arrays', () => {
    const columns = columnsCollector();
    for (let i = 0; i < 300; i++) columns.add(`S${i}`, [result('1', (i % 99) + 1), result('2', 50), result('3', 50), result('4', 50)]);
    const out = columns.done(300, 0);
    expect(out.scores).toHaveLength(1200);
    expect(out.scores[1196]).toBe((299 % 99) + 1);
  });
});

describe('cohortPages', () => {
  it('collects every page, whether or not the size was known, with progress up to the total', async () => {
    const list = await api().noncognitive.administrations.list({ pageSize: 1000 });
    let id = 0;
    let total = 0;
    for (const a of list.values) {
      const { totalValues } = await api().noncognitive.administrations.results(a.id, { pageSize: 1 });
      if (totalValues > total) [id, total] = [a.id, totalValues];
    }
    expect(total).toBeGreaterThan(20);
    const progress: number[] = [];
    const known = await cohortPages(api(), { administrationId: id, pageSize: 7, knownTotal: total }, { onProgress: (p) => progress.push(p.loaded) });
    const unknown = await cohortPages(api(), { administrationId: id, pageSize: 7 });
    expect(known.people).toHaveLength(total);
    expect(new Set(known.people).size).toBe(total);
    expect(unknown.people).toEqual(known.people);
    expect([...unknown.scores]).toEqual([...known.scores]);
    expect(known.total).toBe(total);
    expect(known.invalid).toBe(0);
    expect(known.counts.reduce((a, b) => a + b, 0)).toBe(known.scores.length);
    expect(Math.max(...progress)).toBe(total);
    // The first respondent's scores are E18's for them.
    const e18 = await api().noncognitive.factorScores(id, known.people[0]!);
    expect([...known.scores.slice(0, known.counts[0])].sort()).toEqual(e18.values.map((v) => v.score).sort());
  });

  it('rejects with the 404 of an administration that does not exist', async () => {
    await expect(cohortPages(api(), { administrationId: 999_999, pageSize: 1000 })).rejects.toMatchObject({ status: 404 });
  });
});
