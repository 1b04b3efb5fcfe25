import { useCallback, useMemo } from 'react';
import { quoteValue } from '../../../lib/dates.ts';
import type { SearchParamsWrite } from '../../../components/use-search-params-writer.ts';

/** The search parameter that names the alert shown in the drawer: `/alerts?alert=123`. */
export const ALERT_PARAM = 'alert';

const ALERT_ID = /^[1-9]\d{0,14}$/;

/** `?alert=` read: the alert's id, or null, and a notice when the value is not an alert id. */
export function readOpenAlert(params: URLSearchParams): { id: number | null; notice: string | null } {
  const raw = params.get(ALERT_PARAM);
  if (raw === null || raw.trim() === '') return { id: null, notice: null };
  if (ALERT_ID.test(raw.trim())) return { id: Number(raw.trim()), notice: null };
  return { id: null, notice: `The alert ${quoteValue(raw)} is not an alert id: no alert is opened.` };
}

/**
 * The alert open in the drawer, as the URL holds it (`?alert=123`), so that the link can be shared
 * and Back and Forward open and close the drawer. Opening and closing are history entries; moving
 * to the next alert replaces the entry (the arrows do not fill the history). The page's one URL
 * writer (src/components/use-search-params-writer.ts) is shared with the filters, so writes of both come in order.
 */
export function useOpenAlert([searchParams, write]: readonly [URLSearchParams, SearchParamsWrite]) {
  const { id, notice } = useMemo(() => readOpenAlert(searchParams), [searchParams]);
  const setOpenAlert = useCallback(
    (next: number | null, how: { push?: boolean } = {}) =>
      write(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === null) params.delete(ALERT_PARAM);
          else params.set(ALERT_PARAM, String(next));
          return params;
          // Straight to the router, as a link would: the drawer opens (and takes focus) after the
          // grid has handled the click that opened it, not in the same render.
        },
        { ...how, now: true },
      ),
    [write],
  );
  return { openId: id, notice, setOpenAlert };
}
