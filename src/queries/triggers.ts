import { mutationOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, Id, PatchTriggerInput } from '../api/client.ts';
import type { Trigger } from '../api/schemas/index.ts';
import { useApi } from './api-context.tsx';
import { isPlainObject, listCovers, type WriteVariables } from './keys.ts';
import { resourceQueriesWithAllPages } from './resource-queries.ts';

/**
 * Notation triggers (E12, E13; the admin extension lists them).
 *
 *     ['triggers']
 *     ['triggers', 'list', paging]
 *     ['triggers', 'detail', id]
 *     ['triggers', 'list', 'all']     every trigger, all pages (the administration page)
 *
 * E13's action creates notations: an alert per listed student when the trigger (as edited)
 * elevates to alert, a data insight otherwise. Those show in `['alerts', 'list', …]` and
 * `['dataInsights', 'list', …]` (shared key shape, see keys.ts).
 */

/** Triggers change by hand, rarely: 5 minutes. */
export const TRIGGER_STALE_TIME = 5 * 60_000;

// `allPages`: every trigger (the admin extension, all pages).
const triggers = resourceQueriesWithAllPages('triggers', (api) => api.triggers, TRIGGER_STALE_TIME);
export const triggerKeys = triggers.keys;
const { all } = triggerKeys;

export const triggerQueries = triggers.queries;

/** What the cache knows of the trigger's `elevateToAlert` (its detail, or a list that holds it). */
function cachedElevateToAlert(client: QueryClient, id: Id): boolean | undefined {
  for (const [, data] of client.getQueriesData({ queryKey: all })) {
    const triggers: unknown[] = isPlainObject(data) ? (Array.isArray(data.values) ? data.values : [data]) : [];
    const trigger = triggers.find((t): t is Trigger => isPlainObject(t) && String(t.id) === String(id));
    if (trigger && typeof trigger.elevateToAlert === 'boolean') return trigger.elevateToAlert;
  }
  return undefined;
}

export type UpdateTriggerVariables = WriteVariables<PatchTriggerInput>;

export const triggerMutations = {
  /**
   * E13: the trigger (detail and lists), and, when students are listed, the notation lists that
   * can show what the action created for them: alerts or data insights as the trigger elevates
   * (both when the cache cannot tell).
   */
  update: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...all, 'update'],
      // What the trigger did before the edit, read while the cache still holds it.
      onMutate: ({ id, body }: UpdateTriggerVariables, { client }) => ({ elevateToAlert: body.elevateToAlert ?? cachedElevateToAlert(client, id) }),
      mutationFn: ({ id, body }: UpdateTriggerVariables) => api.triggers.update(id, body),
      onSuccess: (_void, { id, body }, { elevateToAlert }, { client }) => {
        const students = body.studentIdentifiers ?? [];
        const roots = students.length === 0 ? [] : elevateToAlert === undefined ? ['alerts', 'dataInsights'] : [elevateToAlert ? 'alerts' : 'dataInsights'];
        return Promise.all([
          client.invalidateQueries({ queryKey: triggerKeys.detail(id) }),
          client.invalidateQueries({ queryKey: triggerKeys.lists() }),
          ...roots.map((root) => client.invalidateQueries({ predicate: ({ queryKey }) => listCovers(queryKey, root, students) })),
        ]);
      },
    }),
};

/** The hooks use `api` when given (tests), else the app's client: `useApi()`, which is `browserApi()` unless a provider says otherwise. */
export function useUpdateTrigger(api?: ApiClient) {
  return useMutation(triggerMutations.update(useApi(api)));
}
