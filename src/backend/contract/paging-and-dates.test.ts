/**
 * Paging, links, order, date filters and identifiers across the paged lists
 * (service.md "Shared query parameters", "Limits"; decisions §4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNewestFirst, expectProblem, isoDay, type J, personIdOf, shiftMs, useBackend } from './helpers.ts';

const ctx = useBackend();

interface ListDef {
  name: string;
  path: string;
  /** the start-of-creation parameter name, if the list has a creation range */
  createdStart?: string;
  createdEnd?: string;
  identifiers: boolean;
  modified: boolean;
  expand?: string;
}

const LISTS: ListDef[] = [
  { name: 'E1', path: '/notations/updates/', createdStart: 'createdOnStart', createdEnd: 'createdOnEnd', identifiers: true, modified: true, expand: 'student' },
  {
    name: 'E5',
    path: '/notations/dataInsights/',
    createdStart: 'createOnStart',
    createdEnd: 'createdOnEnd',
    identifiers: true,
    modified: true,
    expand: 'student',
  },
  { name: 'E7', path: '/notations/alerts/', createdStart: 'createdOnStart', createdEnd: 'createdOnEnd', identifiers: true, modified: true, expand: 'student' },
  { name: 'E10', path: '/notations/encouragements/', identifiers: false, modified: true, expand: 'type' },
  { name: 'E17', path: '/noncognitives/administrations/', identifiers: false, modified: false },
];
const NOTATIONS = LISTS.filter((l) => l.createdStart);

const totals: Record<string, number> = {};
const firstK: Record<string, J[]> = {};

beforeAll(async () => {
  await Promise.all(
    LISTS.map(async (l) => {
      const env = await ctx.api.ok(l.path, { pageSize: 1000 });
      totals[l.name] = env.totalValues;
      firstK[l.name] = env.values;
    }),
  );
}, 60_000);

function pageOf(href: string): number {
  return Number(new URL(href).searchParams.get('page') ?? '1');
}
function paramsOf(href: string): URLSearchParams {
  return new URL(href).searchParams;
}

describe.each(LISTS)('$name paging (decisions §4)', (l) => {
  it('defaults: page 1, pageSize 100; links first/last/next, no previous on page 1', async () => {
    const env = await ctx.api.ok(l.path);
    const total = totals[l.name]!;
    expect(env.page).toBe(1);
    expect(env.pageSize).toBe(100);
    expect(env.totalValues).toBe(total);
    expect(env.values.length).toBe(Math.min(100, total));
    expect(pageOf(env.links.first.href)).toBe(1);
    expect(pageOf(env.links.last.href)).toBe(Math.max(1, Math.ceil(total / 100)));
    expect(env.links.previous).toBeUndefined();
    if (total > 100) expect(pageOf(env.links.next.href)).toBe(2);
    else expect(env.links.next).toBeUndefined();
    // self is this page
    const again = await ctx.api.ok(env.self.href);
    expect(again).toEqual(env);
  });

  it('pages tile the list; next/previous present only where such a page exists', async () => {
    const size = 7;
    const all = firstK[l.name]!;
    const total = totals[l.name]!;
    const lastPage = Math.max(1, Math.ceil(total / size));
    const p1 = await ctx.api.ok(l.path, { pageSize: size, page: 1 });
    const p2 = await ctx.api.ok(p1.links.next.href);
    expect(p2.page).toBe(2);
    expect(p2.pageSize).toBe(size);
    expect(pageOf(p2.links.previous.href)).toBe(1);
    if (lastPage > 2) expect(pageOf(p2.links.next.href)).toBe(3);
    else expect(p2.links.next).toBeUndefined();
    expect([...p1.values, ...p2.values].map((x: J) => x.id)).toEqual(all.slice(0, 2 * size).map((x) => x.id));
    const last = await ctx.api.ok(p1.links.last.href);
    expect(last.page).toBe(lastPage);
    expect(last.links.next).toBeUndefined();
    expect(pageOf(last.links.previous.href)).toBe(lastPage - 1);
    expect(last.values.length).toBe(total - (lastPage - 1) * size);
    for (const env of [p1, p2, last]) {
      for (const link of Object.values(env.links) as J[]) expect(paramsOf(link.href).get('pageSize')).toBe(String(size));
    }
  });

  it('a page past the end → 200, values [] and the true totalValues', async () => {
    const env = await ctx.api.ok(l.path, { pageSize: 1000, page: 999 });
    expect(env.values).toEqual([]);
    expect(env.totalValues).toBe(totals[l.name]);
    expect(env.page).toBe(999);
    expect(pageOf(env.links.last.href)).toBe(Math.max(1, Math.ceil(totals[l.name]! / 1000)));
    expect(env.links.next).toBeUndefined();
  });

  it('pageSize 1000 is the maximum; bad paging → 400 problem', async () => {
    const big = await ctx.api.ok(l.path, { pageSize: 1000 });
    expect(big.values.length).toBe(Math.min(1000, totals[l.name]!));
    const bad: Array<Record<string, string>> = [
      { pageSize: '1001' },
      { pageSize: '0' },
      { pageSize: '-5' },
      { pageSize: '2.5' },
      { pageSize: 'abc' },
      { pageSize: '' },
      { page: '0' },
      { page: '-1' },
      { page: 'abc' },
      { page: '1.5' },
      { page: '' },
    ];
    for (const q of bad) {
      const r = await ctx.api.get(l.path, { query: q });
      try {
        const p = expectProblem(r, 400);
        if (p.errors) expect(p.errors.some((e: J) => e.in === 'query' && Object.keys(q).includes(e.name))).toBe(true);
      } catch (e) {
        throw new Error(`${JSON.stringify(q)}: ${(e as Error).message}`, { cause: e });
      }
    }
  });

  it('unknown query parameters are ignored', async () => {
    const env = await ctx.api.ok(l.path, { pageSize: 5, colour: 'blue', sort: 'asc', foo: '' });
    expect(env.totalValues).toBe(totals[l.name]);
    expect(env.values.map((x: J) => x.id)).toEqual(firstK[l.name]!.slice(0, 5).map((x) => x.id));
  });
});

