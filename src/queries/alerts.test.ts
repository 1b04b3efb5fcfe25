import { MutationObserver, type QueryKey } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { ApiError, type FetchLike } from '../api/http.ts';
import type { ListAllProgress } from '../api/paging.ts';
import { envelope, fakeFetch, json, problem, recordingFetch } from '../api/test-support.ts';
import { createQueryClient, shouldRetry } from './query-client.ts';
import { gatedFetch, isInvalidated, seedCache } from '../testing/query-cache.ts';
import { testApi } from '../testing/render-app.tsx';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { alertKeys, alertMutations, alertQueries, findCachedAlert, invalidateLoweredAlerts, markLowered } from './alerts.ts';

const fetch = recordingFetch();
const { backend, api } = setupTestBackend({ fetch });

const STUDENT = 'S000123';
const OTHER = 'S000200';
const STAFF = 'E0042';

/** Another client of the backend, with its own fetch. */
const client = (fetchFn: FetchLike) => testApi(backend(), fetchFn);

beforeAll(async () => {
  openAlerts = { [STUDENT]: await openAlertsOf(STUDENT), [OTHER]: await openAlertsOf(OTHER) };
});

/** A fetch whose writes fail with 503 before reaching the service. */
const failingWrites: FetchLike = (input, init) => (init.method === 'GET' ? globalThis.fetch(input, init) : problem(503, 'The service is unavailable.'));

/** Open alerts of a student at the start, oldest first: each test takes its own. */
let openAlerts: Record<string, number[]>;
async function openAlertsOf(student: string): Promise<number[]> {
  const all = await api().alerts.listAll({ identifiers: [student] });
  return all.values
    .filter((a) => a.status === 'Open')
    .map((a) => a.id)
    .reverse();
}

describe('alert keys', () => {
  it('go general → specific, with normalised filters and string ids', () => {
    const list = alertQueries.list(api(), {
      identifiers: [STUDENT, OTHER, STUDENT],
      expand: ['student', 'categories'],
      createdOnStart: new Date('2026-05-01T00:00:00Z'),
      modifiedOnEnd: undefined,
    });
    expect(list.queryKey).toEqual([
      'alerts',
      'list',
      { identifiers: [STUDENT, OTHER].sort(), expand: ['categories', 'student'], createdOnStart: '2026-05-01T00:00:00.000Z' },
    ]);
    expect(alertQueries.list(api()).queryKey).toEqual(['alerts', 'list', {}]);
    expect(alertQueries.list(api(), { identifiers: [] }).queryKey).toEqual(['alerts', 'list', {}]);
    expect(alertQueries.listAll(api(), { identifiers: [STUDENT] }).queryKey).toEqual(['alerts', 'list', { identifiers: [STUDENT] }, 'all']);
    expect(alertQueries.detail(api(), 12).queryKey).toEqual(['alerts', 'detail', '12', {}]);
    expect(alertQueries.detail(api(), '12', ['student']).queryKey).toEqual(['alerts', 'detail', '12', { expand: ['student'] }]);
    expect(alertQueries.categories(api(), 12).queryKey).toEqual(['alerts', 'categories', '12']);
    expect(alertQueries.comments(api(), 12, ['createdBy']).queryKey).toEqual(['alerts', 'comments', '12', { expand: ['createdBy'] }]);
    expect(alertQueries.comment(api(), 12, 3).queryKey).toEqual(['alerts', 'comment', '12', '3', {}]);
    for (const key of [list.queryKey, alertQueries.listAll(api()).queryKey]) expect(key.slice(0, 2)).toEqual(alertQueries.lists());
    expect(alertQueries.detail(api(), 12, ['student']).queryKey.slice(0, 3)).toEqual(alertKeys.detail(12));
    expect(alertQueries.lists().slice(0, 1)).toEqual(alertQueries.all);
  });
});

