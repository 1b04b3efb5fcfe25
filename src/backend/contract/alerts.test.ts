/**
 * Alerts: E7, E8, E9, alert detail / comments (§9), POST alerts (§9), lowering via comments (§9),
 * modifiedOn bumped by comments and status changes (decisions §4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectNewestFirst,
  expectProblem,
  expectProblemNames,
  expectShape,
  expectStatus,
  type J,
  personHref,
  personIdOf,
  shiftMs,
  sorted,
  useContract,
} from './helpers.ts';

const ctx = useContract({ people: true, categories: true, sample: { path: '/notations/alerts/', pageSize: 300 } });
const { S, activeCats, inactiveCats, sample, staff, student } = ctx;

const alertBody = (over: Record<string, unknown> = {}) =>
  ctx.notationBody({ audienceType: 'FullNetwork', canStudentView: false, details: 'Missed three classes in a row.', by: 1, about: 11 }, over);

/** POST a comment on alert `id` by staff(by) (§9); `lowers` sets usedToLowerAlert. */
function commentOn(id: number, details: string, { by, lowers }: { by: number; lowers: boolean }) {
  return ctx.api.post(`/notations/alerts/${id}/comments`, { createdBy: { identifier: staff(by) }, details, usedToLowerAlert: lowers });
}

async function createAlert(over: Record<string, unknown> = {}): Promise<J> {
  const r = await ctx.api.post('/notations/alerts/', alertBody(over));
  expectStatus(r, 201);
  return ctx.api.ok(r.body.href);
}

describe('E7 list alerts', () => {
  it('200 envelope of Alert, defaults, newest first; both statuses present in seed', async () => {
    await ctx.expectSampledList(S.alert, 'E7');
  });

  it('page and pageSize are taken as numeric strings (same rules as elsewhere)', async () => {
    const env = await ctx.api.ok('/notations/alerts/', { page: '2', pageSize: '7' });
    expect(env.page).toBe(2);
    expect(env.pageSize).toBe(7);
    expect(env.values.map((a: J) => a.id)).toEqual(sample.slice(7, 14).map((a) => a.id));
    for (const q of [{ page: 'abc' }, { pageSize: 'ten' }, { pageSize: '1001' }, { page: '0' }, { pageSize: '0' }]) {
      expectProblem(await ctx.api.get('/notations/alerts/', { query: q }), 400);
    }
  });

  it('expand=categories,createdBy,comments,student', async () => {
    const env = await ctx.api.ok('/notations/alerts/', { pageSize: 10, expand: 'categories,createdBy,comments,student' });
    env.values.forEach((a: J, i: number) => {
      ctx.expectPeopleExpanded(a, i);
      expectShape(S.expandedCollection(S.comment), a.comments);
      expectShape(S.expandedCollection(S.category), a.categories);
      expect(a.categories.href).toBe(sample[i].categories.href);
      expect(a.categories.values.length).toBe(a.categories.totalValues);
    });
    expectProblemNames(await ctx.api.get('/notations/alerts/', { query: { expand: 'type' } }), 400, 'categories', 'createdBy', 'comments', 'student');
  });

  it('identifiers filter with blanks dropped', async () => {
    const a = personIdOf(sample[0].student.href);
    const b = personIdOf(sample.find((x) => personIdOf(x.student.href) !== a).student.href);
    const env = await ctx.api.ok('/notations/alerts/', { identifiers: `${a},,${b},`, pageSize: 1000 });
    const seen = new Set(env.values.map((x: J) => personIdOf(x.student.href)));
    expect(sorted([...seen])).toEqual(sorted([a, b]));
  });
});

describe('alert detail (§9 GET /notations/alerts/{id})', () => {
  it('equals the list item; unknown → 404', async () => {
    await ctx.expectDetails(sample, '/notations/alerts/999999999');
  });
});

