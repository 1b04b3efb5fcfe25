import { MutationObserver, type QueryKey } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import type { ApiClient } from '../../../api/client.ts';
import { createQueryClient } from '../../../queries/query-client.ts';
import { alertKeys } from '../../../queries/alerts.ts';
import { isInvalidated, seedCache } from '../../../testing/query-cache.ts';
import { setupTestBackend } from '../../../testing/setup-test-backend.ts';
import { progressOf, type BulkLowerResult } from './bulk-lower.ts';
import { bulkLowerMutation, type BulkLowerVariables } from './use-bulk-lower.ts';

const { api } = setupTestBackend();

test('bulkLowerMutation: each alert shows Lowered in the cache as its write succeeds; at the end what this run lowered goes stale, once', async () => {
  const [a, b] = ['S000020', 'S000021'];
  const open = async (student: string) => (await api().alerts.listAll({ identifiers: [student] })).values.find((alert) => alert.status === 'Open')!;
  const [alertA, alertB] = [await open(a), await open(b)];
  const client = createQueryClient();
  const listKey = alertKeys.list({ identifiers: [a, b] });
  client.setQueryData(listKey, { values: [alertA, alertB] });
  const unrelated: QueryKey = ['updates', 'list', { identifiers: ['S000022'] }];
  seedCache(client, [...alertKeys.detail(alertA.id), {}], ['updates', 'list', { identifiers: [a] }], ['dataInsights', 'list', { identifiers: [b] }], unrelated);

  const fails = new Set([alertB.id]);
  const flaky: ApiClient = {
    ...api(),
    alerts: {
      ...api().alerts,
      addComment: (id, body, options) => (fails.has(Number(id)) ? Promise.reject(new Error('offline')) : api().alerts.addComment(id, body, options)),
    },
  };
  const seen: BulkLowerResult[] = [];
  const variables: BulkLowerVariables = {
    alerts: [
      { id: alertA.id, student: a },
      { id: alertB.id, student: b },
    ],
    createdBy: 'E0003',
    details: 'Reviewed.',
    onProgress: (result) => seen.push(result),
  };
  const first = await new MutationObserver(client, bulkLowerMutation(flaky)).mutate(variables);

  expect(progressOf(first)).toEqual({ total: 2, lowered: 1, failed: 1, pending: 0 });
  expect(seen).toHaveLength(2);
  const statuses = () => client.getQueryData<{ values: { id: number; status: string }[] }>(listKey)!.values.map((alert) => alert.status);
  expect(statuses()).toEqual(['Lowered', 'Open']);
  expect(isInvalidated(client, [...alertKeys.detail(alertA.id), {}])).toBe(true);
  expect(isInvalidated(client, ['updates', 'list', { identifiers: [a] }])).toBe(true);
  // B was not lowered: its student's timeline is as it was.
  expect(isInvalidated(client, ['dataInsights', 'list', { identifiers: [b] }])).toBe(false);
  expect(isInvalidated(client, unrelated)).toBe(false);

  fails.clear();
  seedCache(client, ['updates', 'list', { identifiers: [a] }]);
  const second = await new MutationObserver(client, bulkLowerMutation(flaky)).mutate({ ...variables, previous: first });
  expect(progressOf(second)).toEqual({ total: 2, lowered: 2, failed: 0, pending: 0 });
  expect(isInvalidated(client, ['dataInsights', 'list', { identifiers: [b] }])).toBe(true);
  // A was lowered by the first run: its student's timeline is not refetched again.
  expect(isInvalidated(client, ['updates', 'list', { identifiers: [a] }])).toBe(false);
  expect((await api().alerts.get(alertB.id)).status).toBe('Lowered');
  const lowering = (await api().alerts.comments(alertA.id)).values.filter((comment) => comment.usedToLowerAlert);
  expect(lowering).toHaveLength(1);
});