describe('alert reads', () => {
  it('list (E7) fetches a page; another spelling of the same filters is served from the cache', async () => {
    const queryClient = createQueryClient();
    const page = await queryClient.fetchQuery(alertQueries.list(api(), { identifiers: [STUDENT], expand: ['student'], pageSize: 5 }));
    expect(page.values.length).toBeGreaterThan(0);
    expect(page.values.every((a) => a.student.identifier === STUDENT)).toBe(true);
    const sent = fetch.requests.length;
    const again = await queryClient.fetchQuery(alertQueries.list(api(), { identifiers: [STUDENT, STUDENT], expand: ['student'], pageSize: 5 }));
    expect(again).toBe(page);
    expect(fetch.requests.length).toBe(sent);
  });

  it('listAll fetches every page of a range with the query signal, reporting progress', async () => {
    const queryClient = createQueryClient();
    const progress: ListAllProgress[] = [];
    const sent = fetch.requests.length;
    const result = await queryClient.fetchQuery(
      alertQueries.listAll(api(), { identifiers: [STUDENT], createdOnStart: '2025-01-01' }, { pageSize: 3, onProgress: (p) => progress.push(p) }),
    );
    expect(result.totalValues).toBeGreaterThan(3);
    expect(result.values).toHaveLength(result.totalValues);
    expect(result.pages).toBe(Math.ceil(result.totalValues / 3));
    expect(fetch.requests.length - sent).toBe(result.pages);
    expect(progress.at(-1)).toEqual({ loaded: result.totalValues, total: result.totalValues });
  });

  it('listAll: cancelling the query aborts the requests in flight', async () => {
    const signals: AbortSignal[] = [];
    const slow: FetchLike = async (input, init) => {
      if (init.signal) signals.push(init.signal);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return globalThis.fetch(input, init);
    };
    const queryClient = createQueryClient();
    const options = alertQueries.listAll(client(slow), { identifiers: [STUDENT] });
    const pending = queryClient.fetchQuery(options);
    await vi.waitFor(() => expect(signals.length).toBeGreaterThan(0));
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await expect(pending).rejects.toThrow();
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('detail, categories (E8), comments and comment (E9) read one alert', async () => {
    const queryClient = createQueryClient();
    const id = openAlerts[OTHER]![0];
    const alert = await queryClient.fetchQuery(alertQueries.detail(api(), id!, ['student', 'categories']));
    expect(alert.student.identifier).toBe(OTHER);
    const categories = await queryClient.fetchQuery(alertQueries.categories(api(), id!));
    expect(categories.values.map((c) => c.name)).toEqual(alert.categories.values.map((c) => c.name));

    await api().alerts.addComment(id!, { createdBy: { identifier: STAFF }, details: 'Left a voicemail.' });
    const comments = await queryClient.fetchQuery(alertQueries.comments(api(), id!, ['createdBy']));
    const last = comments.values.at(-1)!;
    expect(last).toMatchObject({ details: 'Left a voicemail.', createdBy: { identifier: STAFF } });
    const comment = await queryClient.fetchQuery(alertQueries.comment(api(), id!, last.id));
    expect(comment).toMatchObject({ id: last.id, details: 'Left a voicemail.', usedToLowerAlert: false });
  });
});

describe('alert mutations', () => {
  it('addComment: the alert, its comments and the lists that show comments go stale; nothing else', async () => {
    const queryClient = createQueryClient();
    const id = openAlerts[STUDENT]![0];
    const detail = alertQueries.detail(api(), id!).queryKey;
    const detailWithComments = alertQueries.detail(api(), id!, ['comments']).queryKey;
    const comments = alertQueries.comments(api(), id!).queryKey;
    const categories = alertQueries.categories(api(), id!).queryKey;
    const listWithComments = alertQueries.list(api(), { identifiers: [STUDENT], expand: ['comments'] }).queryKey;
    const listByModified = alertQueries.list(api(), { modifiedOnStart: '2026-05-01' }).queryKey;
    const plainList = alertQueries.list(api(), { identifiers: [STUDENT] }).queryKey;
    const timelineUpdates: QueryKey = ['updates', 'list', { identifiers: [STUDENT] }];
    await queryClient.fetchQuery(alertQueries.comments(api(), id!));
    seedCache(queryClient, detail, detailWithComments, categories, listWithComments, listByModified, plainList, timelineUpdates);

    await new MutationObserver(queryClient, alertMutations.addComment(api())).mutate({
      alertId: id!,
      body: { createdBy: { identifier: STAFF }, details: 'Booked a meeting.' },
    });

    for (const key of [detail, detailWithComments, comments, listWithComments, listByModified])
      expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of [categories, plainList, timelineUpdates]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);
    const fresh = await queryClient.fetchQuery(alertQueries.comments(api(), id!));
    expect(fresh.values.at(-1)?.details).toBe('Booked a meeting.');
  });

  it('addComment with usedToLowerAlert: the alert, its comments, every alerts list and the student timeline go stale', async () => {
    const queryClient = createQueryClient();
    const id = openAlerts[STUDENT]![1];
    // The student is found in the cache: the bare detail links to them.
    await queryClient.fetchQuery(alertQueries.detail(api(), id!));
    const detail = alertQueries.detail(api(), id!).queryKey;
    const comments = alertQueries.comments(api(), id!).queryKey;
    const categories = alertQueries.categories(api(), id!).queryKey;
    const stale = [
      alertQueries.list(api()).queryKey,
      alertQueries.list(api(), { identifiers: [OTHER] }).queryKey,
      alertQueries.listAll(api(), { identifiers: [STUDENT] }).queryKey,
      ['updates', 'list', { identifiers: [STUDENT] }],
      ['updates', 'list', { identifiers: [STUDENT] }, 'all'],
      ['dataInsights', 'list', { identifiers: [OTHER, STUDENT] }],
    ] satisfies QueryKey[];
    const fresh = [
      categories,
      ['updates', 'list', { identifiers: [OTHER] }],
      ['updates', 'list', {}],
      ['encouragements', 'list', {}, 'all'],
    ] satisfies QueryKey[];
    seedCache(queryClient, comments, ...stale, ...fresh);

    await new MutationObserver(queryClient, alertMutations.addComment(api())).mutate({
      alertId: id!,
      body: { createdBy: { identifier: STAFF }, details: 'Resolved with the student.', usedToLowerAlert: true },
    });

    for (const key of [detail, comments, ...stale]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of fresh) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);
    expect((await queryClient.fetchQuery(alertQueries.detail(api(), id!))).status).toBe('Lowered');
  });

  it('lower: optimistic Lowered in cached lists and details while in flight, then refetched', async () => {
    const queryClient = createQueryClient();
    const id = openAlerts[STUDENT]![2];
    const gate = gatedFetch();
    const gatedApi = client(gate.fetch);
    const list = alertQueries.list(api(), { identifiers: [STUDENT], expand: ['student'] });
    const detail = alertQueries.detail(api(), id!);
    const before = await queryClient.fetchQuery(list);
    await queryClient.fetchQuery(detail);
    seedCache(queryClient, ['updates', 'list', { identifiers: [STUDENT] }]);

    const done = new MutationObserver(queryClient, alertMutations.lower(gatedApi)).mutate({ alertId: id!, createdBy: STAFF, details: 'Plan agreed.' });
    await vi.waitFor(() => expect(gate.writes()).toBe(1));
    expect(queryClient.getQueryData(detail.queryKey)?.status).toBe('Lowered');
    const during = queryClient.getQueryData(list.queryKey)!;
    expect(during.values.find((a) => a.id === id)?.status).toBe('Lowered');
    // The others are untouched.
    expect(during.values.filter((a) => a.id !== id)).toEqual(before.values.filter((a) => a.id !== id));

    gate.open();
    await done;
    expect(isInvalidated(queryClient, detail.queryKey)).toBe(true);
    expect(isInvalidated(queryClient, list.queryKey)).toBe(true);
    expect(isInvalidated(queryClient, ['updates', 'list', { identifiers: [STUDENT] }])).toBe(true);
    expect((await queryClient.fetchQuery(detail)).status).toBe('Lowered');
  });

  it('lower: a failed write rolls the cache back and the alert stays open', async () => {
    const queryClient = createQueryClient();
    const id = openAlerts[STUDENT]![3];
    const list = alertQueries.list(api(), { identifiers: [STUDENT] });
    const detail = alertQueries.detail(api(), id!, ['comments']);
    const listBefore = await queryClient.fetchQuery(list);
    const detailBefore = await queryClient.fetchQuery(detail);

    const error = await new MutationObserver(queryClient, alertMutations.lower(client(failingWrites)))
      .mutate({ alertId: id!, createdBy: STAFF, details: 'Plan agreed.' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(queryClient.getQueryData(list.queryKey)).toEqual(listBefore);
    expect(queryClient.getQueryData(detail.queryKey)).toEqual(detailBefore);
    expect(detailBefore.status).toBe('Open');
    expect((await api().alerts.get(id!)).status).toBe('Open');
  });

  it('create: the alerts lists that can show the new alert go stale', async () => {
    const queryClient = createQueryClient();
    const mine = alertQueries.list(api(), { identifiers: [STUDENT], expand: ['student'] });
    await queryClient.fetchQuery(mine);
    const unfiltered = alertQueries.listAll(api(), { createdOnStart: '2026-05-01' }).queryKey;
    const others = alertQueries.list(api(), { identifiers: [OTHER] }).queryKey;
    const updates: QueryKey = ['updates', 'list', { identifiers: [STUDENT] }];
    seedCache(queryClient, unfiltered, others, updates);

    await new MutationObserver(queryClient, alertMutations.create(api())).mutate({
      audienceType: 'FullNetwork',
      canStudentView: false,
      createdBy: { identifier: STAFF },
      details: 'Missed three labs in a row.',
      student: { identifier: STUDENT },
    });

    expect(isInvalidated(queryClient, mine.queryKey)).toBe(true);
    expect(isInvalidated(queryClient, unfiltered)).toBe(true);
    expect(isInvalidated(queryClient, others)).toBe(false);
    expect(isInvalidated(queryClient, updates)).toBe(false);
    const page = await queryClient.fetchQuery(mine);
    expect(page.values[0]).toMatchObject({ details: 'Missed three labs in a row.', status: 'Open' });
  });
});

describe('lowered alerts in the cache (bulk lowering)', () => {
  const alert = (id: number, status: 'Open' | 'Lowered', student = STUDENT) => ({
    id,
    status,
    student: { href: `${backend().baseUrl}/people/${student}`, identifier: student },
  });
  const page = (...values: ReturnType<typeof alert>[]) => ({ values, totalValues: values.length });

  it('markLowered: the alerts show Lowered in every cached list and in their details; the rest keeps its identity', () => {
    const queryClient = createQueryClient();
    const onePage = alertKeys.list({ identifiers: [STUDENT] });
    const whole = alertKeys.listAll({ createdOnStart: '2026-01-01' });
    const untouchedList = alertKeys.list({ identifiers: [OTHER] });
    const detail1 = [...alertKeys.detail(1), {}] as const;
    const detail1Expanded = [...alertKeys.detail(1), { expand: ['student'] }] as const;
    const detail3 = [...alertKeys.detail(3), {}] as const;
    queryClient.setQueryData(onePage, page(alert(1, 'Open'), alert(2, 'Open'), alert(3, 'Open')));
    queryClient.setQueryData(whole, page(alert(2, 'Open'), alert(1, 'Open'), alert(4, 'Lowered')));
    const other = page(alert(7, 'Open', OTHER));
    queryClient.setQueryData(untouchedList, other);
    queryClient.setQueryData(detail1, alert(1, 'Open'));
    queryClient.setQueryData(detail1Expanded, alert(1, 'Open'));
    queryClient.setQueryData(detail3, alert(3, 'Open'));
    const updates: QueryKey = ['updates', 'list', { identifiers: [STUDENT] }];
    queryClient.setQueryData(updates, page(alert(1, 'Open')));
    const before = queryClient.getQueryData<ReturnType<typeof page>>(onePage)!;

    markLowered(queryClient, [1, '2']);

    const status = (key: QueryKey) => queryClient.getQueryData<ReturnType<typeof page>>(key)!.values.map((a) => [a.id, a.status]);
    expect(status(onePage)).toEqual([
      [1, 'Lowered'],
      [2, 'Lowered'],
      [3, 'Open'],
    ]);
    expect(status(whole)).toEqual([
      [2, 'Lowered'],
      [1, 'Lowered'],
      [4, 'Lowered'],
    ]);
    expect(queryClient.getQueryData(untouchedList)).toBe(other);
    expect(queryClient.getQueryData<{ status: string }>(detail1)?.status).toBe('Lowered');
    expect(queryClient.getQueryData<{ status: string }>(detail1Expanded)?.status).toBe('Lowered');
    expect(queryClient.getQueryData<{ status: string }>(detail3)?.status).toBe('Open');
    // Another feature's entries are not alerts.
    expect(status(updates)).toEqual([[1, 'Open']]);
    // The unchanged alert keeps its identity (its row does not render again).
    expect(queryClient.getQueryData<ReturnType<typeof page>>(onePage)!.values[2]).toBe(before.values[2]);
    expect(() => markLowered(queryClient, [])).not.toThrow();
  });

  it("invalidateLoweredAlerts: the alerts' details and comments, every alerts list and their students' timelines go stale; nothing else", async () => {
    const queryClient = createQueryClient();
    const stale = [
      [...alertKeys.detail(1), {}],
      [...alertKeys.detail(2), { expand: ['student'] }],
      [...alertKeys.comments(1), {}],
      [...alertKeys.comments(2), { expand: ['createdBy'] }],
      alertKeys.list({ identifiers: ['S000999'] }),
      alertKeys.listAll({}),
      ['updates', 'list', { identifiers: [STUDENT] }],
      ['dataInsights', 'list', { identifiers: [OTHER] }, 'all'],
    ] satisfies QueryKey[];
    const fresh = [
      [...alertKeys.detail(3), {}],
      [...alertKeys.comments(3), {}],
      alertKeys.categories(1),
      ['updates', 'list', { identifiers: ['S000999'] }],
      ['updates', 'list', {}],
    ] satisfies QueryKey[];
    seedCache(queryClient, ...stale, ...fresh);
    await invalidateLoweredAlerts(queryClient, [1, 2], [STUDENT, OTHER, STUDENT]);
    for (const key of stale) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of fresh) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);
  });

  it('findCachedAlert: the most recently written copy the caller accepts, from any alerts list or detail', () => {
    const queryClient = createQueryClient();
    const withName = (value: unknown): value is { id: number; status: string; name: string } =>
      typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_000);
      queryClient.setQueryData(alertKeys.listAll({}), { values: [{ id: 5, status: 'Open', name: 'old' }] });
      vi.setSystemTime(2_000);
      queryClient.setQueryData([...alertKeys.detail(5), {}], { id: 5, status: 'Lowered' });
      queryClient.setQueryData(alertKeys.list({ identifiers: [STUDENT] }), { values: [{ id: 6, status: 'Open', name: 'other' }] });
      expect(findCachedAlert(queryClient, 5, withName)).toMatchObject({ status: 'Open', name: 'old' });
      vi.setSystemTime(3_000);
      markLowered(queryClient, [5]);
      expect(findCachedAlert(queryClient, '5', withName)).toMatchObject({ status: 'Lowered', name: 'old' });
      expect(findCachedAlert(queryClient, 7, withName)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createQueryClient retry policy', () => {
  const http = (status: number) => new ApiError({ kind: 'http', operation: 'x', status });

  it('shouldRetry: never on 4xx, aborts or unreadable answers; up to 2 retries on 5xx and network errors', () => {
    for (const status of [400, 401, 404, 409]) expect(shouldRetry(0, http(status))).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'aborted', operation: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'invalid-response', operation: 'x' }))).toBe(false);
    for (const error of [http(500), http(503), new ApiError({ kind: 'network', operation: 'x' }), new ApiError({ kind: 'timeout', operation: 'x' })]) {
      expect([0, 1, 2].map((n) => shouldRetry(n, error))).toEqual([true, true, false]);
    }
  });

  async function attempts(respond: () => Response | Promise<Response>): Promise<number> {
    const fake = fakeFetch(respond);
    const queryClient = createQueryClient();
    const options = alertQueries.detail(createApiClient({ baseUrl: 'http://test/api', fetch: fake }), 1);
    await expect(queryClient.fetchQuery({ ...options, retryDelay: 0 })).rejects.toBeInstanceOf(ApiError);
    return fake.requests.length;
  }

  it('a query is tried 3 times on 5xx and network errors, once on 4xx', async () => {
    expect(await attempts(() => problem(503, 'down'))).toBe(3);
    expect(await attempts(() => problem(500, 'fault'))).toBe(3);
    expect(await attempts(() => Promise.reject(new TypeError('fetch failed')))).toBe(3);
    expect(await attempts(() => problem(404, 'no such alert'))).toBe(1);
    expect(await attempts(() => problem(400, 'bad id'))).toBe(1);
  });

  it('a retried 5xx that then succeeds resolves', async () => {
    let n = 0;
    const fake = fakeFetch(() => (++n < 3 ? problem(502, 'bad gateway') : json(envelope([]))));
    const queryClient = createQueryClient();
    const options = alertQueries.categories(createApiClient({ baseUrl: 'http://test/api', fetch: fake }), 1);
    await expect(queryClient.fetchQuery({ ...options, retryDelay: 0 })).resolves.toMatchObject({ values: [], totalValues: 0 });
    expect(fake.requests).toHaveLength(3);
  });

  it('a failed background refetch of data on screen is reported once', async () => {
    const onBackgroundError = vi.fn();
    const queryClient = createQueryClient({ onBackgroundError });
    const options = alertQueries.detail(createApiClient({ baseUrl: 'http://test/api', fetch: fakeFetch(() => problem(404, 'gone')) }), 1);
    await expect(queryClient.fetchQuery(options)).rejects.toBeInstanceOf(ApiError);
    expect(onBackgroundError).not.toHaveBeenCalled();
    queryClient.setQueryData<unknown>(options.queryKey, { id: 1 });
    await expect(queryClient.fetchQuery({ ...options, staleTime: 0 })).rejects.toBeInstanceOf(ApiError);
    expect(onBackgroundError).toHaveBeenCalledTimes(1);
  });
});
