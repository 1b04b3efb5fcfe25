import { describe, expect, expectTypeOf, it } from 'vitest';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import type { Page } from './http.ts';
import type { Link, Person, RespondentFactors } from './schemas/index.ts';
import { recordingFetch } from './test-support.ts';

const fetch = recordingFetch();
const { api } = setupTestBackend({ fetch });

const lastUrl = () => fetch.requests.at(-1)!.url;

describe('the §9 extensions through the client', () => {
  it('noncognitive.administrations.resultsWithFactors: each respondent with their factor scores', async () => {
    const administrations = await api().noncognitive.administrations.list({ pageSize: 50 });
    let found = false;
    for (const a of administrations.values) {
      const page = await api().noncognitive.administrations.resultsWithFactors(a.id, { pageSize: 3 });
      expectTypeOf(page).toEqualTypeOf<Page<RespondentFactors>>();
      expect(lastUrl().searchParams.get('expand')).toBe('factors');
      if (page.values.length === 0) continue;
      const first = page.values[0]!;
      expect(first.values.length).toBe(first.totalValues);
      expect(first.values[0]!.score).toEqual(expect.any(Number));
      const e18 = await api().follow(first.href);
      expect(e18.kind).toBe('factorScores');
      expect(e18.value.values).toEqual(first.values);
      // The same call through `results`, typed by its expand.
      const same = await api().noncognitive.administrations.results(a.id, { pageSize: 3, expand: ['factors'] });
      expectTypeOf(same).toEqualTypeOf<Page<RespondentFactors>>();
      expect(same.values).toEqual(page.values);
      const links = await api().noncognitive.administrations.results(a.id, { pageSize: 3 });
      expectTypeOf(links).toEqualTypeOf<Page<Link>>();
      expect(links.values.map((l) => l.href)).toEqual(page.values.map((v) => v.href));
      found = true;
      break;
    }
    expect(found, 'an administration with respondents').toBe(true);
  });

  it('people.list({ identifiers }), people.caseload, people.encouragements typed by expand', async () => {
    const someone = (await api().people.list({ role: 'Student', pageSize: 2 })).values;
    const byIds = await api().people.list({ identifiers: [someone[1]!.identifier, 'NOBODY', someone[0]!.identifier] });
    expect(lastUrl().searchParams.get('identifiers')).toBe(`${someone[1]!.identifier},NOBODY,${someone[0]!.identifier}`);
    expect(byIds.values).toEqual(someone);

    const network = await api().people.successNetwork.get(someone[0]!.identifier);
    const member = api().personIdentifier(network.values[0]!)!;
    const caseload = await api().people.caseload(member, { pageSize: 1000 });
    expectTypeOf(caseload).toEqualTypeOf<Page<Person>>();
    expect(caseload.values.map((p) => p.identifier)).toContain(someone[0]!.identifier);
    expect((await api().follow(caseload.self.href)).kind).toBe('caseload');

    const all = await api().encouragements.list({ pageSize: 1 });
    const student = api().personIdentifier(all.values[0]!.student)!;
    const mine = await api().people.encouragements(student, { expand: ['student', 'type'], pageSize: 5 });
    expectTypeOf(mine.values[0]!.student.firstName).toEqualTypeOf<string>();
    expectTypeOf(mine.values[0]!.type.icon).toEqualTypeOf<string>();
    expect(mine.values.every((e) => e.student.identifier === student)).toBe(true);
    expect((await api().follow(mine.links.first.href)).kind).toBe('personEncouragements');
    await expect(api().people.caseload('NOBODY-1')).rejects.toMatchObject({ kind: 'http', status: 404, operation: 'people.caseload' });
    await expect(api().people.encouragements('NOBODY-1')).rejects.toMatchObject({ status: 404, operation: 'people.encouragements' });
  });
});
