import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isPartial, type ListAllProgress } from '../../../api/paging.ts';
import type { DayRange } from '../../../lib/dates.ts';
import { useApi } from '../../../queries/api-context.tsx';
import { prepareRows, type TriageRow } from './triage-rows.ts';
import { triageProgress, triageQueueQuery } from '../../../queries/alert-queue.ts';

export interface TriageQueue {
  /** The alerts of the range, prepared for filtering: the first page, then every one. */
  rows: readonly TriageRow[];
  /** Nothing of the range has arrived yet (first load). */
  isPending: boolean;
  /** Alerts of the range arrived (the counts and "nothing here" may speak); false while loading and after a first load failed. */
  hasData: boolean;
  /** Only the newest pages are in (first load): `rows` is their part of `totalValues`. */
  isPartial: boolean;
  /** How many alerts the range holds (the service's count). */
  totalValues: number;
  /** A load is under way (the first, or a refetch after a write). */
  isFetching: boolean;
  /** How far the load under way has come; undefined before its first page. */
  progress: ListAllProgress | undefined;
  /** Null unless the last load failed. */
  error: unknown;
  retry: () => void;
  /** Alerts the service sent that the dashboard could not read. */
  invalidCount: number;
}

/** The triage queue over `range`: every alert, loaded page by page with progress, prepared once. */
export function useTriageQueue(range: DayRange): TriageQueue {
  const api = useApi();
  const { hash, options } = useMemo(() => triageQueueQuery(api, range, prepareRows), [api, range]);
  const query = useQuery(options);
  const progress = useSyncExternalStore(triageProgress.subscribe, () => triageProgress.get(hash));
  // Rendered in a transition (as useDeferredQuery does): the queue's newest page, then the whole range,
  // each rendered in slices between which the page answers input; at once, each was one task of
  // 50–100 ms here (Lighthouse's slow phone: its total blocking time went from 400–700 ms to 110–190).
  // Only the data waits: whether a load is under way, and how far, shows at once.
  const data = useDeferredValue(query.data);
  const rows = useMemo(() => (data ? prepareRows(data.values) : []), [data]);
  return {
    rows,
    isPending: query.isPending,
    hasData: data !== undefined,
    isPartial: data !== undefined && isPartial(data),
    totalValues: data?.totalValues ?? 0,
    isFetching: query.isFetching,
    progress,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    invalidCount: data?.invalidCount ?? 0,
  };
}
