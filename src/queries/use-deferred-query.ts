import { useDeferredValue } from 'react';
import { useQuery, type DefaultError, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

/**
 * `useQuery` for what a page renders much of (a list, a table): its answers render in a transition.
 * A query's update reaches React through an external store, which React always renders at once and
 * in one piece: a page of rows arriving was a task of 50–80 ms here, four times that on a slow
 * phone, during which a tap or a keystroke waits. Deferred, React first renders the page as it
 * was (cheap), then the new answer in slices of a few milliseconds, between which the browser
 * handles input and paints.
 *
 * Not for a query whose data arrives in many steps (a cohort fed answer by answer): each step
 * restarts the deferred render, and the whole shows later (the cohort's fallback painted in 7.1 s
 * instead of 5.7 s). Two steps are fine: the triage queue (its newest page, then the whole range)
 * defers its data the same way (src/features/alerts/triage/use-triage-queue.ts).
 */
export function useDeferredQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  return useDeferredValue(useQuery(options));
}
