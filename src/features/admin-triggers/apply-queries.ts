import { queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import type { Trigger } from '../../api/schemas/index.ts';
import { startOfUtcDaysAgo } from '../../lib/dates.ts';
import { triggerKeys } from '../../queries/triggers.ts';
import { resolveStudents } from './resolve-students.ts';
import { notationsFromTrigger } from './trigger-notations.ts';

/**
 * The apply page's reads, each several requests, as query factories:
 *
 *     ['triggers', 'apply', id, 'recent' | 'created', {…}]   notations of this trigger for some students
 *     ['people', 'resolve', identifiers]                     who pasted identifiers are
 */

export const RECENT_DAYS = 30;

/** The apply flow's multi-request reads, bound to a client (as `notationQueries` binds its resource). */
const applyReads = (api: ApiClient) => ({
  resolveStudents: (identifiers: readonly string[], options: { signal?: AbortSignal }) => resolveStudents(api, identifiers, options),
  notationsFromTrigger: (
    trigger: Trigger,
    students: readonly string[],
    since: number,
    options: { signal?: AbortSignal; kinds?: readonly ('alert' | 'dataInsight')[] },
  ) => notationsFromTrigger(api, trigger, students, since, options),
});

export const triggerApplyQueries = {
  /** Who each identifier is (see `resolveStudents`). */
  resolve: (api: ApiClient, identifiers: readonly string[]) => {
    const reads = applyReads(api);
    return queryOptions({
      queryKey: ['people', 'resolve', [...identifiers]] as const,
      queryFn: ({ signal }) => reads.resolveStudents(identifiers, { signal }),
      staleTime: 5 * 60_000,
    });
  },
  /** Notations with this trigger's text created for these students in the last 30 days (from the start of today, UTC). */
  recent: (api: ApiClient, trigger: Trigger | undefined, students: readonly string[]) => {
    const since = startOfUtcDaysAgo(RECENT_DAYS, Date.now());
    const reads = applyReads(api);
    return queryOptions({
      queryKey: [...triggerKeys.all, 'apply', String(trigger?.id), 'recent', { since, trigger, students: [...students] }] as const,
      queryFn: trigger ? ({ signal }) => reads.notationsFromTrigger(trigger, students, since, { signal }) : skipToken,
      staleTime: 60_000,
    });
  },
  /** What an application created: the trigger's kind of notation, for these students, since it started. */
  created: (api: ApiClient, trigger: Trigger, students: readonly string[], since: number) => {
    const reads = applyReads(api);
    return queryOptions({
      queryKey: [...triggerKeys.all, 'apply', String(trigger.id), 'created', { since, trigger, students: [...students] }] as const,
      queryFn: ({ signal }) => reads.notationsFromTrigger(trigger, students, since, { signal, kinds: [trigger.elevateToAlert ? 'alert' : 'dataInsight'] }),
      staleTime: Infinity,
    });
  },
};
