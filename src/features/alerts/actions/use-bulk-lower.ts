import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../queries/api-context.tsx';
import { alertKeys, invalidateLoweredAlerts, markLowered } from '../../../queries/alerts.ts';
import { isLowered, loweredIds, lowerAlerts, type BulkLowerResult } from './bulk-lower.ts';

export interface BulkLowerVariables {
  /** The open alerts to lower, each with its student's identifier (whose timeline goes stale). */
  alerts: readonly { id: number; student: string }[];
  /** Who lowers them (person identifier). */
  createdBy: string;
  /** The one comment, added to every alert: why they are lowered. */
  details: string;
  /** The result of the run before, for a retry: what it lowered is not sent again. */
  previous?: BulkLowerResult | undefined;
  /** After each alert's outcome, with the result so far. */
  onProgress?: (result: BulkLowerResult) => void;
}

/**
 * The bulk lowering as a mutation: the runner (`lowerAlerts`) does the writes; the cache part is
 * here. Each alert shows Lowered in every cached list as soon as its write succeeds (confirmed,
 * not optimistic: nothing to roll back), and once the run ends the lowered alerts' details and
 * comments, every alerts list and the students' timelines go stale, once for the whole run.
 * The mutation resolves with the result (it never rejects for a refused alert: that is an outcome).
 */
export const bulkLowerMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: [...alertKeys.all, 'lowerMany'],
    mutationFn: ({ alerts, createdBy, details, previous, onProgress }: BulkLowerVariables, { client }) =>
      lowerAlerts({
        ids: alerts.map((alert) => alert.id),
        previous,
        lower: (id, signal) => api.alerts.addComment(id, { createdBy: { identifier: createdBy }, details, usedToLowerAlert: true }, { signal }),
        onOutcome: (id, outcome, result) => {
          // A 409 is the truth too: the alert is Lowered.
          if (isLowered(outcome)) markLowered(client, [id]);
          onProgress?.(result);
        },
      }),
    onSuccess: (result: BulkLowerResult, { alerts, previous }, _onMutate, { client }) => {
      // Only what this run lowered: a retry does not refetch for the alerts the first run did.
      const before = new Set(previous ? loweredIds(previous) : []);
      const now = loweredIds(result).filter((id) => !before.has(id));
      if (now.length === 0) return;
      const lowered = new Set(now);
      const students = alerts.filter((alert) => lowered.has(alert.id)).map((alert) => alert.student);
      // Not awaited: the rows show Lowered already, and the result should not wait for a long list's refetch.
      void invalidateLoweredAlerts(client, now, students);
    },
  });

/** The bulk lowering with the app's client (or `api`, in tests). */
export function useBulkLower(api?: ApiClient) {
  return useMutation(bulkLowerMutation(useApi(api)));
}
