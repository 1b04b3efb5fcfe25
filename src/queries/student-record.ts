import { queryOptions } from '@tanstack/react-query';
import { studentRecordClient } from '../api/student-record.ts';

export const studentRecordQueries = {
  all: ['student-record'] as const,
  /**
   * One student's record. Each answer is an export the gateway logs, so it is asked for once per
   * visit: not again on focus, nor while it is kept.
   */
  get: (student: string) =>
    queryOptions({
      queryKey: [...studentRecordQueries.all, student] as const,
      queryFn: ({ signal }) => studentRecordClient.get(student, signal),
      staleTime: Infinity,
      gcTime: 60_000,
      refetchOnWindowFocus: false,
    }),
};
