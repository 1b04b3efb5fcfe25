/**
 * Non-cognitive: E17, E18, E19, administration detail and results (§9), decisions §4 order, §8 values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectProblemNames, expectShape, type J, useContract } from './helpers.ts';

const ctx = useContract({ people: true });
const { S, people } = ctx;
let admins: J[] = [];
/** an administration with results, the results list and one respondent */
let adm: J;
let resultLinks: J[] = [];
let respondent = '';

beforeAll(async () => {
  admins = await ctx.api.all('/noncognitives/administrations/');
  for (const a of admins) {
    const r = await ctx.api.ok(a.results.href, { pageSize: 1000 });
    if (r.values.length > 0) {
      adm = a;
      resultLinks = r.values;
      const m = /\/results\/([^/]+)\/factors$/.exec(new URL(r.values[0].href).pathname);
      respondent = decodeURIComponent(m?.[1] ?? '');
      break;
    }
  }
}, 60_000);

function factorsPath(admId: number | string, person: string): string {
  return `/noncognitives/administrations/${admId}/results/${encodeURIComponent(person)}/factors`;
}

describe('E17 list administrations', () => {
  it('200 envelope of Administration; startDate desc then id desc; seed statuses', async () => {
    const env = await ctx.defaultPage('/noncognitives/administrations/', S.administration, 'E17');
    expect(admins.length).toBe(env.totalValues);
    expectShape(S.envelope(S.administration), { ...env, values: admins, pageSize: 1000 });
    for (let i = 1; i < admins.length; i++) {
      const a = admins[i - 1];
      const b = admins[i];
      const ok = Date.parse(a.startDate) > Date.parse(b.startDate) || (a.startDate === b.startDate && a.id > b.id);
      expect(ok, `order at ${i}: ${a.id}/${a.startDate} before ${b.id}/${b.startDate}`).toBe(true);
    }
    for (const a of admins) expect(['Scheduled', 'Open', 'Closed']).toContain(a.status);
    expect((await ctx.api.ok('/noncognitives/administrations', { pageSize: 1 })).totalValues).toBe(admins.length);
  });

  it('personIdentifier → administrations in which that person is a respondent', async () => {
    expect(adm, 'an administration with results').toBeDefined();
    const env = await ctx.api.ok('/noncognitives/administrations/', { personIdentifier: respondent, pageSize: 1000 });
    expect(env.values.map((a: J) => a.id)).toContain(adm.id);
    for (const a of env.values) {
      const f = await ctx.api.ok(factorsPath(a.id, respondent));
      expect(f.totalValues, `respondent ${respondent} has factors in administration ${a.id}`).toBeGreaterThan(0);
    }
    // and every administration whose results list the respondent is returned
    const expected: number[] = [];
    for (const a of admins) {
      const r = await ctx.api.ok(a.results.href, { pageSize: 1000 });
      if (r.values.some((l: J) => l.href.includes(`/results/${encodeURIComponent(respondent)}/`))) expected.push(a.id);
    }
    expect(env.values.map((a: J) => a.id).sort()).toEqual(expected.sort());
  });

  it('unknown personIdentifier → empty list (E17 defines no 404)', async () => {
    const env = await ctx.api.ok('/noncognitives/administrations/', { personIdentifier: 'NOBODY-123' });
    expect(env.totalValues).toBe(0);
    expect(env.values).toEqual([]);
    expect(Number(new URL(env.links.last.href).searchParams.get('page') ?? '1')).toBe(1);
  });

  it('bad paging → 400', async () => {
    for (const q of [{ page: 0 }, { page: 'x' }, { pageSize: 0 }, { pageSize: 1001 }]) {
      expectProblem(await ctx.api.get('/noncognitives/administrations/', { query: q }), 400);
    }
  });
});

