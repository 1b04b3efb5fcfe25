/**
 * Cross-cutting errors (decisions §5): problem+json, 400 for bad path ids, 404 for unknown paths and ids,
 * 405 with Allow, 413, 415, never 500 for bad input (property-based).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_QUERY_NAMES, commentedAlert, discoverPeople, expectProblem, expectStatus, type J, type People, useBackend } from './helpers.ts';

const ctx = useBackend();
let people: People;
let ids: {
  update: number;
  insight: number;
  alert: number;
  alertComment: number;
  trigger: number;
  category: J;
  admin: number;
  student: string;
  staff: string;
  typeId: number;
};

beforeAll(async () => {
  const api = ctx.api;
  people = await discoverPeople(api);
  const { alert, commentId: alertComment } = await commentedAlert(api, 100);
  const enc = (await api.ok('/notations/encouragements/', { pageSize: 1 })).values[0];
  ids = {
    update: (await api.ok('/notations/updates/', { pageSize: 1 })).values[0].id,
    insight: (await api.ok('/notations/dataInsights/', { pageSize: 1 })).values[0].id,
    alert: alert.id,
    alertComment,
    trigger: (await api.ok('/notations/triggers/')).values[0].id,
    category: (await api.ok('/notations/categories/')).values[0],
    admin: (await api.ok('/noncognitives/administrations/', { pageSize: 1 })).values[0].id,
    student: people.students[0]!.identifier,
    staff: people.staff[0]!.identifier,
    typeId: (await api.ok(enc.type.href)).id,
  };
}, 60_000);

function e4Body(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    audienceType: 'All',
    canStudentView: true,
    createdBy: { identifier: ids.staff },
    details: 'error suite',
    student: { identifier: ids.student },
    ...over,
  };
}
async function updatesTotal(): Promise<number> {
  return (await ctx.api.ok('/notations/updates/', { pageSize: 1 })).totalValues;
}

describe('unknown paths → 404 problem (decisions §5)', () => {
  it.each([
    '/nope',
    '/notations/',
    '/notations/nope/',
    '/notations/updates/1/nope',
    '/people/S000001/nope',
    '/noncognitives/assessments/',
    '/v1/notations/updates/',
  ])('GET %s', async (p) => {
    expectProblem(await ctx.api.get(p), 404);
  });

  it('an unknown path with any method → 404 (not 405)', async () => {
    expectProblem(await ctx.api.req('DELETE', '/nope'), 404);
    expectProblem(await ctx.api.post('/notations/nope/', {}), 404);
  });

  it('paths carry no version segment and the API lives under /api only', async () => {
    const r = await fetch(ctx.b.origin + '/notations/updates/', { headers: ctx.b.headers });
    expect(r.status).toBe(404);
  });
});

describe('a number-typed path id that is not a positive integer → 400, not 404 (decisions §5)', () => {
  const bad = ['abc', '0', '-1', '1.5', '1e2', '%20', '99999999999999999999999'];
  const paths = (x: string): Array<[string, string]> => [
    ['E2', `/notations/updates/${x}`],
    ['E3', `/notations/updates/${x}/comments`],
    ['E6', `/notations/dataInsights/${x}`],
    ['E9 id', `/notations/alerts/${x}/comments/${ids.alertComment}`],
    ['E9 commentid', `/notations/alerts/${ids.alert}/comments/${x}`],
    ['E12', `/notations/triggers/${x}`],
  ];
  it('GET operations', async () => {
    for (const x of bad) {
      for (const [name, p] of paths(x)) {
        const r = await ctx.api.get(p);
        try {
          // a huge number is a valid-looking integer that matches nothing: 400 or 404 both fine, never 500
          if (x.startsWith('9999')) expect([400, 404]).toContain(r.status);
          else expectProblem(r, 400);
        } catch (e) {
          throw new Error(`${name} ${p}: ${(e as Error).message}`, { cause: e });
        }
      }
    }
  });

  it('E13, E14 and E18 too', async () => {
    for (const x of ['abc', '0', '-7', '2.5']) {
      expectProblem(await ctx.api.patch(`/notations/triggers/${x}`, { modifiedBy: { identifier: ids.staff } }), 400);
      expectProblem(await ctx.api.put(`/notations/categories/${x}`, { isActive: true, name: 'x' }), 400);
      expectProblem(await ctx.api.get(`/noncognitives/administrations/${x}/results/${ids.student}/factors`), 400);
    }
  });
});

describe('unknown ids → 404 on the operations that define 404', () => {
  it('numeric ids', async () => {
    const n = 987654321;
    for (const p of [
      `/notations/updates/${n}`,
      `/notations/updates/${n}/comments`,
      `/notations/dataInsights/${n}`,
      `/notations/alerts/${n}/categories`,
      `/notations/alerts/${ids.alert}/comments/${n}`,
      `/notations/encouragements/types/${n}`,
      `/notations/triggers/${n}`,
    ]) {
      expectProblem(await ctx.api.get(p), 404);
    }
    expectProblem(await ctx.api.patch(`/notations/triggers/${n}`, { modifiedBy: { identifier: ids.staff } }), 404);
    expectProblem(await ctx.api.put(`/notations/categories/${n}`, { isActive: false, name: 'Nope' }), 404);
  });

  it('string ids (E8, E11, E19, people)', async () => {
    for (const p of [
      '/notations/alerts/x-y-z/categories',
      '/notations/encouragements/types/x-y-z',
      '/noncognitives/assessments/x-y-z/factors/x-y-z',
      '/people/x-y-z',
      '/people/x-y-z/successNetwork',
    ]) {
      expectProblem(await ctx.api.get(p), 404);
    }
    expectProblem(await ctx.api.put('/people/x-y-z/successNetwork', []), 404);
  });
});

describe('405 with Allow for a known path and an unsupported method (decisions §5)', () => {
  const cases = (): Array<[string, string, string[]]> => [
    ['DELETE', '/notations/updates/', ['GET', 'POST']],
    ['PUT', '/notations/updates/', ['GET', 'POST']],
    ['PATCH', `/notations/updates/${ids.update}`, ['GET']],
    ['DELETE', `/notations/updates/${ids.update}`, ['GET']],
    ['POST', '/notations/dataInsights/', ['GET']],
    ['POST', `/notations/dataInsights/${ids.insight}`, ['GET']],
    ['DELETE', '/notations/alerts/', ['GET', 'POST']],
    ['PUT', `/notations/alerts/${ids.alert}/categories`, ['GET']],
    ['DELETE', `/notations/alerts/${ids.alert}/comments/${ids.alertComment}`, ['GET']],
    ['POST', '/notations/encouragements/', ['GET']],
    ['DELETE', `/notations/encouragements/types/${ids.typeId}`, ['GET']],
    ['PUT', `/notations/triggers/${ids.trigger}`, ['GET', 'PATCH']],
    ['DELETE', `/notations/triggers/${ids.trigger}`, ['GET', 'PATCH']],
    ['PATCH', `/notations/categories/${ids.category.id}`, ['GET', 'PUT']],
    ['POST', `/notations/categories/${ids.category.id}`, ['GET', 'PUT']],
    ['POST', `/people/${ids.student}/successNetwork`, ['GET', 'PUT']],
    ['DELETE', `/people/${ids.student}/successNetwork`, ['GET', 'PUT']],
    ['POST', '/noncognitives/administrations/', ['GET']],
    ['DELETE', `/noncognitives/administrations/${ids.admin}/results/${ids.student}/factors`, ['GET']],
  ];
  it('each case', async () => {
    for (const [method, path, allowed] of cases()) {
      const r = await ctx.api.req(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      try {
        expectProblem(r, 405);
        const allow = (r.headers.get('allow') ?? '').split(',').map((s) => s.trim().toUpperCase());
        for (const m of allowed) expect(allow, `Allow: ${r.headers.get('allow')}`).toContain(m);
        expect(allow).not.toContain(method);
      } catch (e) {
        throw new Error(`${method} ${path}: ${(e as Error).message}`, { cause: e });
      }
    }
  });
  it('the category is unchanged after a refused method', async () => {
    expect(await ctx.api.ok(`/notations/categories/${ids.category.id}`)).toEqual(ids.category);
  });
});

describe('413 and 415 (decisions §5)', () => {
  it('a body over 1 MiB → 413 problem, nothing created', async () => {
    const before = await updatesTotal();
    const big = JSON.stringify(e4Body({ details: 'x'.repeat(1024 * 1024 + 10) }));
    const r = await ctx.api.post('/notations/updates/', undefined, { raw: big, headers: { 'Content-Type': 'application/json' } });
    expectProblem(r, 413);
    const r2 = await ctx.api.put(`/people/${ids.student}/successNetwork`, undefined, {
      raw: JSON.stringify(Array.from({ length: 60_000 }, () => ({ identifier: ids.staff }))),
      headers: { 'Content-Type': 'application/json' },
    });
    expectProblem(r2, 413);
    expect(await updatesTotal()).toBe(before);
  });

  it('just under 1 MiB is not 413 (it is judged on its content)', async () => {
    const body = JSON.stringify(e4Body({ details: 'y'.repeat(1024 * 1024 - 400) }));
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const r = await ctx.api.post('/notations/updates/', undefined, { raw: body, headers: { 'Content-Type': 'application/json' } });
    expectProblem(r, 400); // details over 10,000 characters
  });

  it('a non-JSON Content-Type → 415 problem, nothing created', async () => {
    const before = await updatesTotal();
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const r = await ctx.api.post('/notations/updates/', undefined, { raw: JSON.stringify(e4Body()), headers: { 'Content-Type': ct } });
      try {
        expectProblem(r, 415);
      } catch (e) {
        throw new Error(`${ct}: ${(e as Error).message}`, { cause: e });
      }
    }
    expect(await updatesTotal()).toBe(before);
  });

  it('no Content-Type with a JSON body is accepted (service.md: the header is optional)', async () => {
    const r = await ctx.api.post('/notations/updates/', undefined, { raw: JSON.stringify(e4Body()) });
    expectStatus(r, 201);
  });
});

describe('bad input never yields 500 (decisions §5)', () => {
  const lists = [
    '/notations/updates/',
    '/notations/dataInsights/',
    '/notations/alerts/',
    '/notations/encouragements/',
    '/noncognitives/administrations/',
    '/people/',
  ];

  it('random query strings on every list → 200 or 400 problem', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.dictionary(
          fc.constantFrom(...LIST_QUERY_NAMES),
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.integer().map(String),
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          ),
          {
            maxKeys: 4,
          },
        ),
        async (path, query) => {
          const r = await ctx.api.get(path, { query });
          if (r.status === 200) return;
          expectProblem(r, 400);
        },
      ),
      { numRuns: 120 },
    );
  }, 30_000);

  it('random path segments → 400 or 404 problem', async () => {
    const templates = [
      (s: string) => `/notations/updates/${s}`,
      (s: string) => `/notations/updates/${s}/comments`,
      (s: string) => `/notations/alerts/${s}/categories`,
      (s: string) => `/notations/alerts/${ids.alert}/comments/${s}`,
      (s: string) => `/notations/encouragements/types/${s}`,
      (s: string) => `/notations/triggers/${s}`,
      (s: string) => `/people/${s}`,
      (s: string) => `/people/${s}/successNetwork`,
      (s: string) => `/noncognitives/assessments/${s}/factors/${s}`,
      (s: string) => `/noncognitives/administrations/${s}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), fc.string({ minLength: 1, maxLength: 20 }), async (t, s) => {
        const r = await ctx.api.get(t(encodeURIComponent(s)));
        if (r.status === 200) return; // the random string may name a real resource
        expect([400, 404]).toContain(r.status);
        expectProblem(r, r.status);
      }),
      { numRuns: 120 },
    );
  }, 30_000);

  it('random JSON bodies on every write → 4xx problem, never 5xx', async () => {
    const writes: Array<[string, () => string]> = [
      ['POST', () => '/notations/updates/'],
      ['POST', () => '/notations/alerts/'],
      ['POST', () => `/notations/updates/${ids.update}/comments`],
      ['POST', () => `/notations/alerts/${ids.alert}/comments`],
      ['PATCH', () => `/notations/triggers/${ids.trigger}`],
      ['PUT', () => `/notations/categories/${ids.category.id}`],
      ['PUT', () => `/people/${ids.student}/successNetwork`],
    ];
    const before = await updatesTotal();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), fc.jsonValue({ maxDepth: 3 }), async ([method, path], body) => {
        const r = await ctx.api.req(method, path(), { json: body });
        // an empty array is a valid E16 body (empty network): the only random body that may succeed
        if (Array.isArray(body) && body.length === 0 && path().endsWith('/successNetwork') && r.status === 204) return;
        expect(r.status, `${method} ${path()} ${JSON.stringify(body).slice(0, 200)} → ${r.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expectProblem(r, r.status);
      }),
      { numRuns: 150 },
    );
    expect(await updatesTotal()).toBe(before);
    expect(await ctx.api.ok(`/notations/categories/${ids.category.id}`)).toEqual(ids.category);
  }, 30_000);

  it('structured near-miss bodies on E4 → 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            audienceType: fc.oneof(fc.constantFrom('All', 'Private', 'FullNetwork', 'all', ''), fc.anything()),
            canStudentView: fc.oneof(fc.boolean(), fc.anything()),
            createdBy: fc.oneof(fc.constant({ identifier: 'E-NOPE' }), fc.anything()),
            details: fc.oneof(fc.string({ maxLength: 5 }), fc.anything()),
            student: fc.oneof(fc.constant({ identifier: 'S-NOPE' }), fc.anything()),
            categories: fc.oneof(fc.array(fc.record({ id: fc.integer() }), { maxLength: 3 }), fc.anything()),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const r = await ctx.api.post('/notations/updates/', body);
          // createdBy and student never name a real person here, so this is always invalid
          expectProblem(r, 400);
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);
});

describe('an id of another notation kind is not found (E2, E3, E6, E8, E9, §9 details and comments)', () => {
  let kinds: Record<string, Set<number>> = {};
  beforeAll(async () => {
    const [u, d, a, e] = await Promise.all([
      ctx.api.all('/notations/updates/'),
      ctx.api.all('/notations/dataInsights/'),
      ctx.api.all('/notations/alerts/'),
      ctx.api.all('/notations/encouragements/'),
    ]);
    kinds = {
      updates: new Set(u.map((x) => x.id as number)),
      dataInsights: new Set(d.map((x) => x.id as number)),
      alerts: new Set(a.map((x) => x.id as number)),
      encouragements: new Set(e.map((x) => x.id as number)),
    };
  }, 60_000);

  /** some ids of kind `from` that no notation of kind `to` has */
  function foreignIds(from: string, to: string, n = 3): number[] {
    return [...kinds[from]!].filter((i) => !kinds[to]!.has(i)).slice(0, n);
  }

  it('GET /notations/{kind}/{id} with an id that only another kind has → 404', async () => {
    const names = Object.keys(kinds);
    for (const to of names) {
      for (const from of names) {
        if (from === to) continue;
        for (const i of foreignIds(from, to, 2)) {
          const r = await ctx.api.get(`/notations/${to}/${i}`);
          try {
            expectProblem(r, 404);
          } catch (e) {
            throw new Error(`${from} id ${i} under /notations/${to}/: ${(e as Error).message}`, { cause: e });
          }
        }
      }
    }
  });

  it('sub-resources of a notation of another kind → 404', async () => {
    for (const i of foreignIds('alerts', 'updates', 2)) {
      expectProblem(await ctx.api.get(`/notations/updates/${i}/comments`), 404);
      expectProblem(await ctx.api.get(`/notations/updates/${i}/categories`), 404);
    }
    for (const i of foreignIds('updates', 'alerts', 2)) {
      expectProblem(await ctx.api.get(`/notations/alerts/${i}/categories`), 404);
      expectProblem(await ctx.api.get(`/notations/alerts/${i}/comments`), 404);
    }
    for (const i of foreignIds('updates', 'dataInsights', 2)) {
      expectProblem(await ctx.api.get(`/notations/dataInsights/${i}/comments`), 404);
    }
  });

  it('commenting through the wrong kind → 404 and nothing is added', async () => {
    const body = { createdBy: { identifier: ids.staff }, details: 'wrong kind' };
    for (const i of foreignIds('updates', 'alerts', 1)) {
      const before = (await ctx.api.ok(`/notations/updates/${i}/comments`)).totalValues;
      expectProblem(await ctx.api.post(`/notations/alerts/${i}/comments`, { ...body, usedToLowerAlert: true }), 404);
      expect((await ctx.api.ok(`/notations/updates/${i}/comments`)).totalValues).toBe(before);
    }
    for (const i of foreignIds('alerts', 'updates', 1)) {
      const before = await ctx.api.ok(`/notations/alerts/${i}`);
      const beforeC = (await ctx.api.ok(`/notations/alerts/${i}/comments`)).totalValues;
      expectProblem(await ctx.api.post(`/notations/updates/${i}/comments`, body), 404);
      expect(await ctx.api.ok(`/notations/alerts/${i}`)).toEqual(before);
      expect((await ctx.api.ok(`/notations/alerts/${i}/comments`)).totalValues).toBe(beforeC);
    }
    for (const i of foreignIds('dataInsights', 'updates', 1)) {
      expectProblem(await ctx.api.post(`/notations/updates/${i}/comments`, body), 404);
    }
  });

  it('a comment is only found under its own notation (E9 and the update comment detail)', async () => {
    // find an update comment and try it under an alert and under another update
    const ups = (await ctx.api.ok('/notations/updates/', { pageSize: 100, expand: 'comments' })).values as J[];
    const withC = ups.filter((u) => u.comments.totalValues > 0);
    expect(withC.length).toBeGreaterThan(1);
    const c = withC[0].comments.values[0];
    const otherUpdate = withC[1];
    expectProblem(await ctx.api.get(`/notations/updates/${otherUpdate.id}/comments/${c.id}`), 404);
    const alert = (await ctx.api.ok('/notations/alerts/', { pageSize: 1 })).values[0];
    expectProblem(await ctx.api.get(`/notations/alerts/${alert.id}/comments/${c.id}`), 404);
  });
});

