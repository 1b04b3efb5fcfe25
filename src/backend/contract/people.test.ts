/**
 * People (decisions §3, §9) and the success network: E15, E16 (decisions §7).
 */
import { describe, expect, it } from 'vitest';
import { expectProblem, expectProblemNames, expectShape, expectStatus, type J, personHref, personIdOf, type Res, useContract } from './helpers.ts';

const ctx = useContract({ people: true });
const { S, people, staff, student } = ctx;

async function network(id: string): Promise<string[]> {
  const env = await ctx.api.ok(`/people/${encodeURIComponent(id)}/successNetwork`);
  return env.values.map((l: J) => personIdOf(l.href));
}
function putNetwork(id: string, body: unknown): Promise<Res> {
  return ctx.api.put(`/people/${encodeURIComponent(id)}/successNetwork`, body);
}
/** E16 with a network of these people, in this order. */
const putMembers = (id: string, identifiers: readonly string[]) =>
  putNetwork(
    id,
    identifiers.map((identifier) => ({ identifier })),
  );

describe('people (decisions §3, §9)', () => {
  it('GET /people/ lists persons { identifier, firstName, lastName, email, role, self }', async () => {
    const env = await ctx.defaultPage('/people/', S.person, 'people list');
    expectShape(S.envelope(S.person), { ...env, values: people.all, pageSize: 1000 }, 'all people');
    expect(people.all.length).toBe(env.totalValues);
    expect(people.students.length).toBeGreaterThan(100);
    expect(people.staff.length).toBeGreaterThan(10);
    const ids = people.all.map((p) => p.identifier);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of people.all) expect(p.self.href).toBe(personHref(ctx.b.baseUrl, p.identifier));
  });

  it('role filter', async () => {
    const students = await ctx.api.all('/people/', { role: 'Student' });
    expect(students.length).toBe(people.students.length);
    for (const p of students) expect(p.role).toBe('Student');
    for (const role of ['Advisor', 'Faculty', 'Staff', 'Coach']) {
      const env = await ctx.api.ok('/people/', { role, pageSize: 1000 });
      for (const p of env.values) expect(p.role).toBe(role);
    }
    expectProblem(await ctx.api.get('/people/', { query: { role: 'Wizard' } }), 400);
  });

  it('q finds a person by name', async () => {
    const p = people.students[17]!;
    const env = await ctx.api.ok('/people/', { q: p.lastName, pageSize: 1000 });
    expect(env.values.map((x: J) => x.identifier)).toContain(p.identifier);
    expect(env.totalValues).toBeLessThan(people.all.length);
    const none = await ctx.api.ok('/people/', { q: 'zzqqxxnonexistent' });
    expect(none.totalValues).toBe(0);
    expect(none.values).toEqual([]);
  });

  it('paging of people', async () => {
    const p1 = await ctx.api.ok('/people/', { pageSize: 10, page: 1 });
    const p2 = await ctx.api.ok('/people/', { pageSize: 10, page: 2 });
    const p12 = await ctx.api.ok('/people/', { pageSize: 20, page: 1 });
    expect([...p1.values, ...p2.values]).toEqual(p12.values);
    expectProblem(await ctx.api.get('/people/', { query: { pageSize: 1001 } }), 400);
  });

  it('GET /people/{identifier} equals the list item; unknown → 404', async () => {
    for (const p of [people.students[0], people.staff[0]]) expect(await ctx.api.ok(p!.self.href)).toEqual(p);
    expectProblem(await ctx.api.get('/people/NOBODY-123'), 404);
    expectProblem(await ctx.api.get('/people/S999999999'), 404);
  });
});

