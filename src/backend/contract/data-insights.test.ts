/**
 * Data insights: E5, E6, data insight comments (§9), E5's createOnStart spelling (decisions §4).
 */
import { describe, expect, it } from 'vitest';
import { expectProblem, expectProblemNames, expectShape, isoDay, type J, personIdOf, useContract } from './helpers.ts';

const ctx = useContract({ sample: { path: '/notations/dataInsights/', pageSize: 1000 } });
const { S, sample } = ctx;

describe('E5 list data insights', () => {
  it('200 envelope of Data insight, defaults, newest first', async () => {
    await ctx.expectSampledList(S.dataInsight, 'E5');
    const kinds = new Set(sample.map((d) => d.dataInsightType));
    expect(kinds.size).toBeGreaterThan(1);
  });

  it('trailing slash optional', async () => {
    const b = await ctx.api.ok('/notations/dataInsights', { pageSize: 1 });
    expect(b.totalValues).toBe(ctx.sampleTotal);
  });

  it('createOnStart (one d fewer) filters inclusively', async () => {
    const pivot = sample[300];
    const env = await ctx.api.ok('/notations/dataInsights/', { createOnStart: pivot.createdOn, pageSize: 1000 });
    expect(env.totalValues).toBeGreaterThan(0);
    expect(env.totalValues).toBeLessThan(ctx.sampleTotal);
    for (const d of env.values) expect(Date.parse(d.createdOn)).toBeGreaterThanOrEqual(Date.parse(pivot.createdOn));
    expect(env.values.map((d: J) => d.id)).toContain(pivot.id);
    // count matches a manual count over the newest-first sample
    const manual = sample.filter((d) => Date.parse(d.createdOn) >= Date.parse(pivot.createdOn)).length;
    expect(env.totalValues).toBe(manual);
  });

  it('createdOnStart is an unknown parameter on E5 and is ignored (even when unparseable)', async () => {
    const future = await ctx.api.ok('/notations/dataInsights/', { createdOnStart: '2999-01-01', pageSize: 1 });
    expect(future.totalValues).toBe(ctx.sampleTotal);
    const junk = await ctx.api.ok('/notations/dataInsights/', { createdOnStart: 'not-a-date', pageSize: 1 });
    expect(junk.totalValues).toBe(ctx.sampleTotal);
  });

  it('createOnStart and createdOnEnd together; date-only values; start after end → 400', async () => {
    const d = sample[200];
    const day = isoDay(d.createdOn);
    const env = await ctx.api.ok('/notations/dataInsights/', { createOnStart: day, createdOnEnd: day, pageSize: 1000 });
    expect(env.values.map((x: J) => x.id)).toContain(d.id);
    for (const x of env.values) expect(isoDay(x.createdOn)).toBe(day);
    expectProblem(await ctx.api.get('/notations/dataInsights/', { query: { createOnStart: '2026-03-02', createdOnEnd: '2026-03-01' } }), 400);
    expectProblem(await ctx.api.get('/notations/dataInsights/', { query: { createOnStart: 'yesterday' } }), 400);
    expectProblem(await ctx.api.get('/notations/dataInsights/', { query: { createdOnEnd: '2026-13-01' } }), 400);
  });

  it('identifiers filters by student; unknown identifiers → empty list', async () => {
    const sid = personIdOf(sample[0].student.href);
    const env = await ctx.api.ok('/notations/dataInsights/', { identifiers: sid, pageSize: 1000 });
    expect(env.totalValues).toBeGreaterThan(0);
    for (const d of env.values) expect(personIdOf(d.student.href)).toBe(sid);
    const none = await ctx.api.ok('/notations/dataInsights/', { identifiers: 'NOBODY-XYZ' });
    expect(none.totalValues).toBe(0);
    expect(none.values).toEqual([]);
  });

  it('expand=student,comments; categories/createdBy are not accepted on E5', async () => {
    const env = await ctx.api.ok('/notations/dataInsights/', { expand: 'student,comments', pageSize: 10 });
    for (const d of env.values) {
      expectShape(S.personExpanded, d.student);
      expectShape(S.expandedCollection(S.comment), d.comments);
      expect(d.comments.values.length).toBe(d.comments.totalValues);
    }
    for (const bad of ['categories', 'createdBy', 'Comments']) {
      expectProblemNames(await ctx.api.get('/notations/dataInsights/', { query: { expand: bad } }), 400, 'comments', 'student');
    }
  });
});

describe('E6 data insight details', () => {
  it('200 one Data insight equal to the list item', async () => {
    for (const d of sample.slice(0, 5)) {
      const one = await ctx.api.ok(`/notations/dataInsights/${d.id}`);
      expectShape(S.dataInsight, one);
      expect(one).toEqual(d);
      expect(await ctx.api.ok(d.self.href)).toEqual(d);
    }
  });

  it('expand=comments,student on E6', async () => {
    const d = sample[0];
    const one = await ctx.api.ok(`/notations/dataInsights/${d.id}`, { expand: 'comments,student' });
    expect(one.student.href).toBe(d.student.href);
    expect(one.comments.href).toBe(d.comments.href);
    expectShape(S.personExpanded, one.student);
    expectShape(S.expandedCollection(S.comment), one.comments);
    expectProblem(await ctx.api.get(`/notations/dataInsights/${d.id}`, { query: { expand: 'type' } }), 400);
  });

  it('unknown id → 404; bad id → 400', async () => {
    expectProblem(await ctx.api.get('/notations/dataInsights/999999999'), 404);
    for (const bad of ['abc', '0', '-4', '2.5']) expectProblem(await ctx.api.get(`/notations/dataInsights/${bad}`), 400);
  });

  it('comments link resolves to an envelope of Comment (extension)', async () => {
    const env = await ctx.api.ok(sample[0].comments.href);
    expectShape(S.envelope(S.comment), env);
    expectProblem(await ctx.api.get('/notations/dataInsights/999999999/comments'), 404);
  });
});
