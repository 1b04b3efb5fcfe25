import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { afterNextPaint } from '../lib/after-paint.ts';

type Update = (previous: URLSearchParams) => URLSearchParams;
/** `push`: a new history entry; `now`: straight to the router (shown when it has navigated), with the writes before it. */
export type SearchParamsWrite = (update: Update, how?: { push?: boolean; now?: boolean }) => void;

/** A write, and whether it has gone to the router. */
interface Write {
  update: Update;
  sent: boolean;
}

const applied = (writes: readonly Write[], params: URLSearchParams) => writes.reduce((current, w) => w.update(current), new URLSearchParams(params));

/**
 * The URL's search parameters as the page shows them, and a writer that stays the same function
 * for the page's life (the router's own setter is new on every URL change), so that the memoised
 * filter bar, counts and grid skip renders nothing of theirs asked for. A write replaces the
 * history entry unless `push`.
 *
 * A write shows at once and reaches the URL after the next paint: the page renders the new
 * parameters first (a chip's click paints the queue's new rows without re-rendering the router's
 * shell around the page), then the router navigates. Writes made meanwhile go to the router
 * together, in order, as one navigation; until the router has them, the parameters shown are the
 * router's with them applied, so each write builds on the one before.
 */
export function useSearchParamsWriter(): [URLSearchParams, SearchParamsWrite] {
  const [routerParams, setSearchParams] = useSearchParams();
  // A new location for every navigation, even one that leaves the parameters as they were.
  const location = useLocation();
  const latest = useRef({ setSearchParams, location });
  useLayoutEffect(() => {
    latest.current = { setSearchParams, location };
  });
  // The writes made since the router's location `over`: those sent to the router are in its
  // parameters once it has navigated; those not sent yet still show over them.
  const [local, setLocal] = useState<{ over: object; writes: readonly Write[] }>(() => ({ over: location, writes: [] }));
  const shown = useMemo(() => {
    const writes = local.over === location ? local.writes : local.writes.filter((w) => !w.sent);
    return writes.length === 0 ? routerParams : applied(writes, routerParams);
  }, [local, location, routerParams]);

  // The writes not sent to the router yet (used outside rendering only).
  const unsent = useRef<{ writes: Write[]; push: boolean }>({ writes: [], push: false });
  const send = useCallback(() => {
    const { writes, push } = unsent.current;
    if (writes.length === 0) return;
    unsent.current = { writes: [], push: false };
    // Marked on the entries themselves: no render for it; the router's navigation brings the next.
    for (const w of writes) w.sent = true;
    latest.current.setSearchParams((previous) => applied(writes, previous), { replace: !push });
  }, []);
  const write = useCallback<SearchParamsWrite>(
    (update, how = {}) => {
      const entry: Write = { update, sent: false };
      const first = unsent.current.writes.length === 0;
      unsent.current.writes.push(entry);
      unsent.current.push ||= how.push === true;
      if (how.now) {
        send();
        return;
      }
      const over = latest.current.location;
      setLocal((current) => ({ over, writes: [...(current.over === over ? current.writes : current.writes.filter((w) => !w.sent)), entry] }));
      // After the next paint (or 100 ms on, when no frame comes: a hidden tab).
      if (first) afterNextPaint(send, 100);
    },
    [send],
  );
  return [shown, write];
}
