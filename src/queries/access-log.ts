import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accessLogClient, type AccessLogFilter } from '../api/access-log.ts';

export const accessLogQueries = {
  all: ['access-log'] as const,
  list: (filter: AccessLogFilter) =>
    queryOptions({ queryKey: [...accessLogQueries.all, filter] as const, queryFn: ({ signal }) => accessLogClient.list(filter, signal), staleTime: 10_000 }),
};

/** Ends every session of a person; the log then shows the end. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: string) => accessLogClient.endSessions(person),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessLogQueries.all }),
  });
}