describe('E8 alert categories', () => {
  it('200 envelope of Category (id, name, self)', async () => {
    let nonEmpty = 0;
    for (const a of sample.slice(0, 20)) {
      const env = await ctx.api.ok(`/notations/alerts/${a.id}/categories`);
      expectShape(S.envelope(S.category), env, 'E8');
      expect(env.self.href.startsWith(`${ctx.b.baseUrl}/notations/alerts/${a.id}/categories`)).toBe(true);
      if (env.totalValues > 0) nonEmpty++;
      for (const c of env.values) {
        const full = await ctx.api.ok(c.self.href);
        expect(full.id).toBe(c.id);
        expect(full.name).toBe(c.name);
      }
    }
    expect(nonEmpty).toBeGreaterThan(0);
  });

  it('unknown alert → 404 (string-typed path id that matches nothing)', async () => {
    expectProblem(await ctx.api.get('/notations/alerts/999999999/categories'), 404);
    expectProblem(await ctx.api.get('/notations/alerts/no-such-alert/categories'), 404);
  });
});

describe('E9 alert comment', () => {
  let withComments: J;
  let comments: J[] = [];
  beforeAll(async () => {
    for (const a of sample) {
      const env = await ctx.api.ok(`/notations/alerts/${a.id}/comments`);
      if (env.totalValues >= 2) {
        withComments = a;
        comments = env.values;
        expectShape(S.envelope(S.comment), env, 'alert comments');
        break;
      }
    }
  });

  it('200 one Comment equal to the listed one; expand=createdBy', async () => {
    expect(withComments, 'an alert with 2+ comments').toBeDefined();
    for (const c of comments) {
      const one = await ctx.api.ok(`/notations/alerts/${withComments.id}/comments/${c.id}`);
      expectShape(S.comment, one, 'E9');
      expect(one).toEqual(c);
    }
    const ex = await ctx.api.ok(`/notations/alerts/${withComments.id}/comments/${comments[0].id}`, { expand: 'createdBy' });
    expectShape(S.personExpanded, ex.createdBy);
    expect(ex.createdBy.href).toBe(comments[0].createdBy.href);
    expectProblem(await ctx.api.get(`/notations/alerts/${withComments.id}/comments/${comments[0].id}`, { query: { expand: 'student' } }), 400);
  });

  it('comments are oldest first', () => {
    for (let i = 1; i < comments.length; i++) {
      expect(Date.parse(comments[i].createdOn)).toBeGreaterThanOrEqual(Date.parse(comments[i - 1].createdOn));
    }
  });

  it('404 for an unknown comment, an unknown alert, or a comment of another alert; 400 for bad ids', async () => {
    expectProblem(await ctx.api.get(`/notations/alerts/${withComments.id}/comments/999999999`), 404);
    expectProblem(await ctx.api.get(`/notations/alerts/999999999/comments/${comments[0].id}`), 404);
    const other = sample.find((a) => a.id !== withComments.id)!;
    expectProblem(await ctx.api.get(`/notations/alerts/${other.id}/comments/${comments[0].id}`), 404);
    expectProblem(await ctx.api.get(`/notations/alerts/${withComments.id}/comments/abc`), 400);
    expectProblem(await ctx.api.get(`/notations/alerts/abc/comments/${comments[0].id}`), 400);
    expectProblem(await ctx.api.get(`/notations/alerts/${withComments.id}/comments/0`), 400);
  });
});

