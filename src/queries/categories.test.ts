import { MutationObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type FetchLike } from '../api/http.ts';
import { createQueryClient } from './query-client.ts';
import { gatedFetch, isInvalidated, seedCache } from '../testing/query-cache.ts';
import { testApi } from '../testing/render-app.tsx';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { CATEGORY_STALE_TIME, categoryMutations, categoryQueries } from './categories.ts';

const { backend, api } = setupTestBackend();

/** Another client of the backend, with its own fetch. */
const client = (fetchFn: FetchLike) => testApi(backend(), fetchFn);

/** Keys that show category names on notations, and some that do not. */
const notationKeys = {
  stale: [
    ['alerts', 'categories', '12'],
    ['updates', 'categories', '7'],
    ['alerts', 'list', { expand: ['categories', 'student'] }],
    ['updates', 'list', { expand: ['categories'], identifiers: ['S000123'] }, 'all'],
    ['alerts', 'detail', '12', { expand: ['categories'] }],
  ],
  fresh: [
    ['alerts', 'list', { expand: ['student'] }],
    ['alerts', 'detail', '12', {}],
    ['dataInsights', 'list', {}],
  ],
} satisfies Record<string, QueryKey[]>;

describe('category reads', () => {
  it('keys go general → specific; list and detail stay fresh for minutes', async () => {
    const queryClient = createQueryClient();
    const list = categoryQueries.list(api(), { pageSize: 1000 });
    expect(list.queryKey).toEqual(['categories', 'list', { pageSize: 1000 }]);
    expect(categoryQueries.detail(api(), 3).queryKey).toEqual(['categories', 'detail', '3']);
    expect(list.staleTime).toBe(CATEGORY_STALE_TIME);
    expect(CATEGORY_STALE_TIME).toBeGreaterThanOrEqual(60_000);

    const page = await queryClient.fetchQuery(list);
    expect(page.values).toHaveLength(30);
    const detail = await queryClient.fetchQuery(categoryQueries.detail(api(), page.values[0]!.id));
    expect(detail).toEqual(page.values[0]);
  });
});

describe('useEditCategory options', () => {
  it('a rename shows at once, then the categories and every notation key showing category names go stale', async () => {
    const queryClient = createQueryClient();
    const list = categoryQueries.list(api(), { pageSize: 1000 });
    const before = await queryClient.fetchQuery(list);
    const target = before.values.find((c) => c.isActive)!;
    const detail = categoryQueries.detail(api(), target.id);
    await queryClient.fetchQuery(detail);
    seedCache(queryClient, ...notationKeys.stale, ...notationKeys.fresh);
    const gate = gatedFetch();

    const done = new MutationObserver(queryClient, categoryMutations.edit(client(gate.fetch))).mutate({
      id: target.id,
      body: { isActive: true, name: 'Attendance (renamed)' },
    });
    await vi.waitFor(() => expect(gate.writes()).toBe(1));
    const during = queryClient.getQueryData(list.queryKey)!;
    expect(during.values.find((c) => c.id === target.id)).toMatchObject({ name: 'Attendance (renamed)', isActive: true });
    expect(during.values.filter((c) => c.id !== target.id)).toEqual(before.values.filter((c) => c.id !== target.id));
    expect(queryClient.getQueryData(detail.queryKey)?.name).toBe('Attendance (renamed)');

    gate.open();
    await done;
    expect(isInvalidated(queryClient, list.queryKey)).toBe(true);
    expect(isInvalidated(queryClient, detail.queryKey)).toBe(true);
    for (const key of notationKeys.stale) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of notationKeys.fresh) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);
    expect((await queryClient.fetchQuery(detail)).name).toBe('Attendance (renamed)');
  });

  it('an activation that keeps the name leaves notation keys alone; a refused one (409, 20-active rule) rolls back', async () => {
    const queryClient = createQueryClient();
    const list = categoryQueries.list(api(), { pageSize: 1000 });
    const start = await queryClient.fetchQuery(list);
    const [first, second] = start.values.filter((c) => !c.isActive);
    seedCache(queryClient, ...notationKeys.stale);

    // 20 active: one more may be activated.
    await new MutationObserver(queryClient, categoryMutations.edit(api())).mutate({ id: first!.id, body: { isActive: true, name: first!.name } });
    for (const key of notationKeys.stale) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);
    const before = await queryClient.fetchQuery(list);
    expect(before.values.find((c) => c.id === first!.id)?.isActive).toBe(true);

    // 21 active now: the next activation is refused and the cache goes back.
    const error = await new MutationObserver(queryClient, categoryMutations.edit(api()))
      .mutate({ id: second!.id, body: { isActive: true, name: `${second!.name} (new)` } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409 });
    expect(queryClient.getQueryData(list.queryKey)).toEqual(before);
    expect(isInvalidated(queryClient, list.queryKey)).toBe(true);
    for (const key of notationKeys.stale) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);
    expect(await api().categories.get(second!.id)).toMatchObject({ isActive: false, name: second!.name });
  });
});
