import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { isNotFound } from '../api/http.ts';
import { listAll, type AllValues } from '../api/paging.ts';
import type { Encouragement } from '../api/schemas/index.ts';
import type { DayRange } from '../lib/days.ts';
import { encouragementQueries } from './notations.ts';

/**
 * One student's encouragements over a range (issue #14 item 3): the extension
 * `GET /people/{identifier}/encouragements` (decisions §9), a few kilobytes instead of every
 * student's. A service without the extension answers 404: then E10 over the range, shared by
 * every student's page (its own cache entry), filtered here to the student.
 *
 *     ['encouragements', 'ofStudent', identifier, { modifiedOnStart, modifiedOnEnd }]
 */
export function studentEncouragementsQuery(api: ApiClient, student: string, range: DayRange) {
  const filters = { modifiedOnStart: range.from, modifiedOnEnd: range.to };
  return queryOptions({
    queryKey: ['encouragements', 'ofStudent', student, filters] as const,
    queryFn: async ({ signal, client }): Promise<AllValues<Encouragement>> => {
      try {
        return await listAll((p, o) => api.people.encouragements(student, p, o), filters, { signal });
      } catch (error) {
        if (!isNotFound(error)) throw error;
        const all = await client.fetchQuery(encouragementQueries.range(api, filters));
        const mine = (e: { student: { href: string } }) => api.personIdentifier(e.student) === student;
        return { ...all, values: all.values.filter(mine) };
      }
    },
  });
}