describe('POST /notations/alerts/ (§9)', () => {
  it('201 { href } with Location; the alert is Open and reads back as sent', async () => {
    const body = alertBody({ categories: [{ id: activeCats[0].id }, { id: activeCats[2].id }] });
    const r = await ctx.api.post('/notations/alerts/', body);
    expectStatus(r, 201);
    expectShape(S.link, r.body);
    const loc = r.headers.get('location');
    if (loc) expect(new URL(loc, ctx.b.baseUrl + '/').href).toBe(r.body.href);
    const a = await ctx.api.ok(r.body.href);
    expectShape(S.alert, a);
    expect(a.status).toBe('Open');
    expect(a.audienceType).toBe('FullNetwork');
    expect(a.canStudentView).toBe(false);
    expect(a.details).toBe(body.details);
    expect(a.student.href).toBe(personHref(ctx.b.baseUrl, student(11)));
    expect(a.createdBy.href).toBe(personHref(ctx.b.baseUrl, staff(1)));
    const cats = await ctx.api.ok(`/notations/alerts/${a.id}/categories`);
    expect(sorted(cats.values.map((c: J) => c.id))).toEqual(sorted([activeCats[0].id, activeCats[2].id]));
    const listed = await ctx.api.ok('/notations/alerts/', { identifiers: student(11), pageSize: 1000 });
    expect(listed.values.map((x: J) => x.id)).toContain(a.id);
    expectNewestFirst(listed.values);
  });

  it('audienceType Private and other E4 violations → 400, nothing created', async () => {
    const before = (await ctx.api.ok('/notations/alerts/', { pageSize: 1 })).totalValues;
    const bad: Array<[unknown, string]> = [
      [alertBody({ audienceType: 'Private' }), 'audienceType'],
      [alertBody({ details: ' ' }), 'details'],
      [alertBody({ student: { identifier: staff(3) } }), 'student'],
      [alertBody({ createdBy: { identifier: 'E99999999' } }), 'createdBy'],
      [alertBody({ categories: [{ id: inactiveCats[0].id }] }), 'categories'],
      [alertBody({ status: 'Lowered' }), 'status'],
      [alertBody({ canStudentView: null }), 'canStudentView'],
    ];
    for (const [body, field] of bad) {
      const r = await ctx.api.post('/notations/alerts/', body);
      try {
        expectProblem(r, 400);
      } catch (e) {
        throw new Error(`${field}: ${(e as Error).message}`, { cause: e });
      }
    }
    expect((await ctx.api.ok('/notations/alerts/', { pageSize: 1 })).totalValues).toBe(before);
  });
});

describe('POST alerts: details limit as E4 (decisions §7, §9 "body as E4")', () => {
  it('10,000 characters (astral) accepted, 10,001 ASCII refused', async () => {
    const r = await ctx.api.post('/notations/alerts/', alertBody({ details: '\u{1F6A8}'.repeat(10_000) }));
    expectStatus(r, 201);
    expectProblem(await ctx.api.post('/notations/alerts/', alertBody({ details: 'a'.repeat(10_001) })), 400);
  });
});

