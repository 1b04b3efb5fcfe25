import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { isNotFound } from '../api/http.ts';
import { listAll, type AllValues } from '../api/paging.ts';
import type { Encouragement } from '../api/schemas/index.ts';
import type { DayRange } from '../lib/dates.ts';
import { encouragementQueries } from './notations.ts';

type Filters = { modifiedOnStart: string; modifiedOnEnd: string };

/**
 * One student's encouragements over a range (issue #14 item 3): the extension
 * `GET /people/{identifier}/encouragements` (decisions §9), a few kilobytes instead of every
 * student's. A service without the extension answers 404: then E10 over the range, shared by
 * every student's page (its own cache entry), filtered here to the student.
 *
 *     ['encouragements', 'ofStudent', identifier, { modifiedOnStart, modifiedOnEnd }]
 */
export const studentEncouragementsKey = (student: string, range: Filters) => ['encouragements', 'ofStudent', student, range] as const;

/** The extension's pages, or E10's range (its own shared cache entry) narrowed to the student. */
function loadStudentEncouragements(api: ApiClient, student: string, filters: Filters) {
  return async ({ signal, client }: { signal: AbortSignal; client: QueryClient }): Promise<AllValues<Encouragement>> => {
    try {
      return await listAll((p, o) => api.people.encouragements(student, p, o), filters, { signal });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const all = await client.fetchQuery(encouragementQueries.range(api, filters));
      // What E10 hid was about every student: not this page's count.
      return { ...all, values: all.values.filter((e) => api.personIdentifier(e.student) === student), hiddenByAudience: undefined };
    }
  };
}

export function studentEncouragementsQuery(api: ApiClient, student: string, range: DayRange) {
  const filters: Filters = { modifiedOnStart: range.from, modifiedOnEnd: range.to };
  // The client (`api`) is not part of the key: one per app, like every other query here.
  return queryOptions({
    queryKey: studentEncouragementsKey(student, filters),
    queryFn: loadStudentEncouragements(api, student, filters),
    // As E10's range was: encouragements change rarely, and a revisit should not ask again.
    staleTime: 5 * 60_000,
  });
}
