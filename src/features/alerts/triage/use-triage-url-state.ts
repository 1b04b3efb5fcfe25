import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { CATEGORIES_PARAM, hasLegacySpelling } from '../../../lib/url-state.ts';
import type { SearchParamsWrite } from '../../../components/use-search-params-writer.ts';
import { parseTriageFilters, writeTriageFilters, type TriageFilters } from './triage-filters.ts';

/** How long typing pauses before the text filter is written to the URL. */
const TEXT_TO_URL_MS = 300;

export type FilterChange = Partial<TriageFilters> | ((current: TriageFilters) => Partial<TriageFilters>);

/**
 * The queue's view as the URL holds it (triage-filters.ts): the parsed filters and what was
 * ignored, `change` to write filters (replacing the history entry unless `push`), and the text
 * filter, which follows typing at once (`text`, `liveText`) and the URL once typing pauses.
 */
export function useTriageUrlState([searchParams, write]: readonly [URLSearchParams, SearchParamsWrite]) {
  const { filters, notices } = useMemo(() => parseTriageFilters(searchParams), [searchParams]);

  /** Writes filters to the URL: a change, or a function of the URL's filters as they are now. */
  const change = useCallback(
    (next: FilterChange, how: { push?: boolean } = {}) =>
      write((previous) => {
        const current = parseTriageFilters(previous).filters;
        const patch = typeof next === 'function' ? next(current) : next;
        const written = writeTriageFilters(previous, { ...current, ...patch });
        // `raisedBy=me` stands for a creator: choosing another creator, or none, ends it.
        if ('creator' in patch) written.delete('raisedBy');
        return written;
      }, how),
    [write],
  );
  // An older link (`category=3&category=7`) opens, then reads in the one spelling (`categories=3,7`).
  useEffect(() => {
    if (hasLegacySpelling(searchParams, [CATEGORIES_PARAM])) change({});
  }, [searchParams, change]);

  // The text filters the queue as it is typed; the URL follows once typing pauses.
  const [text, setText] = useState(filters.q);
  const written = useRef(filters.q);
  useEffect(() => {
    // Changed from elsewhere: back, a link, "clear filters".
    if (filters.q === written.current) return;
    written.current = filters.q;
    setText(filters.q);
  }, [filters.q]);
  const settledText = useDebouncedValue(text, TEXT_TO_URL_MS);
  useEffect(() => {
    if (settledText === written.current) return;
    written.current = settledText;
    change({ q: settledText });
  }, [settledText, change]);
  // Typing stays responsive: the queue follows when React has a moment.
  const liveText = useDeferredValue(text);

  return { filters, notices, change, text, setText, liveText };
}
