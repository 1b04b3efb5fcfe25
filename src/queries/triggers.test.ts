import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { isInvalidated, seedCache } from '../testing/query-cache.ts';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { TRIGGER_STALE_TIME, triggerMutations, triggerQueries } from './triggers.ts';

const { api } = setupTestBackend();

const STUDENT = 'S000123';
const OTHER = 'S000200';
const STAFF = 'E0042';

/** Notation lists: the student's, everyone's, another student's. */
const lists = (root: string) => ({
  mine: [root, 'list', { identifiers: [STUDENT] }],
  everyone: [root, 'list', { createdOnStart: '2026-05-01' }, 'all'],
  others: [root, 'list', { identifiers: [OTHER] }],
});

describe('trigger reads', () => {
  it('list and detail (E12), fresh for minutes', async () => {
    const queryClient = createQueryClient();
    const list = triggerQueries.list(api());
    expect(list.queryKey).toEqual(['triggers', 'list', {}]);
    expect(triggerQueries.detail(api(), 4).queryKey).toEqual(['triggers', 'detail', '4']);
    expect(list.staleTime).toBe(TRIGGER_STALE_TIME);
    expect(TRIGGER_STALE_TIME).toBeGreaterThanOrEqual(60_000);
    const page = await queryClient.fetchQuery(list);
    expect(page.values).toHaveLength(12);
    expect(await queryClient.fetchQuery(triggerQueries.detail(api(), page.values[1]!.id))).toEqual(page.values[1]);
  });
});

describe('useUpdateTrigger options', () => {
  it('a data-insight trigger run for a student: the trigger and the data insight lists that can show it go stale', async () => {
    const queryClient = createQueryClient();
    const trigger = (await api().triggers.list()).values.find((t) => !t.elevateToAlert)!;
    const detail = triggerQueries.detail(api(), trigger.id);
    const list = triggerQueries.list(api());
    await queryClient.fetchQuery(detail);
    await queryClient.fetchQuery(list);
    const insights = lists('dataInsights');
    const alerts = lists('alerts');
    seedCache(queryClient, insights.everyone, insights.others, alerts.mine, alerts.everyone);
    const before = await queryClient.fetchQuery({ queryKey: insights.mine, queryFn: () => api().dataInsights.listAll({ identifiers: [STUDENT] }) });

    // elevateToAlert is not sent: the cached trigger says what the action creates.
    await new MutationObserver(queryClient, triggerMutations.update(api())).mutate({
      id: trigger.id,
      body: { modifiedBy: { identifier: STAFF }, additionalAdvice: 'Call before Friday.', studentIdentifiers: [STUDENT] },
    });

    for (const key of [detail.queryKey, list.queryKey, insights.mine, insights.everyone])
      expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of [insights.others, alerts.mine, alerts.everyone]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);

    expect((await queryClient.fetchQuery(detail)).additionalAdvice).toBe('Call before Friday.');
    const after = await api().dataInsights.listAll({ identifiers: [STUDENT] });
    expect(after.totalValues).toBe(before.totalValues + 1);
    expect(after.values[0]).toMatchObject({ dataInsightType: 'Api' });
    expect(after.values[0]!.details).toContain(trigger.name);
  });

  it('elevating to alert: the alerts lists go stale, not the data insight ones', async () => {
    const queryClient = createQueryClient();
    const trigger = (await api().triggers.list()).values.find((t) => !t.elevateToAlert)!;
    const insights = lists('dataInsights');
    const alerts = lists('alerts');
    seedCache(queryClient, ...Object.values(insights), ...Object.values(alerts));

    await new MutationObserver(queryClient, triggerMutations.update(api())).mutate({
      id: trigger.id,
      body: { modifiedBy: { identifier: STAFF }, elevateToAlert: true, studentIdentifiers: [STUDENT] },
    });

    for (const key of [alerts.mine, alerts.everyone]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of [alerts.others, ...Object.values(insights)]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(false);
    const [newest] = (await api().alerts.list({ identifiers: [STUDENT], pageSize: 1 })).values;
    expect(newest).toMatchObject({ status: 'Open' });
    expect(newest!.details).toContain(trigger.name);
  });

  it('unknown trigger state: both kinds of lists go stale; no students listed: only the trigger', async () => {
    const queryClient = createQueryClient();
    const insights = lists('dataInsights');
    const alerts = lists('alerts');
    const detail = triggerQueries.detail(api(), 2).queryKey;
    seedCache(queryClient, detail, insights.mine, alerts.mine, alerts.others);

    await new MutationObserver(queryClient, triggerMutations.update(api())).mutate({
      id: 2,
      body: { modifiedBy: { identifier: STAFF }, studentIdentifiers: [STUDENT] },
    });
    for (const key of [detail, insights.mine, alerts.mine]) expect(isInvalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    expect(isInvalidated(queryClient, alerts.others)).toBe(false);

    const second = createQueryClient();
    seedCache(second, detail, triggerQueries.list(api()).queryKey, insights.mine, alerts.mine);
    await new MutationObserver(second, triggerMutations.update(api())).mutate({ id: 2, body: { modifiedBy: { identifier: STAFF }, name: 'Renamed trigger' } });
    expect(isInvalidated(second, detail)).toBe(true);
    expect(isInvalidated(second, triggerQueries.list(api()).queryKey)).toBe(true);
    expect(isInvalidated(second, insights.mine)).toBe(false);
    expect(isInvalidated(second, alerts.mine)).toBe(false);
  });
});
