import { describe, expect, it } from 'vitest';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { fieldErrors, type ApiError } from './http.ts';
import { MAX_OTHER_ACTIVE_CATEGORIES } from './schemas/index.ts';
import { recordingFetch } from './test-support.ts';

const fetch = recordingFetch();
const { api, backend } = setupTestBackend({ fetch });

const STUDENT = 'S000123';
const STAFF = 'E0042';

/** An alert about STUDENT by STAFF. */
const alertOfStudent = (fields: { audienceType: 'All' | 'FullNetwork'; canStudentView: boolean; details: string }) =>
  api().alerts.create({ ...fields, createdBy: { identifier: STAFF }, student: { identifier: STUDENT } });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as ApiError,
  );
}

async function activeCategoryIds(): Promise<number[]> {
  const all = await api().categories.list({ pageSize: 1000 });
  return all.values.filter((c) => c.isActive).map((c) => c.id);
}

describe('updates', () => {
  it('create (E4) answers a link that follows to the new update; addComment comments on it', async () => {
    const [categoryId] = await activeCategoryIds();
    const created = await api().updates.create({
      audienceType: 'Private',
      canStudentView: false,
      categories: [{ id: categoryId! }],
      createdBy: { identifier: STAFF },
      details: 'Talked about the study plan.',
      student: { identifier: STUDENT },
    });
    expect(fetch.requests.at(-1)).toMatchObject({ method: 'POST' });
    expect(fetch.requests.at(-1)!.url.pathname).toBe('/api/notations/updates/');
    const followed = await api().follow(created.href);
    if (followed.kind !== 'update') throw new Error(`followed to ${followed.kind}`);
    expect(followed.value).toMatchObject({ audienceType: 'Private', details: 'Talked about the study plan.' });
    const full = await api().updates.get(followed.value.id, { expand: ['student', 'createdBy', 'categories'] });
    expect(full.student.identifier).toBe(STUDENT);
    expect(full.createdBy.identifier).toBe(STAFF);
    expect(full.categories.values.map((c) => c.id)).toEqual([categoryId]);

    const comment = await api().updates.addComment(followed.value.id, { createdBy: { identifier: STAFF }, details: 'Follow-up booked.' });
    const target = api().parseHref(comment.href);
    expect(target).toMatchObject({ kind: 'comment', notation: 'update', notationId: followed.value.id });
    const comments = await api().updates.comments(followed.value.id);
    expect(comments.values.map((c) => c.details)).toEqual(['Follow-up booked.']);
  });

  it('create (E4): a refused body is a 400 whose field errors name the fields', async () => {
    const e = await rejection(
      api().updates.create({
        audienceType: 'All',
        canStudentView: true,
        createdBy: { identifier: STAFF },
        details: 'x',
        student: { identifier: STAFF },
      }),
    );
    expect(e).toMatchObject({ kind: 'http', status: 400, operation: 'updates.create' });
    expect(fieldErrors(e, 'body')).toHaveProperty(['student.identifier']);
  });

  it('addComment on an update refuses usedToLowerAlert: true', async () => {
    const page = await api().updates.list({ pageSize: 1 });
    const e = await rejection(api().updates.addComment(page.values[0]!.id, { createdBy: { identifier: STAFF }, details: 'x', usedToLowerAlert: true }));
    expect(e.status).toBe(400);
  });
});

describe('alerts', () => {
  it('create, then addComment with usedToLowerAlert lowers it; a second one is a 409', async () => {
    const created = await alertOfStudent({ audienceType: 'FullNetwork', canStudentView: false, details: 'Missed three classes in a row.' });
    const target = api().parseHref(created.href);
    if (target?.kind !== 'alert') throw new Error('not an alert href');
    expect((await api().alerts.get(target.id)).status).toBe('Open');

    await api().alerts.addComment(target.id, { createdBy: { identifier: STAFF }, details: 'Back in class.', usedToLowerAlert: true });
    const lowered = await api().alerts.get(target.id, { expand: ['comments'] });
    expect(lowered.status).toBe('Lowered');
    expect(lowered.comments.values[0]).toMatchObject({ details: 'Back in class.', usedToLowerAlert: true });

    const e = await rejection(api().alerts.addComment(target.id, { createdBy: { identifier: STAFF }, details: 'Again.', usedToLowerAlert: true }));
    expect(e).toMatchObject({ kind: 'http', status: 409, operation: 'alerts.addComment' });
    expect(e.problem?.detail).toEqual(expect.any(String));
  });

  it('the new alert shows first in the student list (newest first)', async () => {
    const created = await alertOfStudent({ audienceType: 'All', canStudentView: true, details: 'Newest alert.' });
    const page = await api().alerts.list({ identifiers: [STUDENT], pageSize: 1 });
    expect(page.values[0]!.self.href).toBe(created.href);
  });
});

