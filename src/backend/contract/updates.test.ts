/**
 * Updates: E1–E4, update comments (E3 + §9 POST comments), expand (decisions §2),
 * writes (decisions §7 E4), modifiedOn (decisions §4).
 */
import { describe, expect, it } from 'vitest';
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

const ctx = useContract({ people: true, categories: true, sample: { path: '/notations/updates/', pageSize: 200 } });
const { S, people, activeCats, inactiveCats, sample, staff, student } = ctx;

const validBody = (over: Record<string, unknown> = {}) =>
  ctx.notationBody({ audienceType: 'All', canStudentView: true, details: 'Met with the student about study habits.', by: 0, about: 3 }, over);

async function updatesTotal(): Promise<number> {
  return (await ctx.api.ok('/notations/updates/', { pageSize: 1 })).totalValues;
}

describe('E1 list updates', () => {
  it('200 envelope of Update, defaults page 1 / pageSize 100, newest first', async () => {
    const env = await ctx.defaultPage('/notations/updates/', S.update, 'E1');
    expect(env.values.length).toBe(Math.min(100, env.totalValues));
    expect(env.totalValues).toBeGreaterThan(100);
    expectNewestFirst(env.values);
    for (const u of env.values) {
      expect(u.self.href).toMatch(new RegExp(`/notations/updates/${u.id}$`));
      expect(u).not.toHaveProperty('modifiedOn');
    }
  });

  it('works without the trailing slash too', async () => {
    const a = await ctx.api.ok('/notations/updates/', { pageSize: 3 });
    const b = await ctx.api.ok('/notations/updates', { pageSize: 3 });
    expect(b.totalValues).toBe(a.totalValues);
    expect(b.values).toEqual(a.values);
  });

  it('student and createdBy links are {base}/people/{identifier}', async () => {
    const ids = new Set(people.all.map((p) => p.identifier));
    for (const u of sample.slice(0, 50)) {
      expect(ids.has(personIdOf(u.student.href))).toBe(true);
      expect(u.student.href).toBe(personHref(ctx.b.baseUrl, personIdOf(u.student.href)));
      expect(ids.has(personIdOf(u.createdBy.href))).toBe(true);
    }
  });

  it('identifiers filters by student', async () => {
    const sid = personIdOf(sample[0].student.href);
    const env = await ctx.api.ok('/notations/updates/', { identifiers: sid, pageSize: 1000 });
    expect(env.totalValues).toBeGreaterThan(0);
    for (const u of env.values) expect(personIdOf(u.student.href)).toBe(sid);
  });
});

describe('E2 update details', () => {
  it('200 one Update equal to the list item', async () => {
    for (const u of sample.slice(0, 5)) {
      const one = await ctx.api.ok(`/notations/updates/${u.id}`);
      expectShape(S.update, one, 'E2');
      expect(one).toEqual(u);
      expect(await ctx.api.ok(u.self.href)).toEqual(u);
    }
  });

  it('unknown id → 404 problem', async () => {
    expectProblem(await ctx.api.get('/notations/updates/999999999'), 404);
  });

  it('non-positive-integer id → 400 (not 404)', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '1e3']) {
      expectProblem(await ctx.api.get(`/notations/updates/${bad}`), 400);
    }
  });
});