describe('administration detail and results (§9)', () => {
  it('GET self equals the list item; unknown → 404; bad id → 400', async () => {
    for (const a of admins.slice(0, 3)) expect(await ctx.api.ok(a.self.href)).toEqual(a);
    expectProblem(await ctx.api.get('/noncognitives/administrations/999999999'), 404);
    expectProblem(await ctx.api.get('/noncognitives/administrations/abc'), 400);
  });

  it('results: envelope of links to each respondent’s factors (E18)', async () => {
    const env = await ctx.api.ok(adm.results.href);
    expectShape(S.envelope(S.link), env, 'results');
    for (const l of resultLinks.slice(0, 5)) {
      expect(l.href).toMatch(new RegExp(`/noncognitives/administrations/${adm.id}/results/[^/]+/factors$`));
      const f = await ctx.api.ok(l.href);
      expectShape(S.envelope(S.factorResult), f);
    }
  });
});

describe('E18 factor scores of a respondent', () => {
  it('200 envelope of Factor result, factor id ascending; scores 1–99 integers', async () => {
    const env = await ctx.api.ok(factorsPath(adm.id, respondent));
    expectShape(S.envelope(S.factorResult), env, 'E18');
    expect(env.totalValues).toBeGreaterThan(0);
    const ids: number[] = [];
    for (const r of env.values) {
      expect(Number.isInteger(r.score)).toBe(true);
      expect(r.score).toBeGreaterThanOrEqual(1);
      expect(r.score).toBeLessThanOrEqual(99);
      const f = await ctx.api.ok(r.factor.href);
      expectShape(S.assessmentFactor, f, 'E19 via factor link');
      expect(f.self.href).toBe(r.factor.href);
      ids.push(f.id);
      expect(await ctx.api.ok(r.self.href)).toBeTruthy();
    }
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('expand=factor keeps href and adds the factor; other names → 400', async () => {
    const plain = await ctx.api.ok(factorsPath(adm.id, respondent));
    const env = await ctx.api.ok(factorsPath(adm.id, respondent), { expand: 'factor' });
    env.values.forEach((r: J, i: number) => {
      expectShape(S.assessmentFactorExpanded, r.factor);
      expect(r.factor.href).toBe(plain.values[i].factor.href);
      expect({ ...r, factor: { href: r.factor.href } }).toEqual(plain.values[i]);
    });
    expectProblemNames(await ctx.api.get(factorsPath(adm.id, respondent), { query: { expand: 'student' } }), 400, 'factor');
  });

  it('unknown administration or person → 200 empty list (E18 defines no 404); bad admin id → 400', async () => {
    for (const p of [factorsPath(999999999, respondent), factorsPath(adm.id, 'NOBODY-123')]) {
      const env = await ctx.api.ok(p);
      expectShape(S.envelope(S.factorResult), env);
      expect(env.totalValues).toBe(0);
      expect(env.values).toEqual([]);
    }
    const nonRespondent = people.staff[0]!.identifier;
    expect((await ctx.api.ok(factorsPath(adm.id, nonRespondent))).totalValues).toBe(0);
    expectProblem(await ctx.api.get(factorsPath('abc', respondent)), 400);
    expectProblem(await ctx.api.get(factorsPath(0, respondent)), 400);
  });
});

describe('E19 factor details', () => {
  it('unknown assessment or factor → 404 (string-typed path ids)', async () => {
    const env = await ctx.api.ok(factorsPath(adm.id, respondent));
    const href: string = env.values[0].factor.href;
    const m = /\/noncognitives\/assessments\/([^/]+)\/factors\/([^/]+)$/.exec(href);
    expect(m, `factor href is E19-shaped: ${href}`).not.toBeNull();
    const [, aid, fid] = m!;
    expect(String(env.values[0].assessmentId)).toBe(decodeURIComponent(aid!));
    expectShape(S.assessmentFactor, await ctx.api.ok(`/noncognitives/assessments/${aid}/factors/${fid}`));
    expectProblem(await ctx.api.get(`/noncognitives/assessments/${aid}/factors/999999`), 404);
    expectProblem(await ctx.api.get(`/noncognitives/assessments/999999/factors/${fid}`), 404);
    expectProblem(await ctx.api.get('/noncognitives/assessments/no-such/factors/no-such'), 404);
  });
});