describe('links keep filters, expand and pageSize (decisions §4)', () => {
  it.each(NOTATIONS)('$name', async (l) => {
    const all = firstK[l.name]!;
    const sid = personIdOf(all[0].student.href);
    const other = personIdOf(all.find((x) => personIdOf(x.student.href) !== sid).student.href);
    const start = all[all.length - 1].createdOn as string;
    const q: Record<string, string> = {
      pageSize: '2',
      identifiers: `${sid},${other}`,
      [l.createdStart!]: start,
      expand: l.expand!,
      modifiedOnStart: '2000-01-01',
    };
    const env = await ctx.api.ok(l.path, q);
    const links = [env.self, ...Object.values(env.links)] as J[];
    for (const link of links) {
      const p = paramsOf(link.href);
      for (const [k, v] of Object.entries(q)) expect(p.get(k), `${k} kept in ${link.href}`).toBe(v);
    }
    if (env.links.next) {
      const n = await ctx.api.ok(env.links.next.href);
      expect(n.page).toBe(2);
      expect(n.totalValues).toBe(env.totalValues);
      for (const x of n.values) {
        expect([sid, other]).toContain(personIdOf(x.student.href));
        expect(x.student.identifier).toBeTypeOf('string'); // expand carried over
      }
    }
  });
});

describe('order (decisions §4)', () => {
  it.each(LISTS.filter((l) => l.name !== 'E17'))('$name newest first by createdOn, then id descending', (l) => {
    expectNewestFirst(firstK[l.name]!);
  });
});

