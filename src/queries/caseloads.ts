import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { isNotFound } from '../api/errors.ts';
import { listAll } from '../api/paging.ts';

/**
 * Caseloads (the people whose success network includes a staff member: the caseload extension).
 * Bulk reassignment, the caseloads page's workflow, is src/features/caseloads/bulk-reassign-run.ts.
 *
 *     ['people', 'caseload', identifier]
 */

export const caseloadKeys = {
  all: ['people', 'caseload'] as const,
  of: (staff: string) => ['people', 'caseload', staff] as const,
};

export const caseloadQueries = {
  /** The whole caseload (pages of 1000, a few at once); 404 = unknown person or no extension. */
  of: (api: ApiClient, staff: string) =>
    queryOptions({
      queryKey: caseloadKeys.of(staff),
      queryFn: ({ signal }) => listAll((params, options) => api.people.caseload(staff, params, options), {}, { pageSize: 1000, signal }),
      retry: (count, error) => !isNotFound(error) && count < 2,
    }),
};