describe('alert comments and lowering (§9)', () => {
  it('a plain comment on a seed alert bumps its modifiedOn too', async () => {
    const old = sample.at(-1);
    const sid = personIdOf(old.student.href);
    const r = await ctx.api.post(`/notations/alerts/${old.id}/comments`, { createdBy: { identifier: staff(5) }, details: 'plain bump' });
    expectStatus(r, 201);
    const t: string = (await ctx.api.ok(r.body.href)).createdOn;
    const mod = await ctx.api.ok('/notations/alerts/', { identifiers: sid, modifiedOnStart: shiftMs(t, -1000), pageSize: 1000 });
    expect(mod.values.map((x: J) => x.id)).toContain(old.id);
    expect((await ctx.api.ok(old.self.href)).status).toBe(old.status);
  });

  it('a plain comment: 201, usedToLowerAlert false, alert stays Open', async () => {
    const a = await createAlert();
    const r = await ctx.api.post(`/notations/alerts/${a.id}/comments`, { createdBy: { identifier: staff(2) }, details: 'Called home.' });
    expectStatus(r, 201);
    expectShape(S.link, r.body);
    const c = await ctx.api.ok(r.body.href);
    expectShape(S.comment, c);
    expect(await ctx.api.ok(`/notations/alerts/${a.id}/comments/${c.id}`)).toEqual(c);
    expect(c.usedToLowerAlert).toBe(false);
    expect(c.details).toBe('Called home.');
    expect((await ctx.api.ok(a.self.href)).status).toBe('Open');
    const list = await ctx.api.ok(`/notations/alerts/${a.id}/comments`);
    expect(list.values.at(-1)).toEqual(c);
  });

  it('usedToLowerAlert true on an Open alert lowers it; again on the Lowered alert → 409, nothing changes', async () => {
    const a = await createAlert();
    const r = await commentOn(a.id, 'Resolved after meeting.', { by: 2, lowers: true });
    expectStatus(r, 201);
    const c = await ctx.api.ok(r.body.href);
    expect(c.usedToLowerAlert).toBe(true);
    const lowered = await ctx.api.ok(a.self.href);
    expect(lowered.status).toBe('Lowered');
    expect({ ...lowered, status: 'Open' }).toEqual(a);

    const before = await ctx.api.ok(`/notations/alerts/${a.id}/comments`);
    const again = await commentOn(a.id, 'Lower again?', { by: 2, lowers: true });
    expectProblem(again, 409);
    expect(await ctx.api.ok(`/notations/alerts/${a.id}/comments`)).toEqual(before);
    expect((await ctx.api.ok(a.self.href)).status).toBe('Lowered');

    // a normal comment on a Lowered alert is still fine
    const plain = await commentOn(a.id, 'Note after lowering.', { by: 2, lowers: false });
    expectStatus(plain, 201);
    expect((await ctx.api.ok(a.self.href)).status).toBe('Lowered');
  });

  it('lowering a seed alert bumps modifiedOn (not createdOn) and shows in E7 filters', async () => {
    const open = [...sample].reverse().find((a) => a.status === 'Open');
    expect(open, 'an Open alert in the sample').toBeDefined();
    const sid = personIdOf(open.student.href);
    const r = await commentOn(open.id, 'Lowering.', { by: 4, lowers: true });
    expectStatus(r, 201);
    const c = await ctx.api.ok(r.body.href);
    const t: string = c.createdOn;
    expect(Date.parse(open.createdOn)).toBeLessThan(Date.parse(t) - 1000);
    const mod = await ctx.api.ok('/notations/alerts/', { identifiers: sid, modifiedOnStart: shiftMs(t, -1000), pageSize: 1000 });
    const hit = mod.values.find((x: J) => x.id === open.id);
    expect(hit, 'alert found by modifiedOnStart after its comment').toBeDefined();
    expect(hit.status).toBe('Lowered');
    expect(hit.createdOn).toBe(open.createdOn);
    const cre = await ctx.api.ok('/notations/alerts/', { identifiers: sid, createdOnStart: shiftMs(t, -1000), pageSize: 1000 });
    expect(cre.values.map((x: J) => x.id)).not.toContain(open.id);
    const modEnd = await ctx.api.ok('/notations/alerts/', { identifiers: sid, modifiedOnEnd: shiftMs(t, -1000), pageSize: 1000 });
    expect(modEnd.values.map((x: J) => x.id)).not.toContain(open.id);
  });

  it('invalid comment bodies → 400, unknown alert → 404, nothing changes', async () => {
    const a = await createAlert();
    const bodies: unknown[] = [
      { details: 'x' },
      { createdBy: { identifier: staff(2) } },
      { createdBy: { identifier: staff(2) }, details: 'x', usedToLowerAlert: 'yes' },
      { createdBy: { identifier: staff(2) }, details: 'x', usedToLowerAlert: true, extra: 1 },
      { createdBy: { identifier: 'E99999999' }, details: 'x', usedToLowerAlert: true },
    ];
    for (const b of bodies) expectProblem(await ctx.api.post(`/notations/alerts/${a.id}/comments`, b), 400);
    expect((await ctx.api.ok(`/notations/alerts/${a.id}/comments`)).totalValues).toBe(0);
    expect(await ctx.api.ok(a.self.href)).toEqual(a);
    expectProblem(await ctx.api.post('/notations/alerts/999999999/comments', { createdBy: { identifier: staff(2) }, details: 'x' }), 404);
  });
});

describe('lowering under concurrency (§9)', () => {
  it('several concurrent lowering comments on one Open alert: one 201, the others 409, one comment added', async () => {
    const a = await createAlert();
    const rs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ctx.api.post(`/notations/alerts/${a.id}/comments`, { createdBy: { identifier: staff(2) }, details: `lower ${i}`, usedToLowerAlert: true }),
      ),
    );
    expect(rs.filter((r) => r.status === 201).length).toBe(1);
    for (const r of rs.filter((x) => x.status !== 201)) expectProblem(r, 409);
    const comments = await ctx.api.ok(`/notations/alerts/${a.id}/comments`);
    expect(comments.totalValues).toBe(1);
    expect(comments.values[0].usedToLowerAlert).toBe(true);
    expect((await ctx.api.ok(a.self.href)).status).toBe('Lowered');
  });
});