describe('expand on E1/E2 (decisions §2)', () => {
  it('expand=student,createdBy replaces nothing: href kept, person fields added', async () => {
    const plain = (await ctx.api.ok('/notations/updates/', { pageSize: 5 })).values;
    const env = await ctx.api.ok('/notations/updates/', { pageSize: 5, expand: 'student,createdBy' });
    expect(env.values.map((u: J) => u.id)).toEqual(plain.map((u: J) => u.id));
    env.values.forEach((u: J, i: number) => {
      expectShape(S.personExpanded, u.student, 'expanded student');
      expectShape(S.personExpanded, u.createdBy, 'expanded createdBy');
      expect(u.student.href).toBe(plain[i].student.href);
      expect(u.createdBy.href).toBe(plain[i].createdBy.href);
      expect(u.student.identifier).toBe(personIdOf(plain[i].student.href));
      expect(u.student.role).toBe('Student');
      // not expanded → bare links
      expect(u.comments).toEqual(plain[i].comments);
      expect(u.categories).toEqual(plain[i].categories);
    });
  });

  it('expand=categories,comments gives { href, totalValues, values } with every item', async () => {
    const env = await ctx.api.ok('/notations/updates/', { pageSize: 20, expand: 'categories,comments' });
    let sawComments = false;
    for (const u of env.values) {
      expectShape(S.expandedCollection(S.comment), u.comments, 'expanded comments');
      expectShape(S.expandedCollection(z_cat()), u.categories, 'expanded categories');
      const comments = await ctx.api.ok(u.comments.href, { pageSize: 1000 });
      expect(u.comments.totalValues).toBe(comments.totalValues);
      expect(u.comments.values).toEqual(comments.values);
      expect(u.comments.values.length).toBe(u.comments.totalValues);
      const cats = await ctx.api.ok(u.categories.href, { pageSize: 1000 });
      expect(u.categories.totalValues).toBe(cats.totalValues);
      expect(u.categories.values).toEqual(cats.values);
      if (u.comments.totalValues > 0) sawComments = true;
      // student not expanded
      expect(Object.keys(u.student)).toEqual(['href']);
    }
    expect(sawComments || env.values.length > 0).toBe(true);
  });

  it('spaces around names are ignored', async () => {
    const a = await ctx.api.ok(`/notations/updates/${sample[0].id}`, { expand: ' student , comments ' });
    expect(a.student.identifier).toBeTypeOf('string');
    expect(a.comments.values).toBeInstanceOf(Array);
  });

  it('E2 accepts all four names at once', async () => {
    const a = await ctx.api.ok(`/notations/updates/${sample[0].id}`, { expand: 'categories,comments,createdBy,student' });
    expectShape(S.personExpanded, a.student);
    expectShape(S.personExpanded, a.createdBy);
    expectShape(S.expandedCollection(S.comment), a.comments);
    expect(a.categories.values).toBeInstanceOf(Array);
    expect(a.self).toEqual(sample[0].self);
  });

  it('unknown or wrongly-cased name → 400 naming the accepted names', async () => {
    for (const bad of ['type', 'Student', 'student,bogus', 'factor']) {
      const r = await ctx.api.get('/notations/updates/', { query: { expand: bad } });
      expectProblemNames(r, 400, 'categories', 'comments', 'createdBy', 'student');
      const r2 = await ctx.api.get(`/notations/updates/${sample[0].id}`, { query: { expand: bad } });
      expectProblemNames(r2, 400, 'categories', 'comments', 'createdBy', 'student');
    }
  });
});

function z_cat() {
  // items of an update's categories: Category (id, name, self); the category admin list adds isActive
  return S.category.or(S.categoryItem);
}

describe('E3 update comments', () => {
  it('200 envelope of Comment, oldest first; expand=createdBy', async () => {
    let found: J;
    for (const u of sample) {
      const env = await ctx.api.ok(`/notations/updates/${u.id}/comments`);
      expectShape(S.envelope(S.comment), env, 'E3');
      if (env.totalValues >= 2) {
        found = { u, env };
        break;
      }
    }
    expect(found, 'an update with 2+ comments in the first 200').toBeDefined();
    const vals: J[] = found.env.values;
    for (let i = 1; i < vals.length; i++) {
      expect(Date.parse(vals[i].createdOn)).toBeGreaterThanOrEqual(Date.parse(vals[i - 1].createdOn));
    }
    for (const c of vals) expect(c.usedToLowerAlert).toBe(false);
    const ex = await ctx.api.ok(`/notations/updates/${found.u.id}/comments`, { expand: 'createdBy' });
    for (const c of ex.values) expectShape(S.personExpanded, c.createdBy);
    // each comment resolves (extension GET /notations/updates/{id}/comments/{commentid})
    const one = await ctx.api.ok(vals[0].self.href);
    expect(one).toEqual(vals[0]);
  });

  it('unknown update → 404; bad id → 400; bad expand → 400', async () => {
    expectProblem(await ctx.api.get('/notations/updates/999999999/comments'), 404);
    expectProblem(await ctx.api.get('/notations/updates/abc/comments'), 400);
    expectProblem(await ctx.api.get(`/notations/updates/${sample[0].id}/comments`, { query: { expand: 'student' } }), 400);
  });

  it('unknown comment id under an update → 404', async () => {
    expectProblem(await ctx.api.get(`/notations/updates/${sample[0].id}/comments/999999999`), 404);
  });
});

