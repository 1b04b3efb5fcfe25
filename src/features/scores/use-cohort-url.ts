import { useCallback, useMemo } from 'react';
import type { Pick } from '../../lib/percentiles.ts';
import { readPick, writePick } from './cohort-url.ts';
import { positiveInt } from './score-format.ts';
import { useStableSearchParams } from './use-stable-search-params.ts';

/**
 * The cohort page's state in the URL: the pick (a factor's band or bar), the validity switch and
 * the comparison, each with a setter of one identity for the page's life.
 */
export function useCohortUrl() {
  const [params, setParams] = useStableSearchParams();
  const includeFlagged = params.get('flagged') === 'include';
  // The pick as one object while its parameters stay the same: a filter or a switch leaves the
  // roster's rows and the histograms alone.
  const factorParam = params.get('factor');
  const bandParam = params.get('band');
  const binParam = params.get('bin');
  const picked = useMemo(() => {
    const only = new URLSearchParams();
    if (factorParam !== null) only.set('factor', factorParam);
    if (bandParam !== null) only.set('band', bandParam);
    if (binParam !== null) only.set('bin', binParam);
    return readPick(only);
  }, [factorParam, bandParam, binParam]);
  const compareId = positiveInt(params.get('compare'));

  const setPick = useCallback(
    (factor: string, pick: Pick) =>
      setParams((current) => {
        const same = readPick(current);
        const again = same && same.factor === factor && JSON.stringify(same.pick) === JSON.stringify(pick);
        return writePick(current, again ? undefined : { factor, pick });
      }),
    [setParams],
  );

  const setIncludeFlagged = useCallback(
    (include: boolean) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (include) next.set('flagged', 'include');
        else next.delete('flagged');
        return next;
      }),
    [setParams],
  );
  const setCompare = useCallback(
    (value: number | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('compare', String(value));
        else next.delete('compare');
        return next;
      }),
    [setParams],
  );
  return { includeFlagged, picked, compareId, setPick, setIncludeFlagged, setCompare };
}
