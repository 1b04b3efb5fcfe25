import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import type { ExpandedPerson } from '../api/schemas/index.ts';

export interface StudentWithOpenAlerts {
  student: ExpandedPerson;
  openAlerts: number;
  oldestOpenedOn: string;
}

/** Ranks students by open alerts raised in the range (E7 has no status filter: filter here). */
export function rankByOpenAlerts(alerts: readonly { status: string; createdOn: string; student: ExpandedPerson }[]): StudentWithOpenAlerts[] {
  const byStudent = new Map<string, StudentWithOpenAlerts>();
  for (const alert of alerts) {
    if (alert.status !== 'Open') continue;
    const entry = byStudent.get(alert.student.identifier);
    if (!entry) byStudent.set(alert.student.identifier, { student: alert.student, openAlerts: 1, oldestOpenedOn: alert.createdOn });
    else {
      entry.openAlerts += 1;
      if (alert.createdOn < entry.oldestOpenedOn) entry.oldestOpenedOn = alert.createdOn;
    }
  }
  return [...byStudent.values()].sort((a, b) => b.openAlerts - a.openAlerts || a.oldestOpenedOn.localeCompare(b.oldestOpenedOn));
}

export const studentQueries = {
  all: ['students'] as const,
  /** Name or identifier search (people extension). */
  search: (api: ApiClient, q: string) =>
    queryOptions({
      queryKey: [...studentQueries.all, 'search', q] as const,
      queryFn: ({ signal }) => api.people.list({ role: 'Student', q, pageSize: 20 }, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** Under the alerts list keys, so that lowering or raising an alert refreshes the ranking. */
  mostOpenAlerts: (api: ApiClient, createdOnStart: string) =>
    queryOptions({
      queryKey: ['alerts', 'list', 'open-by-student', { createdOnStart }] as const,
      queryFn: async ({ signal }) => {
        const all = await api.alerts.listAll({ createdOnStart, expand: ['student'] }, { signal });
        return { ranking: rankByOpenAlerts(all.values), invalidCount: all.invalidCount, scanned: all.values.length };
      },
    }),
};