describe('triggers (E13)', () => {
  it('update changes only the fields sent and creates one notation per listed student', async () => {
    const [trigger] = (await api().triggers.list({ pageSize: 1 })).values;
    const before = await api().alerts.list({ identifiers: ['S000200'], pageSize: 1 });
    const insightsBefore = await api().dataInsights.list({ identifiers: ['S000200'], pageSize: 1 });
    await api().triggers.update(trigger!.id, {
      modifiedBy: { identifier: STAFF },
      additionalAdvice: 'Call the student this week.',
      elevateToAlert: true,
      studentIdentifiers: ['S000200'],
    });
    expect(fetch.requests.at(-1)).toMatchObject({ method: 'PATCH' });
    const after = await api().triggers.get(trigger!.id);
    expect(after).toMatchObject({ name: trigger!.name, additionalAdvice: 'Call the student this week.', elevateToAlert: true });
    const alerts = await api().alerts.list({ identifiers: ['S000200'], pageSize: 1 });
    expect(alerts.totalValues).toBe(before.totalValues + 1);
    expect(alerts.values[0]!.details).toContain('Call the student this week.');
    expect((await api().dataInsights.list({ identifiers: ['S000200'], pageSize: 1 })).totalValues).toBe(insightsBefore.totalValues);
  });

  it('an unknown trigger is a 404', async () => {
    await expect(api().triggers.update(999_999, { modifiedBy: { identifier: STAFF } })).rejects.toMatchObject({ kind: 'http', status: 404 });
  });
});

describe('categories (E14)', () => {
  it('edit renames; activation beyond the limit is a 409 that changes nothing', async () => {
    const all = (await api().categories.list({ pageSize: 1000 })).values;
    const first = all[0]!;
    await api().categories.edit(first.id, { isActive: first.isActive, name: `${first.name} (renamed)` });
    expect(await api().categories.get(first.id)).toMatchObject({ name: `${first.name} (renamed)`, isActive: first.isActive });

    // Activate inactive categories until more than MAX_OTHER_ACTIVE_CATEGORIES are active.
    const inactive = all.filter((c) => !c.isActive);
    let refused: ApiError | undefined;
    for (const c of inactive) {
      const activeNow = (await activeCategoryIds()).length;
      if (activeNow > MAX_OTHER_ACTIVE_CATEGORIES) {
        refused = await rejection(api().categories.edit(c.id, { isActive: true, name: 'Should not stick' }));
        expect(await api().categories.get(c.id)).toMatchObject({ name: c.name, isActive: false });
        break;
      }
      await api().categories.edit(c.id, { isActive: true, name: c.name });
    }
    expect(refused).toMatchObject({ kind: 'http', status: 409, operation: 'categories.edit' });
    expect(await activeCategoryIds()).toHaveLength(MAX_OTHER_ACTIVE_CATEGORIES + 1);
  });

  it('an unknown category is a 404; a blank name a 400', async () => {
    await expect(api().categories.edit(999_999, { isActive: false, name: 'x' })).rejects.toMatchObject({ status: 404 });
    const [c] = (await api().categories.list()).values;
    const e = await rejection(api().categories.edit(c!.id, { isActive: c!.isActive, name: '   ' }));
    expect(e.status).toBe(400);
    expect(fieldErrors(e, 'body')).toHaveProperty('name');
  });
});

describe('success network (E15, E16)', () => {
  it('replace overwrites the whole network, in the order sent', async () => {
    await api().people.successNetwork.replace(STUDENT, [{ identifier: 'E0003' }, { identifier: 'E0001' }, { identifier: 'E0002' }]);
    expect(fetch.requests.at(-1)).toMatchObject({ method: 'PUT' });
    const network = await api().people.successNetwork.get(STUDENT);
    expect(network.values.map((l) => api().parseHref(l.href))).toEqual([
      { kind: 'person', identifier: 'E0003' },
      { kind: 'person', identifier: 'E0001' },
      { kind: 'person', identifier: 'E0002' },
    ]);
    await api().people.successNetwork.replace(STUDENT, []);
    expect((await api().people.successNetwork.get(STUDENT)).values).toEqual([]);
  });

  it('an unknown person is a 404; a duplicate identifier a 400 that changes nothing', async () => {
    await expect(api().people.successNetwork.replace('nobody', [])).rejects.toMatchObject({ status: 404 });
    await api().people.successNetwork.replace(STUDENT, [{ identifier: 'E0004' }]);
    const e = await rejection(api().people.successNetwork.replace(STUDENT, [{ identifier: 'E0005' }, { identifier: 'E0005' }]));
    expect(e.status).toBe(400);
    const network = await api().people.successNetwork.get(STUDENT);
    expect(network.values.map((l) => l.href)).toEqual([`${backend().baseUrl}/people/E0004`]);
  });
});
