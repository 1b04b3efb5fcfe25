import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type FetchLike } from '../api/http.ts';
import { createQueryClient } from './query-client.ts';
import { testApi } from '../testing/render-app.tsx';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { PEOPLE_STALE_TIME, networkMutations, peopleQueries } from './people.ts';

const { backend, api } = setupTestBackend();

const STUDENT = 'S000123';

/** Another client of the backend, with its own fetch. */
const client = (fetchFn: FetchLike) => testApi(backend(), fetchFn);

describe('people reads', () => {
  it('keys go general → specific; search by role and name; a person; a success network (E15)', async () => {
    const queryClient = createQueryClient();
    const someone = (await api().people.list({ role: 'Advisor', pageSize: 1 })).values[0]!;
    const search = peopleQueries.list(api(), { role: 'Advisor', q: someone.lastName, pageSize: 50 });
    expect(search.queryKey).toEqual(['people', 'list', { role: 'Advisor', q: someone.lastName, pageSize: 50 }]);
    expect(peopleQueries.detail(api(), STUDENT).queryKey).toEqual(['people', 'detail', STUDENT]);
    expect(peopleQueries.successNetwork(api(), STUDENT).queryKey).toEqual(['people', 'successNetwork', STUDENT]);
    expect(search.staleTime).toBe(PEOPLE_STALE_TIME);
    expect(PEOPLE_STALE_TIME).toBeGreaterThanOrEqual(60_000);

    const advisors = await queryClient.fetchQuery(search);
    expect(advisors.values).toContainEqual(someone);
    for (const person of advisors.values) expect(person.role).toBe('Advisor');
    const everyone = await queryClient.fetchQuery(peopleQueries.list(api(), { role: 'Advisor', pageSize: 1000 }));
    expect(advisors.totalValues).toBeLessThan(everyone.totalValues);
    const student = await queryClient.fetchQuery(peopleQueries.detail(api(), STUDENT));
    expect(student).toMatchObject({ identifier: STUDENT, role: 'Student' });

    const network = await queryClient.fetchQuery(peopleQueries.successNetwork(api(), STUDENT));
    expect(network.values.length).toBeGreaterThan(0);
    for (const link of network.values) expect(api().parseHref(link.href)).toMatchObject({ kind: 'person' });
  });
});

describe('useReplaceSuccessNetwork options', () => {
  it('the new network shows at once, as the service links people, then is refetched', async () => {
    const queryClient = createQueryClient();
    const network = peopleQueries.successNetwork(api(), STUDENT);
    const before = await queryClient.fetchQuery(network);
    const members = ['E0001', 'E0002', ...before.values.map((l) => (api().parseHref(l.href) as { identifier: string }).identifier)].map((identifier) => ({
      identifier,
    }));
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const gated: FetchLike = async (input, init) => {
      if (init.method === 'PUT') await opened;
      return globalThis.fetch(input, init);
    };

    const done = new MutationObserver(queryClient, networkMutations.replace(client(gated))).mutate({ identifier: STUDENT, members });
    await vi.waitFor(() => expect(queryClient.getQueryData(network.queryKey)?.totalValues).toBe(members.length));
    const during = queryClient.getQueryData(network.queryKey)!;
    expect(during.values.map((l) => api().parseHref(l.href))).toEqual(members.map((m) => ({ kind: 'person', identifier: m.identifier })));

    open();
    await done;
    expect(queryClient.getQueryState(network.queryKey)?.isInvalidated).toBe(true);
    const after = await queryClient.fetchQuery(network);
    expect(after.values).toEqual(during.values);
    expect(after.totalValues).toBe(members.length);
  });

  it('a refused network (400: the person themself) rolls back and changes nothing', async () => {
    const queryClient = createQueryClient();
    const network = peopleQueries.successNetwork(api(), STUDENT);
    const before = await queryClient.fetchQuery(network);

    const error = await new MutationObserver(queryClient, networkMutations.replace(api()))
      .mutate({ identifier: STUDENT, members: [{ identifier: 'E0003' }, { identifier: STUDENT }] })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400 });
    expect(queryClient.getQueryData(network.queryKey)).toEqual(before);
    expect(queryClient.getQueryState(network.queryKey)?.isInvalidated).toBe(true);
    expect((await api().people.successNetwork.get(STUDENT)).values).toEqual(before.values);
  });

  it('with nothing cached, no placeholder network is made up', async () => {
    const queryClient = createQueryClient();
    await new MutationObserver(queryClient, networkMutations.replace(api())).mutate({ identifier: 'S000124', members: [{ identifier: 'E0004' }] });
    expect(queryClient.getQueryData(peopleQueries.successNetwork(api(), 'S000124').queryKey)).toBeUndefined();
    expect((await api().people.successNetwork.get('S000124')).values.map((l) => l.href)).toEqual([`${backend().baseUrl}/people/E0004`]);
  });
});
