/**
 * Encouragements: E10, E11, encouragement detail and types list (§9).
 */
import { describe, expect, it } from 'vitest';
import { expectProblem, expectProblemNames, expectShape, type J, shiftMs, useContract } from './helpers.ts';

const ctx = useContract({ sample: { path: '/notations/encouragements/', pageSize: 1000 } });
const { S, sample } = ctx;

describe('E10 list encouragements', () => {
  it('200 envelope of Encouragement, defaults, newest first', async () => {
    await ctx.expectSampledList(S.encouragement, 'E10');
  });

  it('trailing slash optional', async () => {
    expect((await ctx.api.ok('/notations/encouragements', { pageSize: 1 })).totalValues).toBe(ctx.sampleTotal);
  });

  it('createdOn* and identifiers are not E10 parameters: unknown, so ignored', async () => {
    const q = { createdOnStart: '2999-01-01', createdOnEnd: '2000-01-01', identifiers: 'NOBODY', pageSize: 1 };
    const env = await ctx.api.ok('/notations/encouragements/', q);
    expect(env.totalValues).toBe(ctx.sampleTotal);
  });

  it('modifiedOnStart/End filter (modifiedOn ≥ createdOn for every notation)', async () => {
    const pivot = sample[250];
    const end = await ctx.api.ok('/notations/encouragements/', { modifiedOnEnd: pivot.createdOn, pageSize: 1000 });
    for (const e of end.values) expect(Date.parse(e.createdOn)).toBeLessThanOrEqual(Date.parse(pivot.createdOn));
    const start = await ctx.api.ok('/notations/encouragements/', { modifiedOnStart: pivot.createdOn, pageSize: 1000 });
    const ids = new Set(start.values.map((e: J) => e.id));
    for (const e of sample.slice(0, 250)) expect(ids.has(e.id)).toBe(true);
    expect(ids.has(pivot.id)).toBe(true);
    expectProblem(await ctx.api.get('/notations/encouragements/', { query: { modifiedOnStart: 'soon' } }), 400);
    expectProblem(
      await ctx.api.get('/notations/encouragements/', {
        query: { modifiedOnStart: pivot.createdOn, modifiedOnEnd: shiftMs(pivot.createdOn, -1) },
      }),
      400,
    );
  });

  it('expand=createdBy,student,type', async () => {
    const env = await ctx.api.ok('/notations/encouragements/', { pageSize: 10, expand: 'createdBy,student,type' });
    env.values.forEach((e: J, i: number) => {
      ctx.expectPeopleExpanded(e, i);
      expectShape(S.encouragementTypeExpanded, e.type);
      expect(e.type.href).toBe(sample[i].type.href);
    });
    for (const bad of ['comments', 'categories', 'Type']) {
      expectProblemNames(await ctx.api.get('/notations/encouragements/', { query: { expand: bad } }), 400, 'createdBy', 'student', 'type');
    }
  });
});

describe('encouragement detail (§9)', () => {
  it('equals the list item; unknown → 404', async () => {
    await ctx.expectDetails(sample, '/notations/encouragements/999999999');
  });
});

describe('E11 encouragement type details and types list', () => {
  it('every type link resolves to one Encouragement type', async () => {
    const hrefs = [...new Set(sample.map((e) => e.type.href as string))];
    expect(hrefs.length).toBeGreaterThan(1);
    for (const h of hrefs) {
      const t = await ctx.api.ok(h);
      expectShape(S.encouragementType, t, 'E11');
      expect(t.self.href).toBe(h);
      expect(t.name.length).toBeGreaterThan(0);
      expect(t.icon.length).toBeGreaterThan(0);
    }
  });

  it('GET /notations/encouragements/types/ lists every type', async () => {
    const env = await ctx.api.ok('/notations/encouragements/types/');
    expectShape(S.envelope(S.encouragementType), env, 'types list');
    expect(env.totalValues).toBe(env.values.length);
    const listed = new Set(env.values.map((t: J) => t.self.href));
    for (const e of sample) expect(listed.has(e.type.href)).toBe(true);
    for (const t of env.values) expect(await ctx.api.ok(`/notations/encouragements/types/${t.id}`)).toEqual(t);
  });

  it('unknown type id → 404 (string-typed path id)', async () => {
    expectProblem(await ctx.api.get('/notations/encouragements/types/999999'), 404);
    expectProblem(await ctx.api.get('/notations/encouragements/types/no-such-type'), 404);
  });
});
