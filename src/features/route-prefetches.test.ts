import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { peopleKeys } from '../queries/people.ts';
import { scoreKeys } from '../queries/scores.ts';
import { triggerKeys } from '../queries/triggers.ts';
import { prefetch as prefetchTrigger } from './admin-triggers/prefetch-trigger.ts';
import { prefetch as prefetchNetwork } from './networks/prefetch-network.ts';
import { prefetchProfile } from './scores/prefetch-profile.ts';

/** A route's prefetch puts in the cache what the page asks for first, so that the page's own request finds it there. */
const { api } = setupTestBackend();

const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const context = (client: QueryClient, params: Record<string, string>) => ({ queryClient: client, api: api(), params, url: new URL('http://dashboard.test/') });

it("a trigger's pages start the trigger; an id that is none asks nothing", async () => {
  const { values } = await api().triggers.list({ pageSize: 1 });
  const trigger = values[0]!;
  const client = queryClient();
  prefetchTrigger(context(client, { id: String(trigger.id) }));
  await expect.poll(() => client.getQueryData(triggerKeys.detail(String(trigger.id)))).toMatchObject({ id: trigger.id, name: trigger.name });

  const none = queryClient();
  prefetchTrigger(context(none, { id: '1e3' }));
  expect(none.getQueryCache().getAll()).toHaveLength(0);
});

it("a network's editor starts the network, the student's name and, once the network is in, every member's name", async () => {
  const members = (await api().people.successNetwork.get('S000001')).values.map((link) => api().personIdentifier(link)!);
  expect(members.length).toBeGreaterThan(0);
  const client = queryClient();
  prefetchNetwork(context(client, { identifier: 'S000001' }));
  await expect.poll(() => client.getQueryData(peopleKeys.detail('S000001'))).toMatchObject({ identifier: 'S000001' });
  for (const member of members) await expect.poll(() => client.getQueryData(peopleKeys.detail(member))).toMatchObject({ identifier: member });
});

it("a score profile starts the scores of each of the person's administrations, the trend's too", async () => {
  const { values } = await api().noncognitive.administrations.list({ personIdentifier: 'S000001', pageSize: 1000 });
  expect(values.length).toBeGreaterThan(1);
  const client = queryClient();
  prefetchProfile(client, api(), String(values[0]!.id), 'S000001');
  for (const { id } of values) {
    await expect
      .poll(() =>
        client
          .getQueryCache()
          .findAll({ queryKey: scoreKeys.factorScores(id, 'S000001') })
          .some((query) => query.state.status === 'success'),
      )
      .toBe(true);
  }
});