describe('more 413 / 415 edges (decisions §5; RFC 9110 media types are case-insensitive)', () => {
  function bodyOfBytes(n: number): string {
    const base = JSON.stringify(e4Body({ details: '' }));
    const pad = n - base.length;
    const s = JSON.stringify(e4Body({ details: 'z'.repeat(pad) }));
    expect(Buffer.byteLength(s)).toBe(n);
    return s;
  }
  it('exactly 1 MiB is judged on content (400); one byte more is 413', async () => {
    const at = await ctx.api.post('/notations/updates/', undefined, { raw: bodyOfBytes(1024 * 1024), headers: { 'Content-Type': 'application/json' } });
    expectProblem(at, 400);
    const over = await ctx.api.post('/notations/updates/', undefined, {
      raw: bodyOfBytes(1024 * 1024 + 1),
      headers: { 'Content-Type': 'application/json' },
    });
    expectProblem(over, 413);
  });

  it('Content-Type "Application/JSON" is JSON', async () => {
    const r = await ctx.api.post('/notations/updates/', undefined, { raw: JSON.stringify(e4Body()), headers: { 'Content-Type': 'Application/JSON' } });
    expectStatus(r, 201);
  });

  it('415 also on PATCH E13, PUT E16 and the §9 POSTs', async () => {
    const text = { 'Content-Type': 'text/plain' };
    expectProblem(
      await ctx.api.patch(`/notations/triggers/${ids.trigger}`, undefined, { raw: JSON.stringify({ modifiedBy: { identifier: ids.staff } }), headers: text }),
      415,
    );
    expectProblem(await ctx.api.put(`/people/${ids.student}/successNetwork`, undefined, { raw: '[]', headers: text }), 415);
    expectProblem(await ctx.api.post('/notations/alerts/', undefined, { raw: JSON.stringify(e4Body()), headers: text }), 415);
    expectProblem(
      await ctx.api.post(`/notations/alerts/${ids.alert}/comments`, undefined, {
        raw: JSON.stringify({ createdBy: { identifier: ids.staff }, details: 'x' }),
        headers: text,
      }),
      415,
    );
  });
});

