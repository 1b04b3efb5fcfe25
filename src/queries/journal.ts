import { queryOptions } from '@tanstack/react-query';
import { journalClient, type JournalFilter } from '../api/journal.ts';

export const journalQueries = {
  all: ['journal'] as const,
  list: (filter: JournalFilter) =>
    queryOptions({ queryKey: [...journalQueries.all, filter] as const, queryFn: ({ signal }) => journalClient.list(filter, signal), staleTime: 10_000 }),
};

/** The journal page's address for one target (`category/3`, `trigger/12`, `network/S000001`). */
export function journalHref(target: string): string {
  return `/admin/journal?${new URLSearchParams({ target })}`;
}
