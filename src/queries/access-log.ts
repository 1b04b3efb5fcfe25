import { queryOptions } from '@tanstack/react-query';
import { accessLogClient, type AccessLogFilter } from '../api/access-log.ts';

export const accessLogQueries = {
  all: ['access-log'] as const,
  list: (filter: AccessLogFilter) =>
    queryOptions({ queryKey: [...accessLogQueries.all, filter] as const, queryFn: ({ signal }) => accessLogClient.list(filter, signal), staleTime: 10_000 }),
};
