import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * `useSearchParams` with a setter of one identity for the page's life: React Router's own changes
 * with every change of the parameters, and callbacks made from it re-rendered every memoised
 * factor and control on each pick or filter.
 */
export function useStableSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  const stable = useCallback<SetURLSearchParams>((next, options) => latest.current(next, options), []);
  return [params, stable];
}
