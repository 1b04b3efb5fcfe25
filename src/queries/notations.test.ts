import { MutationObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { recordingFetch } from '../api/test-support.ts';
import { createQueryClient } from './query-client.ts';
import { isInvalidated, seedCache } from '../testing/query-cache.ts';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import {
  ENCOURAGEMENT_RANGE_STALE_TIME,
  ENCOURAGEMENT_TYPE_STALE_TIME,
  dataInsightQueries,
  encouragementQueries,
  updateKeys,
  updateMutations,
  updateQueries,
} from './notations.ts';

const fetch = recordingFetch();
const { api } = setupTestBackend({ fetch });

const STUDENT = 'S000123';
const OTHER = 'S000200';
const STAFF = 'E0042';

describe('timeline keys', () => {
  it('go general → specific, one root per notation kind', () => {
    expect(updateQueries.list(api(), { identifiers: [STUDENT], expand: ['comments', 'categories'] }).queryKey).toEqual([
      'updates',
      'list',
      { identifiers: [STUDENT], expand: ['categories', 'comments'] },
    ]);
    expect(updateQueries.listAll(api(), { identifiers: [STUDENT] }).queryKey).toEqual(['updates', 'list', { identifiers: [STUDENT] }, 'all']);
    expect(updateQueries.detail(api(), 7, ['student']).queryKey).toEqual(['updates', 'detail', '7', { expand: ['student'] }]);
    expect(updateQueries.comments(api(), 7).queryKey).toEqual(['updates', 'comments', '7', {}]);
    expect(updateQueries.comment(api(), 7, 2).queryKey).toEqual(['updates', 'comment', '7', '2', {}]);
    expect(updateQueries.categories(api(), 7).queryKey).toEqual(['updates', 'categories', '7']);
    expect(dataInsightQueries.list(api(), { identifiers: [STUDENT] }).queryKey).toEqual(['dataInsights', 'list', { identifiers: [STUDENT] }]);
    expect(dataInsightQueries.detail(api(), 9).queryKey).toEqual(['dataInsights', 'detail', '9', {}]);
    expect(encouragementQueries.range(api(), { modifiedOnStart: '2026-05-01' }).queryKey).toEqual([
      'encouragements',
      'list',
      { modifiedOnStart: '2026-05-01' },
      'all',
    ]);
    expect(encouragementQueries.type(api(), 3).queryKey).toEqual(['encouragements', 'types', 'detail', '3']);
    expect(updateQueries.lists()).toEqual(updateKeys.lists());
  });
});

describe('updates', () => {
  it('create (E4) makes the updates lists for that student stale, then detail, categories, comments and comment read it', async () => {
    const queryClient = createQueryClient();
    const mine = updateQueries.list(api(), { identifiers: [STUDENT], pageSize: 5 });
    await queryClient.fetchQuery(mine);
    const unfiltered = updateQueries.listAll(api(), { createdOnStart: '2026-05-01' }).queryKey;
    const withOthers = updateQueries.list(api(), { identifiers: [OTHER, STUDENT] }).queryKey;
    const others = updateQueries.list(api(), { identifiers: [OTHER] }).queryKey;
    const alerts: QueryKey = ['alerts', 'list', { identifiers: [STUDENT] }];
    const insights = dataInsightQueries.list(api(), { identifiers: [STUDENT] }).queryKey;
    seedCache(queryClient, unfiltered, withOthers, others, alerts, insights);
    const [category] = (await api().categories.list({ pageSize: 1000 })).values.filter((c) => c.isActive);

    await new MutationObserver(queryClient, updateMutations.create(api())).mutate({
      audienceType: 'All',
      canStudentView: true,
      categories: [{ id: category!.id }],
      createdBy: { identifier: STAFF },
      details: 'Planned next term together.',
      student: { identifier: STUDENT },
    });

    for (const key of [mine.queryKey, unfiltered, withOthers]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of [others, alerts, insights]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);

    const page = await queryClient.fetchQuery(mine);
    const created = page.values[0]!;
    expect(created.details).toBe('Planned next term together.');
    const detail = await queryClient.fetchQuery(updateQueries.detail(api(), created.id, ['student', 'categories']));
    expect(detail.student.identifier).toBe(STUDENT);
    expect(detail.categories.values.map((c) => c.id)).toEqual([category!.id]);
    const categories = await queryClient.fetchQuery(updateQueries.categories(api(), created.id));
    expect(categories.values.map((c) => c.name)).toEqual([category!.name]);
  });

  it('addComment: the update, its comments and the lists that show comments go stale; nothing else', async () => {
    const queryClient = createQueryClient();
    const [update] = (await api().updates.list({ identifiers: [OTHER], pageSize: 1 })).values;
    const id = update!.id;
    await queryClient.fetchQuery(updateQueries.comments(api(), id));
    const detail = updateQueries.detail(api(), id, ['comments']).queryKey;
    const categories = updateQueries.categories(api(), id).queryKey;
    const listWithComments = updateQueries.list(api(), { identifiers: [OTHER], expand: ['comments'] }).queryKey;
    const listByModified = updateQueries.listAll(api(), { modifiedOnStart: '2026-05-01' }).queryKey;
    const plainList = updateQueries.list(api(), { identifiers: [OTHER] }).queryKey;
    const alerts: QueryKey = ['alerts', 'list', { expand: ['comments'] }];
    seedCache(queryClient, detail, categories, listWithComments, listByModified, plainList, alerts);

    await new MutationObserver(queryClient, updateMutations.addComment(api())).mutate({
      updateId: id,
      body: { createdBy: { identifier: STAFF }, details: 'Checked in after the exam.' },
    });

    for (const key of [detail, updateQueries.comments(api(), id).queryKey, listWithComments, listByModified]) {
      expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    }
    for (const key of [categories, plainList, alerts]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);

    const comments = await queryClient.fetchQuery(updateQueries.comments(api(), id, ['createdBy']));
    const last = comments.values.at(-1)!;
    expect(last).toMatchObject({ details: 'Checked in after the exam.', createdBy: { identifier: STAFF } });
    const comment = await queryClient.fetchQuery(updateQueries.comment(api(), id, last.id));
    expect(comment).toMatchObject({ id: last.id, usedToLowerAlert: false });
  });
});

describe('data insights', () => {
  it('list (E5) sends its range start as createOnStart; listAll, detail (E6), comments and comment read them', async () => {
    const queryClient = createQueryClient();
    const page = await queryClient.fetchQuery(dataInsightQueries.list(api(), { identifiers: [STUDENT], createdOnStart: '2025-01-01', pageSize: 3 }));
    const sent = fetch.requests.at(-1)!.url.searchParams;
    expect(sent.get('createOnStart')).toBe('2025-01-01');
    expect(sent.has('createdOnStart')).toBe(false);
    const all = await queryClient.fetchQuery(dataInsightQueries.listAll(api(), { identifiers: [STUDENT], createdOnStart: '2025-01-01' }));
    expect(all.values.slice(0, page.values.length)).toEqual(page.values);
    expect(all.values).toHaveLength(page.totalValues);

    const recent = await api().dataInsights.list({ pageSize: 300, expand: ['comments'] });
    const commented = recent.values.find((d) => d.comments.totalValues > 0)!;
    const detail = await queryClient.fetchQuery(dataInsightQueries.detail(api(), commented.id, ['student']));
    expect(detail.id).toBe(commented.id);
    expect(detail.student.role).toBe('Student');
    const comments = await queryClient.fetchQuery(dataInsightQueries.comments(api(), commented.id));
    expect(comments.values).toEqual(commented.comments.values);
    const comment = await queryClient.fetchQuery(dataInsightQueries.comment(api(), commented.id, comments.values[0]!.id, ['createdBy']));
    expect(comment.createdBy.identifier).toMatch(/^E/);
  });
});

describe('encouragements', () => {
  const range = { modifiedOnStart: '2026-05-01', modifiedOnEnd: '2026-05-31' };

  it('one range key for every student: a second student reuses the fetch, select picks each one', async () => {
    const queryClient = createQueryClient();
    const everyone = await api().encouragements.listAll(range, { pageSize: 1000 });
    const students = [...new Set(everyone.values.map((e) => e.student.href))].slice(0, 2).map((href) => href.split('/').at(-1)!);
    expect(students).toHaveLength(2);
    const [first, second] = students.map((student) => encouragementQueries.ofStudent(api(), student, range));
    expect(first!.queryKey).toEqual(second!.queryKey);
    expect(first!.queryKey).toEqual(encouragementQueries.range(api(), range).queryKey);
    expect(first!.staleTime).toBe(ENCOURAGEMENT_RANGE_STALE_TIME);
    expect(ENCOURAGEMENT_RANGE_STALE_TIME).toBeGreaterThanOrEqual(5 * 60_000);

    const sent = fetch.requests.length;
    const data = await queryClient.fetchQuery(first!);
    const afterFirst = fetch.requests.length;
    expect(afterFirst).toBeGreaterThan(sent);
    await queryClient.fetchQuery(second!);
    expect(fetch.requests.length).toBe(afterFirst);

    students.forEach((student, i) => {
      const mine = [first, second][i]!.select!(data);
      const expected = everyone.values.filter((e) => e.student.href.endsWith(`/people/${student}`));
      expect(mine.map((e) => e.id)).toEqual(expected.map((e) => e.id));
      expect(mine.length).toBeGreaterThan(0);
    });
  });

  it('ofStudent also reads an expanded student', async () => {
    const queryClient = createQueryClient();
    const options = encouragementQueries.ofStudent(api(), STUDENT, { ...range, expand: ['student', 'type'] });
    const data = await queryClient.fetchQuery(options);
    const mine = options.select!(data);
    expect(mine.every((e) => e.student.identifier === STUDENT)).toBe(true);
    expect(mine.length).toBe(data.values.filter((e) => e.student.identifier === STUDENT).length);
  });

  it('list (E10) and detail read encouragements; types (E11 and the list) stay fresh for an hour', async () => {
    const queryClient = createQueryClient();
    const page = await queryClient.fetchQuery(encouragementQueries.list(api(), { ...range, pageSize: 2, expand: ['type'] }));
    const first = page.values[0]!;
    const detail = await queryClient.fetchQuery(encouragementQueries.detail(api(), first.id, ['createdBy']));
    expect(detail.createdBy.role).not.toBe('Student');

    const types = encouragementQueries.types(api());
    expect(types.staleTime).toBeGreaterThanOrEqual(60 * 60_000);
    expect(ENCOURAGEMENT_TYPE_STALE_TIME).toBeGreaterThanOrEqual(60 * 60_000);
    const list = await queryClient.fetchQuery(types);
    expect(list.values.map((t) => t.id)).toContain(first.type.id);
    const type = encouragementQueries.type(api(), first.type.id);
    expect(type.staleTime).toBe(ENCOURAGEMENT_TYPE_STALE_TIME);
    expect(await queryClient.fetchQuery(type)).toMatchObject({ id: first.type.id, name: first.type.name, icon: first.type.icon });
    const sent = fetch.requests.length;
    await queryClient.fetchQuery(types);
    await queryClient.fetchQuery(type);
    expect(fetch.requests.length).toBe(sent);
  });
});