describe('E15 get success network', () => {
  it('200 envelope whose values are links to people that resolve', async () => {
    let checked = 0;
    for (const s of people.students.slice(0, 30)) {
      const env = await ctx.api.ok(`/people/${s.identifier}/successNetwork`);
      expectShape(S.envelope(S.link), env, 'E15');
      for (const l of env.values) {
        expect(l.href).toBe(personHref(ctx.b.baseUrl, personIdOf(l.href)));
        if (checked < 20) {
          expectShape(S.person, await ctx.api.ok(l.href));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('unknown person → 404', async () => {
    expectProblem(await ctx.api.get('/people/NOBODY-123/successNetwork'), 404);
  });
});

describe('E16 overwrite success network', () => {
  it('replaces the whole network, keeps the order sent; 204 without body', async () => {
    const who = student(60);
    const next = [staff(5), staff(1), student(61), staff(9)];
    const r = await putMembers(who, next);
    expectStatus(r, 204);
    expect(r.text).toBe('');
    expect(await network(who)).toEqual(next);
    const smaller = [staff(9), staff(2)];
    expectStatus(await putMembers(who, smaller), 204);
    expect(await network(who)).toEqual(smaller);
    expectStatus(await putNetwork(who, []), 204);
    const env = await ctx.api.ok(`/people/${who}/successNetwork`);
    expect(env.totalValues).toBe(0);
    expect(env.values).toEqual([]);
  });

  it('a staff member’s network can be edited too', async () => {
    const who = staff(10);
    expectStatus(await putNetwork(who, [{ identifier: staff(11) }]), 204);
    expect(await network(who)).toEqual([staff(11)]);
  });

  it('500 entries is fine; 501 → 400', async () => {
    const who = student(62);
    const pool = people.all.map((p) => p.identifier).filter((x) => x !== who);
    expect(pool.length).toBeGreaterThan(501);
    expectStatus(await putMembers(who, pool.slice(0, 500)), 204);
    const got = await ctx.api.ok(`/people/${who}/successNetwork`, { pageSize: 1000 });
    expect(got.totalValues).toBe(500);
    // whatever the page size, walking the pages gives the 500 in the order sent
    const walked: string[] = [];
    let env = await ctx.api.ok(`/people/${who}/successNetwork`);
    for (let guard = 0; guard < 20; guard++) {
      expect(env.values.length).toBe(Math.min(env.pageSize, env.totalValues - (env.page - 1) * env.pageSize));
      walked.push(...env.values.map((l: J) => personIdOf(l.href)));
      if (!env.links.next) break;
      env = await ctx.api.ok(env.links.next.href);
    }
    expect(walked).toEqual(pool.slice(0, 500));
    const before = await ctx.api.ok(`/people/${who}/successNetwork`, { pageSize: 1000 });
    expectProblem(await putMembers(who, pool.slice(0, 501)), 400);
    expect(await ctx.api.ok(`/people/${who}/successNetwork`, { pageSize: 1000 })).toEqual(before);
  });

  it('bad entries → 400 naming the bad identifiers; the network is unchanged', async () => {
    const who = student(63);
    const start = [staff(3), staff(4)];
    expectStatus(await putMembers(who, start), 204);
    const cases: Array<[unknown, string[]]> = [
      [[{ identifier: staff(6) }, { identifier: 'NOBODY-9' }], ['NOBODY-9']],
      [
        [{ identifier: 'GHOST-1' }, { identifier: 'GHOST-2' }],
        ['GHOST-1', 'GHOST-2'],
      ],
      [[{ identifier: staff(6) }, { identifier: staff(6) }], [staff(6)]],
      [[{ identifier: who }], [who]],
    ];
    for (const [body, names] of cases) expectProblemNames(await putNetwork(who, body), 400, ...names);
    const shapeCases: unknown[] = [{ identifier: staff(6) }, [staff(6)], [{ identifier: 6 }], [{}], [{ identifier: staff(6), role: 'Advisor' }], null, [null]];
    for (const body of shapeCases) expectProblem(await putNetwork(who, body), 400);
    for (const raw of ['[', '', '{"identifier":']) {
      expectProblem(await ctx.api.put(`/people/${who}/successNetwork`, undefined, { raw, headers: { 'Content-Type': 'application/json' } }), 400);
    }
    expectProblem(
      await ctx.api.put(`/people/${who}/successNetwork`, undefined, {
        raw: JSON.stringify([{ identifier: staff(6) }]),
        headers: { 'Content-Type': 'text/plain' },
      }),
      415,
    );
    expect(await network(who)).toEqual(start);
  });

  it('unknown person in the path → 404', async () => {
    expectProblem(await putNetwork('NOBODY-123', [{ identifier: staff(0) }]), 404);
    expectProblem(await putNetwork('NOBODY-123', []), 404);
  });

  it('the replacement is atomic: concurrent readers see the old or the new network, never a mix', async () => {
    const who = student(64);
    const A = people.staff.slice(20, 40).map((p) => p.identifier);
    const B = people.staff.slice(40, 60).map((p) => p.identifier);
    expectStatus(await putMembers(who, A), 204);
    const seen: string[][] = [];
    const writers: Promise<Res>[] = [];
    const readers: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      const target = i % 2 === 0 ? B : A;
      writers.push(putMembers(who, target));
      for (let k = 0; k < 3; k++) readers.push(network(who).then((n) => void seen.push(n)));
    }
    const ws = await Promise.all(writers);
    await Promise.all(readers);
    for (const w of ws) expect(w.status).toBe(204);
    const ja = JSON.stringify(A);
    const jb = JSON.stringify(B);
    for (const n of seen) {
      const j = JSON.stringify(n);
      expect(j === ja || j === jb, `a reader saw a mixed network: ${j}`).toBe(true);
    }
    const final = JSON.stringify(await network(who));
    expect(final === ja || final === jb).toBe(true);
  });
});
