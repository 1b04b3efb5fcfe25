import { describe, expect, it } from 'vitest';
import { expectProblemNames, expectStatus, type J, useBackend } from './helpers.ts';

/**
 * #31 item 17: a query parameter given more than once, as generated clients send arrays
 * (`expand=student&expand=categories`), is never narrowed silently to its first value: a list
 * parameter takes every value, any other is refused with 400. And `identifiers=` naming nobody is
 * refused, never read as "every student".
 */
const ctx = useBackend({ scale: 0.1 });
const get = (pathAndQuery: string) => ctx.api.req('GET', pathAndQuery);

describe('repeated and empty query parameters', () => {
  it('expand=a&expand=b expands both, as expand=a,b does', async () => {
    const repeated = await get('/notations/alerts/?pageSize=5&expand=student&expand=categories');
    const joined = await get('/notations/alerts/?pageSize=5&expand=student,categories');
    expectStatus(repeated, 200);
    expect(repeated.body).toEqual({ ...joined.body, self: repeated.body.self, links: repeated.body.links });
    const first = repeated.body.values[0] as J;
    expect(first.student.firstName).toEqual(expect.any(String));
    // Expanded, the categories link is the collection itself (decisions §2).
    expect(Array.isArray(first.categories.values) && (first.categories.values as J[]).every((c) => typeof c.name === 'string')).toBe(true);
  });

  it('identifiers=A&identifiers=B filters on both students, not on A alone', async () => {
    const repeated = await get('/notations/updates/?pageSize=1000&identifiers=S000001&identifiers=S000002');
    expectStatus(repeated, 200);
    const students = new Set((repeated.body.values as J[]).map((u) => String(u.student.href).split('/').at(-1)));
    expect(students).toEqual(new Set(['S000001', 'S000002']));
    const joined = await get('/notations/updates/?pageSize=1000&identifiers=S000001,S000002');
    expect(repeated.body.totalValues).toBe(joined.body.totalValues);
  });

  it('a parameter that takes one value, given twice, is 400 naming it', async () => {
    for (const query of ['pageSize=1&pageSize=2', 'page=1&page=1', 'createdOnStart=2026-01-01&createdOnStart=2026-02-01']) {
      expectProblemNames(await get(`/notations/alerts/?${query}`), 400, query.split('=')[0]!, 'give it once');
    }
    expectProblemNames(await get('/people/?q=a&q=b'), 400, 'q');
  });

  it('identifiers= naming nobody is 400, on the notation lists and on people', async () => {
    for (const path of [
      '/notations/updates/?identifiers=',
      '/notations/alerts/?identifiers=%2C%20',
      '/notations/dataInsights/?identifiers=',
      '/people/?identifiers=',
    ]) {
      expectProblemNames(await get(path), 400, 'identifiers', 'names no identifier');
    }
  });
});
