import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type SearchParamsWrite = (update: (previous: URLSearchParams) => URLSearchParams, how?: { push?: boolean }) => void;

/**
 * The URL's search parameters and a writer that stays the same function for the page's life (the
 * router's own setter is new on every URL change), so that the memoised filter bar, counts and grid
 * skip renders nothing of theirs asked for. A write replaces the history entry unless `push`.
 */
export function useSearchParamsWriter(): [URLSearchParams, SearchParamsWrite] {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(setSearchParams);
  useLayoutEffect(() => {
    latest.current = setSearchParams;
  });
  const write = useCallback<SearchParamsWrite>((update, how = {}) => latest.current(update, { replace: !how.push }), []);
  return [searchParams, write];
}
