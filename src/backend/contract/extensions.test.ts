/**
 * The four later extensions of decisions §9: a cohort's scores with the results list
 * (`expand=factors`), people by identifiers, a caseload (the reverse of E15) and one student's
 * encouragements (E10 filtered by student).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectHrefs, expectProblem, expectProblemNames, expectShape, expectStatus, type J, useContract } from './helpers.ts';

const ctx = useContract({ people: true });
const { S, people } = ctx;

const enc = encodeURIComponent;
let adm: J;
let resultLinks: J[] = [];

beforeAll(async () => {
  for (const a of await ctx.api.all('/noncognitives/administrations/')) {
    const r = await ctx.api.ok(a.results.href, { pageSize: 1000 });
    if (r.totalValues > 3) {
      adm = a;
      resultLinks = r.values;
      break;
    }
  }
}, 60_000);

/** GETs every href of `value` and expects 200. */
async function expectHrefsResolve(value: unknown): Promise<void> {
  for (const href of collectHrefs(value)) expectStatus(await ctx.api.get(href), 200);
}

describe('GET /noncognitives/administrations/{id}/results?expand=factors', () => {
  it('each item is the respondent link expanded as a collection: { href, totalValues, values: [E18 items] }', async () => {
    expect(adm, 'an administration with several respondents').toBeDefined();
    const env = await ctx.api.ok(adm.results.href, { expand: 'factors', pageSize: 1000 });
    const item = z.strictObject({ href: z.string(), totalValues: z.number().int(), values: z.array(S.factorResult) });
    expectShape(S.envelope(item), env, 'results?expand=factors');
    expect(env.totalValues).toBe(resultLinks.length);
    expect(env.values.map((v: J) => v.href)).toEqual(resultLinks.map((l) => l.href));
    for (const v of env.values.slice(0, 5)) {
      const e18 = await ctx.api.ok(v.href);
      expect(v.values).toEqual(e18.values);
      expect(v.totalValues).toBe(e18.totalValues);
    }
  });

  it('pages like the plain list and keeps expand in its links; every href resolves', async () => {
    const p1 = await ctx.api.ok(adm.results.href, { expand: 'factors', pageSize: 2 });
    const p2 = await ctx.api.ok(p1.links.next.href);
    expect([...p1.values, ...p2.values].map((v: J) => v.href)).toEqual(resultLinks.slice(0, 4).map((l) => l.href));
    expect(new URL(p1.links.next.href).searchParams.get('expand')).toBe('factors');
    expect(p2.values[0].values.length).toBeGreaterThan(0);
    await expectHrefsResolve(p1);
  });

  it('an expand name other than factors → 400 naming factors; pageSize over 1000 → 400; unknown administration → 404', async () => {
    expectProblemNames(await ctx.api.get(adm.results.href, { query: { expand: 'factor' } }), 400, 'factors');
    expectProblemNames(await ctx.api.get(adm.results.href, { query: { expand: 'factors,student' } }), 400, 'student');
    expectProblem(await ctx.api.get(adm.results.href, { query: { expand: 'factors', pageSize: 1001 } }), 400);
    expectProblem(await ctx.api.get('/noncognitives/administrations/999999/results', { query: { expand: 'factors' } }), 404);
  });
});

describe('GET /people/?identifiers=', () => {
  it('returns exactly the people named, in the list order; unknown identifiers are simply absent', async () => {
    const chosen = [people.students[3]!, people.staff[1]!, people.students[40]!];
    const env = await ctx.api.ok('/people/', { identifiers: [...chosen.map((p) => p.identifier), 'NOBODY-1'].join(','), pageSize: 1000 });
    expectShape(S.envelope(S.person), env, 'people by identifiers');
    expect(env.totalValues).toBe(3);
    const expected = people.all.filter((p) => chosen.some((c) => c.identifier === p.identifier));
    expect(env.values).toEqual(expected);
    expect(new URL(env.self.href).searchParams.get('identifiers')).toContain(chosen[0]!.identifier);
  });

  it('combines with role and q, blanks and repeats are dropped', async () => {
    const student = people.students[5]!;
    const staff = people.staff[2]!;
    const ids = ` ${student.identifier},,${staff.identifier},${student.identifier} `;
    expect((await ctx.api.ok('/people/', { identifiers: ids, role: 'Student' })).values).toEqual([student]);
    expect((await ctx.api.ok('/people/', { identifiers: ids, q: staff.lastName })).values).toContainEqual(staff);
    expect((await ctx.api.ok('/people/', { identifiers: ids, q: staff.lastName })).values).not.toContainEqual(student);
    expect((await ctx.api.ok('/people/', { identifiers: ids })).totalValues).toBe(2);
  });

  it('up to 1000 identifiers; 1001 → 400 naming identifiers', async () => {
    const thousand = people.all.slice(0, 1000).map((p) => p.identifier);
    while (thousand.length < 1000) thousand.push(`X${thousand.length}`);
    const env = await ctx.api.ok('/people/', { identifiers: thousand.join(','), pageSize: 1000 });
    expect(env.totalValues).toBe(Math.min(1000, people.all.length));
    expectProblemNames(await ctx.api.get('/people/', { query: { identifiers: [...thousand, 'one-more'].join(',') } }), 400, 'identifiers');
  });
});