describe('E4 create update (decisions §7)', () => {
  it('201 with Location and body { href }; the update reads back as sent', async () => {
    const body = validBody({ categories: [{ id: activeCats[0].id }, { id: activeCats[1].id }], audienceType: 'FullNetwork', canStudentView: false });
    const r = await ctx.api.post('/notations/updates/', body);
    expectStatus(r, 201);
    expectShape(S.link, r.body, 'E4 201 body');
    const loc = r.headers.get('location');
    expect(loc, 'Location header').toBeTruthy();
    expect(new URL(loc!, ctx.b.baseUrl + '/').href).toBe(r.body.href);
    const u = await ctx.api.ok(r.body.href);
    expectShape(S.update, u, 'created update');
    expect(u.self.href).toBe(r.body.href);
    expect(u.audienceType).toBe('FullNetwork');
    expect(u.canStudentView).toBe(false);
    expect(u.details).toBe(body.details);
    expect(u.student.href).toBe(personHref(ctx.b.baseUrl, student(3)));
    expect(u.createdBy.href).toBe(personHref(ctx.b.baseUrl, staff(0)));
    const cats = await ctx.api.ok(u.categories.href);
    expect(sorted(cats.values.map((c: J) => c.id))).toEqual(sorted([activeCats[0].id, activeCats[1].id]));
    for (const c of cats.values) {
      expectShape(z_cat(), c);
      expect(c.name).toBe([activeCats[0], activeCats[1]].find((x) => x.id === c.id).name);
    }
    const comments = await ctx.api.ok(u.comments.href);
    expect(comments.totalValues).toBe(0);
    // visible through E1 for the student and through an inclusive createdOn window
    const list = await ctx.api.ok('/notations/updates/', {
      identifiers: student(3),
      createdOnStart: u.createdOn,
      createdOnEnd: u.createdOn,
    });
    expect(list.values.map((x: J) => x.id)).toContain(u.id);
    // modifiedOn is set at creation
    const byMod = await ctx.api.ok('/notations/updates/', { identifiers: student(3), modifiedOnStart: u.createdOn, modifiedOnEnd: u.createdOn });
    expect(byMod.values.map((x: J) => x.id)).toContain(u.id);
  });

  it('categories is optional (default []) and the path works without trailing slash', async () => {
    const body = validBody();
    delete body.categories;
    const r = await ctx.api.post('/notations/updates', body);
    expectStatus(r, 201);
    const u = await ctx.api.ok(r.body.href);
    const cats = await ctx.api.ok(u.categories.href);
    expect(cats.totalValues).toBe(0);
    expect(cats.values).toEqual([]);
  });

  it('Private audience and a student as creator are accepted', async () => {
    const r = await ctx.api.post('/notations/updates/', validBody({ audienceType: 'Private', createdBy: { identifier: student(5) } }));
    expectStatus(r, 201);
    const u = await ctx.api.ok(r.body.href);
    expect(u.audienceType).toBe('Private');
    expect(u.createdBy.href).toBe(personHref(ctx.b.baseUrl, student(5)));
  });

  it('details limits: 10,000 characters after trimming is fine, 10,001 is not', async () => {
    const ok = await ctx.api.post('/notations/updates/', validBody({ details: 'a'.repeat(10_000) }));
    expectStatus(ok, 201);
    const padded = await ctx.api.post('/notations/updates/', validBody({ details: '   ' + 'b'.repeat(10_000) + '  ' }));
    expectStatus(padded, 201);
    const before = await updatesTotal();
    expectProblemNames(await ctx.api.post('/notations/updates/', validBody({ details: 'c'.repeat(10_001) })), 400, 'details');
    expectProblemNames(await ctx.api.post('/notations/updates/', validBody({ details: '' })), 400, 'details');
    expectProblemNames(await ctx.api.post('/notations/updates/', validBody({ details: '   \n\t ' })), 400, 'details');
    expect(await updatesTotal()).toBe(before);
  });

  it('details limit counts characters (code points), not UTF-16 code units', async () => {
    const emoji = '\u{1F600}'.repeat(10_000); // 10,000 characters, 20,000 UTF-16 code units
    const r = await ctx.api.post('/notations/updates/', validBody({ details: emoji }));
    expectStatus(r, 201);
    expect((await ctx.api.ok(r.body.href)).details).toBe(emoji);
    expectProblem(await ctx.api.post('/notations/updates/', validBody({ details: '\u{1F600}'.repeat(10_001) })), 400);
  });

  it('text round-trips verbatim (plain text, decisions §8)', async () => {
    const tricky = '<script>alert("x")</script> & \'quotes\' \\ \u00e9\u0301 \u202e \u{1F600} \n line2\ttab';
    const r2 = await ctx.api.post('/notations/updates/', validBody({ details: tricky }));
    expectStatus(r2, 201);
    expect((await ctx.api.ok(r2.body.href)).details).toBe(tricky);
  });

  it('accepts a body without Content-Type, and application/json; charset=utf-8', async () => {
    const raw = JSON.stringify(validBody());
    const a = await ctx.api.post('/notations/updates/', undefined, { raw });
    expectStatus(a, 201);
    const b = await ctx.api.post('/notations/updates/', undefined, { raw, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    expectStatus(b, 201);
  });

  it('400 naming the field for every invalid body, and nothing is created', async () => {
    const before = await updatesTotal();
    const staffAsStudent = staff(1);
    const cases: Array<[string, unknown, string]> = [
      ['missing audienceType', omit(validBody(), 'audienceType'), 'audienceType'],
      ['missing canStudentView', omit(validBody(), 'canStudentView'), 'canStudentView'],
      ['missing createdBy', omit(validBody(), 'createdBy'), 'createdBy'],
      ['missing details', omit(validBody(), 'details'), 'details'],
      ['missing student', omit(validBody(), 'student'), 'student'],
      ['createdBy without identifier', validBody({ createdBy: {} }), 'createdBy'],
      ['student without identifier', validBody({ student: {} }), 'student'],
      ['audienceType outside enum', validBody({ audienceType: 'Everyone' }), 'audienceType'],
      ['audienceType wrong case', validBody({ audienceType: 'all' }), 'audienceType'],
      ['audienceType number', validBody({ audienceType: 1 }), 'audienceType'],
      ['canStudentView string', validBody({ canStudentView: 'true' }), 'canStudentView'],
      ['details number', validBody({ details: 42 }), 'details'],
      ['student identifier number', validBody({ student: { identifier: 123 } }), 'student'],
      ['student as string', validBody({ student: student(3) }), 'student'],
      ['student is staff', validBody({ student: { identifier: staffAsStudent } }), 'student'],
      ['student unknown', validBody({ student: { identifier: 'S999999999' } }), 'student'],
      ['creator unknown', validBody({ createdBy: { identifier: 'E99999999' } }), 'createdBy'],
      ['category unknown', validBody({ categories: [{ id: 99999999 }] }), 'categories'],
      ['category inactive', validBody({ categories: [{ id: inactiveCats[0].id }] }), 'categories'],
      ['category twice', validBody({ categories: [{ id: activeCats[0].id }, { id: activeCats[0].id }] }), 'categories'],
      ['category id string', validBody({ categories: [{ id: String(activeCats[0].id) }] }), 'categories'],
      ['categories not an array', validBody({ categories: { id: activeCats[0].id } }), 'categories'],
      ['unknown top-level field', validBody({ priorityLevel: 'high' }), 'priorityLevel'],
      ['unknown field in student', validBody({ student: { identifier: student(3), extraField: 1 } }), 'extraField'],
      ['unknown field in createdBy', validBody({ createdBy: { identifier: staff(0), nickname: 'x' } }), 'nickname'],
      ['unknown field in a category', validBody({ categories: [{ id: activeCats[0].id, label: 'x' }] }), 'label'],
      ['id in body', validBody({ id: 5 }), 'id'],
      ['createdOn in body', validBody({ createdOn: '2026-01-01T00:00:00Z' }), 'createdOn'],
    ];
    for (const [what, body, field] of cases) {
      const r = await ctx.api.post('/notations/updates/', body);
      try {
        expectProblemNames(r, 400, field);
      } catch (e) {
        throw new Error(`${what}: ${(e as Error).message}`, { cause: e });
      }
    }
    for (const raw of ['[]', 'null', '"x"', '42', '{', '{"details": }', '']) {
      const r = await ctx.api.post('/notations/updates/', undefined, { raw, headers: { 'Content-Type': 'application/json' } });
      try {
        expectProblem(r, 400);
      } catch (e) {
        throw new Error(`raw body ${JSON.stringify(raw)}: ${(e as Error).message}`, { cause: e });
      }
    }
    expect(await updatesTotal()).toBe(before);
  });

  it('the 400 for a body field lists it under errors with in: "body" when errors[] is present', async () => {
    const r = await ctx.api.post('/notations/updates/', omit(validBody(), 'details'));
    const p = expectProblem(r, 400);
    if (p.errors) {
      expect(p.errors.some((e: J) => e.in === 'body' && String(e.name).includes('details'))).toBe(true);
    }
  });

  it('new updates appear in E1 newest-first order', async () => {
    const r = await ctx.api.post('/notations/updates/', validBody({ student: { identifier: student(7) } }));
    expectStatus(r, 201);
    const env = await ctx.api.ok('/notations/updates/', { identifiers: student(7), pageSize: 1000 });
    expectNewestFirst(env.values);
    expect(env.values.map((u: J) => u.self.href)).toContain(r.body.href);
  });
});

describe('update comments POST (decisions §9) and modifiedOn (decisions §4)', () => {
  it('an expanded comments collection carries every item, even past 100 (decisions §2)', async () => {
    const u = sample[20];
    const start = (await ctx.api.ok(`/notations/updates/${u.id}/comments`)).totalValues;
    const need = 105 - start;
    for (let i = 0; i < need; i += 15) {
      const batch = Array.from({ length: Math.min(15, need - i) }, (_, k) =>
        ctx.api.post(`/notations/updates/${u.id}/comments`, { createdBy: { identifier: staff(4) }, details: `bulk ${i + k}` }),
      );
      for (const r of await Promise.all(batch)) expectStatus(r, 201);
    }
    const one = await ctx.api.ok(`/notations/updates/${u.id}`, { expand: 'comments' });
    expect(one.comments.totalValues).toBe(105);
    expect(one.comments.values.length).toBe(105);
    const list = await ctx.api.ok('/notations/updates/', { identifiers: personIdOf(u.student.href), expand: 'comments', pageSize: 1000 });
    const same = list.values.find((x: J) => x.id === u.id);
    expect(same.comments.values.length).toBe(105);
    const page = await ctx.api.ok(`/notations/updates/${u.id}/comments`);
    expect(page.totalValues).toBe(105);
    expect(page.values.length).toBe(Math.min(105, page.pageSize));
    const walked: J[] = [...page.values];
    let env = page;
    while (env.links.next) {
      env = await ctx.api.ok(env.links.next.href);
      walked.push(...env.values);
    }
    expect(walked).toEqual(one.comments.values);
    for (let i = 1; i < walked.length; i++) expect(Date.parse(walked[i].createdOn)).toBeGreaterThanOrEqual(Date.parse(walked[i - 1].createdOn));
  });

  it('201 { href }; the comment reads back; listed last (oldest first); usedToLowerAlert false', async () => {
    const u = sample[10];
    const before = await ctx.api.ok(`/notations/updates/${u.id}/comments`);
    const r = await ctx.api.post(`/notations/updates/${u.id}/comments`, { createdBy: { identifier: staff(2) }, details: 'Following up.' });
    expectStatus(r, 201);
    expectShape(S.link, r.body);
    const c = await ctx.api.ok(r.body.href);
    expectShape(S.comment, c);
    expect(c.details).toBe('Following up.');
    expect(c.usedToLowerAlert).toBe(false);
    expect(c.createdBy.href).toBe(personHref(ctx.b.baseUrl, staff(2)));
    expect(c.self.href).toBe(r.body.href);
    const after = await ctx.api.ok(`/notations/updates/${u.id}/comments`);
    expect(after.totalValues).toBe(before.totalValues + 1);
    expect(after.values.at(-1)).toEqual(c);
    const ex = await ctx.api.ok(`/notations/updates/${u.id}`, { expand: 'comments' });
    expect(ex.comments.values.at(-1)).toEqual(c);
    // the update itself is unchanged in its representation
    expect(await ctx.api.ok(`/notations/updates/${u.id}`)).toEqual(u);
  });

  it('usedToLowerAlert: false is fine on an update, true is 400 and adds nothing', async () => {
    const u = sample[11];
    const ok = await ctx.api.post(`/notations/updates/${u.id}/comments`, {
      createdBy: { identifier: staff(2) },
      details: 'fine',
      usedToLowerAlert: false,
    });
    expectStatus(ok, 201);
    const before = (await ctx.api.ok(`/notations/updates/${u.id}/comments`)).totalValues;
    expectProblem(
      await ctx.api.post(`/notations/updates/${u.id}/comments`, { createdBy: { identifier: staff(2) }, details: 'no', usedToLowerAlert: true }),
      400,
    );
    expect((await ctx.api.ok(`/notations/updates/${u.id}/comments`)).totalValues).toBe(before);
  });

  it('invalid comment bodies → 400; unknown update → 404', async () => {
    const u = sample[12];
    const before = (await ctx.api.ok(`/notations/updates/${u.id}/comments`)).totalValues;
    for (const body of [
      { details: 'x' },
      { createdBy: { identifier: staff(2) } },
      { createdBy: { identifier: staff(2) }, details: 'x', extra: true },
      { createdBy: { identifier: 'E99999999' }, details: 'x' },
      { createdBy: { identifier: staff(2) }, details: 7 },
    ]) {
      expectProblem(await ctx.api.post(`/notations/updates/${u.id}/comments`, body), 400);
    }
    expect((await ctx.api.ok(`/notations/updates/${u.id}/comments`)).totalValues).toBe(before);
    expectProblem(await ctx.api.post('/notations/updates/999999999/comments', { createdBy: { identifier: staff(2) }, details: 'x' }), 404);
  });

  it('a comment bumps the update’s modifiedOn, not its createdOn', async () => {
    // oldest update in the sample window: take the last of a big page
    const total = await updatesTotal();
    const old = (await ctx.api.ok('/notations/updates/', { pageSize: 1000, page: Math.ceil(total / 1000) })).values.at(-1);
    const sid = personIdOf(old.student.href);
    const r = await ctx.api.post(`/notations/updates/${old.id}/comments`, { createdBy: { identifier: staff(3) }, details: 'bump' });
    expectStatus(r, 201);
    const c = await ctx.api.ok(r.body.href);
    const t = c.createdOn as string;
    expect(Date.parse(old.createdOn)).toBeLessThan(Date.parse(t) - 86_400_000);
    const from = shiftMs(t, -1000);
    const byModified = await ctx.api.ok('/notations/updates/', { identifiers: sid, modifiedOnStart: from, pageSize: 1000 });
    expect(byModified.values.map((u: J) => u.id)).toContain(old.id);
    const byModifiedEnd = await ctx.api.ok('/notations/updates/', { identifiers: sid, modifiedOnEnd: shiftMs(t, -86_400_000), pageSize: 1000 });
    expect(byModifiedEnd.values.map((u: J) => u.id)).not.toContain(old.id);
    const byCreated = await ctx.api.ok('/notations/updates/', { identifiers: sid, createdOnStart: from, pageSize: 1000 });
    expect(byCreated.values.map((u: J) => u.id)).not.toContain(old.id);
    // representation unchanged: createdOn stays, no modifiedOn field
    const again = await ctx.api.ok(`/notations/updates/${old.id}`);
    expect(again).toEqual(old);
  });
});

function omit(o: Record<string, unknown>, k: string): Record<string, unknown> {
  const c = { ...o };
  delete c[k];
  return c;
}