describe('list paths with and without the trailing slash (decisions §1)', () => {
  it('every list path answers the same list both ways', async () => {
    const adm = (await ctx.api.ok('/noncognitives/administrations/', { pageSize: 1 })).values[0];
    const lists = [
      '/notations/updates',
      '/notations/dataInsights',
      '/notations/alerts',
      '/notations/encouragements',
      '/notations/encouragements/types',
      '/notations/categories',
      '/notations/triggers',
      '/people',
      '/noncognitives/administrations',
      `/notations/updates/${ids.update}/comments`,
      `/notations/updates/${ids.update}/categories`,
      `/notations/dataInsights/${ids.insight}/comments`,
      `/notations/alerts/${ids.alert}/comments`,
      `/notations/alerts/${ids.alert}/categories`,
      `/people/${ids.student}/successNetwork`,
      `/noncognitives/administrations/${adm.id}/results`,
      `/noncognitives/administrations/${adm.id}/results/${ids.student}/factors`,
    ];
    const failures: string[] = [];
    for (const p of lists) {
      const [a, b] = await Promise.all([ctx.api.get(p), ctx.api.get(p + '/')]);
      if (a.status !== 200 || b.status !== 200) {
        failures.push(`${p}: ${a.status} without slash, ${b.status} with slash`);
        continue;
      }
      if (a.body.totalValues !== b.body.totalValues || JSON.stringify(a.body.values) !== JSON.stringify(b.body.values)) {
        failures.push(`${p}: different lists`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('writes on list paths work both ways', async () => {
    const body = { createdBy: { identifier: ids.staff }, details: 'slash check' };
    expectStatus(await ctx.api.post(`/notations/updates/${ids.update}/comments/`, body), 201);
    expectStatus(await ctx.api.post('/notations/alerts', { ...e4Body(), audienceType: 'FullNetwork' }), 201);
    const net = await ctx.api.ok(`/people/${ids.student}/successNetwork`);
    const same = net.values.map((l: J) => ({ identifier: decodeURIComponent(l.href.split('/people/')[1]) }));
    expectStatus(await ctx.api.put(`/people/${ids.student}/successNetwork/`, same), 204);
  });
});

describe('writes without Content-Type are JSON (service.md: the header is optional)', () => {
  it('E13, E14, E16 and the §9 POSTs accept a JSON body without Content-Type', async () => {
    const trig = await ctx.api.ok(`/notations/triggers/${ids.trigger}`);
    expectStatus(await ctx.api.patch(`/notations/triggers/${ids.trigger}`, undefined, { raw: JSON.stringify({ modifiedBy: { identifier: ids.staff } }) }), 204);
    expect(await ctx.api.ok(`/notations/triggers/${ids.trigger}`)).toEqual(trig);
    const c = ids.category;
    expectStatus(await ctx.api.put(`/notations/categories/${c.id}`, undefined, { raw: JSON.stringify({ isActive: c.isActive, name: c.name }) }), 204);
    const net = await ctx.api.ok(`/people/${ids.student}/successNetwork`);
    const same = net.values.map((l: J) => ({ identifier: decodeURIComponent(l.href.split('/people/')[1]) }));
    expectStatus(await ctx.api.put(`/people/${ids.student}/successNetwork`, undefined, { raw: JSON.stringify(same) }), 204);
    expect(await ctx.api.ok(`/people/${ids.student}/successNetwork`)).toEqual(net);
    expectStatus(await ctx.api.post('/notations/alerts/', undefined, { raw: JSON.stringify(e4Body()) }), 201);
    expectStatus(
      await ctx.api.post(`/notations/alerts/${ids.alert}/comments`, undefined, { raw: JSON.stringify({ createdBy: { identifier: ids.staff }, details: 'x' }) }),
      201,
    );
  });
});

describe('createdOn is the server’s time (decisions §7)', () => {
  it('a new update, alert and comment carry a createdOn close to the response Date header', async () => {
    const check = async (r: Awaited<ReturnType<typeof ctx.api.post>>): Promise<void> => {
      expectStatus(r, 201);
      const date = Date.parse(r.headers.get('date') ?? '');
      expect(Number.isNaN(date), 'Date header').toBe(false);
      const item = await ctx.api.ok(r.body.href);
      expect(Math.abs(Date.parse(item.createdOn) - date), `${item.createdOn} vs Date ${r.headers.get('date')}`).toBeLessThan(5000);
    };
    await check(await ctx.api.post('/notations/updates/', e4Body()));
    await check(await ctx.api.post('/notations/alerts/', e4Body()));
    await check(await ctx.api.post(`/notations/updates/${ids.update}/comments`, { createdBy: { identifier: ids.staff }, details: 'time' }));
  });

  it('a client-sent createdOn is refused (unknown body field), not used', async () => {
    expectProblem(await ctx.api.post('/notations/updates/', e4Body({ createdOn: '2020-01-01T00:00:00.000Z' })), 400);
  });
});

describe('hostile but well-formed input never yields 500 (decisions §5)', () => {
  it('deeply nested JSON bodies → 400', async () => {
    const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
    const deepObj = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const targets: Array<[string, string, (d: string) => string]> = [
      ['POST', '/notations/updates/', (d) => `{"audienceType":"All","canStudentView":true,"details":${d}}`],
      ['POST', '/notations/updates/', (d) => d],
      ['PUT', `/people/${ids.student}/successNetwork`, (d) => d],
      ['PATCH', `/notations/triggers/${ids.trigger}`, (d) => `{"modifiedBy":${d}}`],
      ['PUT', `/notations/categories/${ids.category.id}`, (d) => `{"isActive":true,"name":"x","extra":${d}}`],
    ];
    for (const n of [5_000, 100_000]) {
      for (const [method, path, wrap] of targets) {
        for (const d of [deep(n), deepObj(n)]) {
          const raw = wrap(d);
          if (Buffer.byteLength(raw) > 1024 * 1024) continue;
          const r = await ctx.api.req(method, path, { raw, headers: { 'Content-Type': 'application/json' } });
          try {
            expectProblem(r, 400);
          } catch (e) {
            throw new Error(`${method} ${path} nesting ${n}: ${(e as Error).message}`, { cause: e });
          }
        }
      }
    }
    expect(await ctx.api.ok(`/notations/categories/${ids.category.id}`)).toEqual(ids.category);
  }, 30_000);

  it('a long identifiers list (1,000 students) works', async () => {
    const list = people.students.slice(0, 1000).map((p) => p.identifier);
    const r = await ctx.api.get('/notations/updates/', { query: { identifiers: list.join(','), pageSize: 1 } });
    expectStatus(r, 200);
    const all = await ctx.api.ok('/notations/updates/', { pageSize: 1 });
    // every update is about a student; with all students listed, nothing is filtered out
    if (list.length === people.students.length) expect(r.body.totalValues).toBe(all.totalValues);
  });

  it('createOnStart is not an E1/E7 parameter (ignored there)', async () => {
    for (const p of ['/notations/updates/', '/notations/alerts/']) {
      const all = await ctx.api.ok(p, { pageSize: 1 });
      const r = await ctx.api.ok(p, { createOnStart: '2999-01-01', pageSize: 1 });
      expect(r.totalValues).toBe(all.totalValues);
    }
  });
});