describe('GET /people/{identifier}/caseload', () => {
  it('the people whose success network includes the person, by last name, first name, identifier', async () => {
    // A fresh network makes the expectation exact: two students list one staff member.
    const member = people.staff[4]!.identifier;
    const [a, b] = [people.students[11]!, people.students[12]!];
    const before = await ctx.api.all(`/people/${enc(member)}/caseload`);
    for (const p of [a, b]) expectStatus(await ctx.api.put(`/people/${enc(p.identifier)}/successNetwork`, [{ identifier: member }]), 204);
    const after = await ctx.api.all(`/people/${enc(member)}/caseload`);
    const ids = after.map((p: J) => p.identifier);
    expect(ids).toContain(a.identifier);
    expect(ids).toContain(b.identifier);
    expect(after.length).toBe(before.filter((p: J) => p.identifier !== a.identifier && p.identifier !== b.identifier).length + 2);
    const key = (p: J) => [p.lastName.toLowerCase(), p.firstName.toLowerCase(), p.identifier.toLowerCase()];
    for (let i = 1; i < after.length; i++) {
      const [x, y] = [key(after[i - 1]), key(after[i])];
      expect(x.join('\u0000') <= y.join('\u0000'), `order at ${i}`).toBe(true);
    }
    for (const p of after.slice(0, 20)) {
      const network = await ctx.api.ok(`/people/${enc(p.identifier)}/successNetwork`);
      expect(network.values.map((l: J) => l.href)).toContain(people.all.find((x) => x.identifier === member)!.self.href);
    }
    const env = await ctx.api.ok(`/people/${enc(member)}/caseload`, { pageSize: 1 });
    expectShape(S.envelope(S.person), env, 'caseload');
    expect(env.totalValues).toBe(after.length);
    await expectHrefsResolve(env);
    // Taken out of a network, out of the caseload.
    expectStatus(await ctx.api.put(`/people/${enc(a.identifier)}/successNetwork`, []), 204);
    expect((await ctx.api.all(`/people/${enc(member)}/caseload`)).map((p: J) => p.identifier)).not.toContain(a.identifier);
  });

  it('unknown person → 404; bad paging → 400', async () => {
    expectProblem(await ctx.api.get('/people/NOBODY-123/caseload'), 404);
    expectProblem(await ctx.api.get(`/people/${enc(people.staff[0]!.identifier)}/caseload`, { query: { page: 0 } }), 400);
  });
});

describe('GET /people/{identifier}/encouragements', () => {
  it("E10's items whose student is the person, in E10's order, with E10's expand", async () => {
    const all = await ctx.api.all('/notations/encouragements/');
    const student = all[0].student.href.split('/').pop();
    const identifier = decodeURIComponent(student);
    const expected = all.filter((e: J) => e.student.href === all[0].student.href);
    const env = await ctx.api.ok(`/people/${student}/encouragements`, { pageSize: 1000 });
    expectShape(S.envelope(S.encouragement), env, 'person encouragements');
    expect(env.values).toEqual(expected);
    const expanded = await ctx.api.ok(`/people/${student}/encouragements`, { expand: 'student,type', pageSize: 1 });
    expect(expanded.values[0].student.identifier).toBe(identifier);
    expect(expanded.values[0].type.name).toEqual(expect.any(String));
    expect(new URL(expanded.links.last.href).searchParams.get('expand')).toBe('student,type');
    await expectHrefsResolve(expanded);
    expectProblemNames(await ctx.api.get(`/people/${student}/encouragements`, { query: { expand: 'categories' } }), 400, 'categories');
  });

  it('modifiedOnStart/End filter as on E10; a person with none → empty list; unknown → 404', async () => {
    const all = await ctx.api.all('/notations/encouragements/');
    const student = all[0].student.href.split('/').pop();
    const day = all[0].createdOn.slice(0, 10);
    const env = await ctx.api.ok(`/people/${student}/encouragements`, { modifiedOnStart: day, modifiedOnEnd: day });
    const e10 = (await ctx.api.all('/notations/encouragements/', { modifiedOnStart: day, modifiedOnEnd: day })).filter(
      (e: J) => e.student.href === all[0].student.href,
    );
    expect(env.values).toEqual(e10);
    expectProblem(await ctx.api.get(`/people/${student}/encouragements`, { query: { modifiedOnStart: 'yesterday' } }), 400);
    const staff = await ctx.api.ok(`/people/${enc(people.staff[0]!.identifier)}/encouragements`);
    expect(staff.totalValues).toBe(0);
    expect(staff.values).toEqual([]);
    expectProblem(await ctx.api.get('/people/NOBODY-123/encouragements'), 404);
  });
});
