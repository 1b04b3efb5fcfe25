import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import type { DayRange } from '../lib/dates.ts';
import { alertKeys } from './alerts.ts';

/** Students named in one E7 request: the query string stays short. */
const STUDENTS_PER_CALL = 50;

/**
 * The comments of the alerts a person raised (#32 item 5): E7 with `expand=comments` for the
 * students of those alerts over the range — a request per fifty students, not one per alert —
 * keyed under the alerts' list keys, so a comment or a lowering written here refreshes it.
 */
export function raisedCommentsQuery(api: ApiClient, students: readonly string[], range: DayRange) {
  const identifiers = [...new Set(students)].sort();
  const filters = { identifiers, createdOnStart: range.from, createdOnEnd: range.to, expand: ['comments'] as const };
  return queryOptions({
    queryKey: [...alertKeys.listAll(filters), 'raised-comments', identifiers, range.from, range.to] as const,
    enabled: identifiers.length > 0,
    queryFn: async ({ signal }) => {
      const byAlert = new Map<number, { createdBy: string; createdOn: string; details: string; usedToLowerAlert: boolean }[]>();
      for (let i = 0; i < identifiers.length; i += STUDENTS_PER_CALL) {
        const page = await api.alerts.listAll(
          { identifiers: identifiers.slice(i, i + STUDENTS_PER_CALL), createdOnStart: range.from, createdOnEnd: range.to, expand: ['comments'] },
          { signal },
        );
        for (const alert of page.values) {
          byAlert.set(
            alert.id,
            alert.comments.values.map((c) => ({
              createdBy: c.createdBy.href.split('/').at(-1) ?? '',
              createdOn: c.createdOn,
              details: c.details,
              usedToLowerAlert: c.usedToLowerAlert,
            })),
          );
        }
      }
      return byAlert;
    },
    staleTime: 60_000,
  });
}
