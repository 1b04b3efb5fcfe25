import { useEffect, useState } from 'react';
import { afterNextPaint, whenIdle } from '../lib/after-paint.ts';

/**
 * The after-paint hooks, one module (the moments themselves: src/lib/after-paint.ts; when to use
 * which: docs/performance-toolkit.md).
 *
 * - `useAfterFirstPaint()`: this component's own first frame has been drawn (per component).
 * - `useAfterFirstPaint({ idle })`: the main thread has been idle once since this component mounted.
 * - `useAfterPaint()`: the page has been idle once (shared: true at once for everything after).
 * - `usePreloadAfterPaint(load)`: a lazy part's code fetched at an idle moment after that.
 */

/**
 * False until the frame that first showed this component has been drawn (or, with `fallbackMs`,
 * that long at most, for a tab that draws no frames); with `idle`, until the main thread has been
 * idle (`idle` ms at most). What waits for it is drawn after what the first render shows.
 */
export function useAfterFirstPaint(options: { fallbackMs?: number; idle?: number } = {}): boolean {
  const [after, setAfter] = useState(false);
  const { fallbackMs, idle } = options;
  useEffect(() => {
    if (idle === undefined) return afterNextPaint(() => setAfter(true), fallbackMs);
    let live = true;
    void whenIdle(idle).then(() => {
      if (live) setAfter(true);
    });
    return () => {
      live = false;
    };
  }, [fallbackMs, idle]);
  return after;
}

/** The longest a secondary request waits for the page to be idle. */
const WAIT_MS = 500;

let painted = false;
let next: Promise<void> | undefined;

/**
 * False until the page has been idle once since the component first rendered (its commit painted),
 * then true for good, and true at once for every component rendered after that. For secondary
 * requests a page's first rows do not need (a creator's name, an encouragement type's name): asked
 * for while the rows were still rendering, on a slow network they shared the bandwidth the rows'
 * last pieces needed, and held back the moment the page was complete. Components that render
 * together share one idle callback.
 */
export function useAfterPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let live = true;
    next ??= whenIdle(WAIT_MS).then(() => {
      painted = true;
      next = undefined;
    });
    void next.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/** The longest a preload waits for an idle moment of its own once the page has painted. */
const PRELOAD_WAIT_MS = 2000;
const preloading = new Set<() => Promise<unknown>>();

/**
 * Starts `load` (a lazy part's `import()`) once the page has painted, at an idle moment of its own
 * (not in the task that runs everything waiting for the first paint), once per page however many
 * components ask: so that a first click on what it opens finds its code in. `load` must be stable
 * (a module-level function).
 */
export function usePreloadAfterPaint(load: () => Promise<unknown>): void {
  const painted = useAfterPaint();
  useEffect(() => {
    if (!painted || preloading.has(load)) return;
    preloading.add(load);
    void whenIdle(PRELOAD_WAIT_MS).then(load);
  }, [painted, load]);
}