describe('creation date filters are inclusive (decisions §4)', () => {
  it.each(NOTATIONS)('$name: exact instant on both ends includes the item', async (l) => {
    const item = firstK[l.name]![123];
    const env = await ctx.api.ok(l.path, { [l.createdStart!]: item.createdOn, [l.createdEnd!]: item.createdOn, pageSize: 1000 });
    expect(env.values.map((x: J) => x.id)).toContain(item.id);
    for (const x of env.values) expect(x.createdOn).toBe(item.createdOn);
    // one millisecond off on either side excludes it
    const after = await ctx.api.ok(l.path, { [l.createdStart!]: shiftMs(item.createdOn, 1), pageSize: 1000 });
    expect(after.values.map((x: J) => x.id)).not.toContain(item.id);
    const before = await ctx.api.ok(l.path, { [l.createdEnd!]: shiftMs(item.createdOn, -1), pageSize: 1 });
    expect(before.totalValues + after.totalValues + env.totalValues).toBe(totals[l.name]);
  });

  it.each(NOTATIONS)('$name: a date means the whole UTC day at both ends', async (l) => {
    const all = firstK[l.name]!;
    const day = isoDay(all[300].createdOn);
    const env = await ctx.api.ok(l.path, { [l.createdStart!]: day, [l.createdEnd!]: day, pageSize: 1000 });
    for (const x of env.values) expect(isoDay(x.createdOn)).toBe(day);
    const window = await ctx.api.ok(l.path, {
      [l.createdStart!]: `${day}T00:00:00Z`,
      [l.createdEnd!]: `${day}T23:59:59.999Z`,
      pageSize: 1000,
    });
    expect(env.values.map((x: J) => x.id)).toEqual(window.values.map((x: J) => x.id));
    const manual = all.filter((x) => isoDay(x.createdOn) === day).map((x) => x.id);
    if (manual.length > 0 && isoDay(all[all.length - 1].createdOn) < day) {
      expect(env.values.map((x: J) => x.id)).toEqual(manual);
    }
  });

  it.each(NOTATIONS)('$name: offsets are honoured (+02:00 equals the Z instant)', async (l) => {
    const item = firstK[l.name]![50];
    const t = new Date(Date.parse(item.createdOn) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const env = await ctx.api.ok(l.path, { [l.createdStart!]: t, [l.createdEnd!]: t });
    expect(env.values.map((x: J) => x.id)).toContain(item.id);
  });

  it.each(NOTATIONS)('$name: unparseable date or start after end → 400', async (l) => {
    for (const q of [
      { [l.createdStart!]: 'yesterday' },
      { [l.createdEnd!]: '2026-02-30T99:00:00Z' },
      { [l.createdStart!]: '2026-03-02', [l.createdEnd!]: '2026-03-01' },
      { [l.createdStart!]: '2026-03-01T10:00:00Z', [l.createdEnd!]: '2026-03-01T09:59:59Z' },
      { modifiedOnStart: 'not-a-date' },
      { modifiedOnEnd: '13/01/2026' },
      { modifiedOnStart: '2026-03-02', modifiedOnEnd: '2026-03-01' },
    ]) {
      const r = await ctx.api.get(l.path, { query: q });
      try {
        expectProblem(r, 400);
      } catch (e) {
        throw new Error(`${JSON.stringify(q)}: ${(e as Error).message}`, { cause: e });
      }
    }
  });

  it.each(NOTATIONS)('$name: a single day as start and end works (start equals end is not "after")', async (l) => {
    const r = await ctx.api.get(l.path, { query: { [l.createdStart!]: '2026-03-01', [l.createdEnd!]: '2026-03-01' } });
    expect(r.status).toBe(200);
  });
});

describe('modifiedOn filters (decisions §4)', () => {
  it.each(LISTS.filter((l) => l.modified))('$name: modifiedOn ≥ createdOn, so the filters bound createdOn', async (l) => {
    const all = firstK[l.name]!;
    const pivot = all[400];
    const end = await ctx.api.ok(l.path, { modifiedOnEnd: pivot.createdOn, pageSize: 1000 });
    for (const x of end.values) expect(Date.parse(x.createdOn)).toBeLessThanOrEqual(Date.parse(pivot.createdOn));
    const start = await ctx.api.ok(l.path, { modifiedOnStart: pivot.createdOn, pageSize: 1000 });
    const ids = new Set(start.values.map((x: J) => x.id));
    for (const x of all.slice(0, 400)) expect(ids.has(x.id)).toBe(true);
    expectNewestFirst(start.values);
  });
});

describe('identifiers (decisions §4)', () => {
  it.each(NOTATIONS)('$name: comma-separated, blanks dropped, filters by student', async (l) => {
    const all = firstK[l.name]!;
    const a = personIdOf(all[0].student.href);
    const b = personIdOf(all.find((x) => personIdOf(x.student.href) !== a).student.href);
    const one = await ctx.api.ok(l.path, { identifiers: a, pageSize: 1000 });
    const two = await ctx.api.ok(l.path, { identifiers: `,${a},,${b},`, pageSize: 1000 });
    for (const x of one.values) expect(personIdOf(x.student.href)).toBe(a);
    for (const x of two.values) expect([a, b]).toContain(personIdOf(x.student.href));
    const onlyB = await ctx.api.ok(l.path, { identifiers: b, pageSize: 1 });
    expect(two.totalValues).toBe(one.totalValues + onlyB.totalValues);
    const unknown = await ctx.api.ok(l.path, { identifiers: 'NOBODY-1,NOBODY-2' });
    expect(unknown.totalValues).toBe(0);
    expect(unknown.values).toEqual([]);
    expect(pageOf(unknown.links.last.href)).toBe(1);
    expect(unknown.links.next).toBeUndefined();
    expect(unknown.links.previous).toBeUndefined();
    const mixed = await ctx.api.ok(l.path, { identifiers: `${a},NOBODY-1`, pageSize: 1 });
    expect(mixed.totalValues).toBe(one.totalValues);
  });

  it('identifiers matches the student, not the creator', async () => {
    const all = firstK['E1']!;
    const u = all.find((x) => x.createdBy.href !== x.student.href)!;
    const creator = personIdOf(u.createdBy.href);
    const env = await ctx.api.ok('/notations/updates/', { identifiers: creator, pageSize: 1000 });
    for (const x of env.values) expect(personIdOf(x.student.href)).toBe(creator);
  });
});

describe('more date edge cases (decisions §4)', () => {
  it.each(NOTATIONS)('$name: impossible calendar dates → 400', async (l) => {
    for (const v of ['2026-02-30', '2026-02-29', '2025-04-31', '2026-02-30T10:00:00Z', '2026-3-1', '2026-03-01T25:00:00Z', '20260301']) {
      const r = await ctx.api.get(l.path, { query: { [l.createdStart!]: v } });
      try {
        expectProblem(r, 400);
      } catch (e) {
        throw new Error(`${l.createdStart}=${v}: ${(e as Error).message}`, { cause: e });
      }
    }
  });

  it.each(NOTATIONS)('$name: a leap day and sub-millisecond fractions are valid', async (l) => {
    expect((await ctx.api.get(l.path, { query: { [l.createdStart!]: '2024-02-29' } })).status).toBe(200);
    expect((await ctx.api.get(l.path, { query: { [l.createdStart!]: '2026-03-01T08:00:00.123456Z' } })).status).toBe(200);
    expect((await ctx.api.get(l.path, { query: { modifiedOnEnd: '2026-03-01T08:00:00-05:30' } })).status).toBe(200);
  });

  it.each(NOTATIONS)('$name: a date-time without an offset is neither accepted form → 400', async (l) => {
    expectProblem(await ctx.api.get(l.path, { query: { [l.createdStart!]: '2026-03-01T08:00:00' } }), 400);
  });
});

describe('links keep filters on the other lists too (decisions §4: "Every link keeps the request\'s filters")', () => {
  it('people: role and q', async () => {
    const env = await ctx.api.ok('/people/', { role: 'Student', q: 'a', pageSize: 3 });
    expect(env.totalValues).toBeGreaterThan(3);
    for (const link of [env.self, ...Object.values(env.links)] as J[]) {
      const p = paramsOf(link.href);
      expect(p.get('role'), link.href).toBe('Student');
      expect(p.get('q'), link.href).toBe('a');
      expect(p.get('pageSize'), link.href).toBe('3');
    }
    const next = await ctx.api.ok(env.links.next.href);
    for (const p of next.values) expect(p.role).toBe('Student');
  });

  it('E17: personIdentifier', async () => {
    const adms = firstK['E17']!;
    let who = '';
    for (const a of adms) {
      const r = await ctx.api.ok(a.results.href);
      if (r.values.length > 0) {
        who = decodeURIComponent(/\/results\/([^/]+)\/factors$/.exec(new URL(r.values[0].href).pathname)![1]!);
        break;
      }
    }
    const env = await ctx.api.ok('/noncognitives/administrations/', { personIdentifier: who, pageSize: 1 });
    for (const link of [env.self, ...Object.values(env.links)] as J[]) {
      expect(paramsOf(link.href).get('personIdentifier'), link.href).toBe(who);
      expect(paramsOf(link.href).get('pageSize'), link.href).toBe('1');
    }
  });

  it('E17 ignores parameters it does not take', async () => {
    const env = await ctx.api.ok('/noncognitives/administrations/', { identifiers: 'NOBODY', createdOnStart: 'junk', expandx: 'y', pageSize: 1 });
    expect(env.totalValues).toBe(totals['E17']);
  });

  it('E18: expand=factor kept in links', async () => {
    let res: J = { values: [] };
    for (const adm of firstK['E17']!) {
      res = await ctx.api.ok(adm.results.href);
      if (res.values.length > 0) break;
    }
    expect(res.values.length).toBeGreaterThan(0);
    const env = await ctx.api.ok(res.values[0].href, { expand: 'factor' });
    for (const link of [env.self, ...Object.values(env.links)] as J[]) {
      expect(paramsOf(link.href).get('expand'), link.href).toBe('factor');
    }
  });
});

describe('links encode filter values faithfully (decisions §4)', () => {
  it('people q with reserved characters is kept exactly', async () => {
    const q = 'a b&c=d/é+%';
    const env = await ctx.api.ok('/people/', { q, pageSize: 2 });
    for (const link of [env.self, ...Object.values(env.links)] as J[]) expect(paramsOf(link.href).get('q'), link.href).toBe(q);
  });

  it.each(NOTATIONS)('$name: identifiers with reserved characters are kept exactly', async (l) => {
    const identifiers = 'X&Y=Z,é ü,a+b';
    const env = await ctx.api.ok(l.path, { identifiers, pageSize: 2 });
    expect(env.totalValues).toBe(0);
    for (const link of [env.self, ...Object.values(env.links)] as J[]) {
      expect(paramsOf(link.href).get('identifiers'), link.href).toBe(identifiers);
    }
  });

  it('non-paged collections keep expand in their links (E3, E9-list, E18)', async () => {
    const u = firstK['E1']![0];
    const env = await ctx.api.ok(u.comments.href, { expand: 'createdBy' });
    for (const link of [env.self, ...Object.values(env.links)] as J[]) expect(paramsOf(link.href).get('expand'), link.href).toBe('createdBy');
  });
});
