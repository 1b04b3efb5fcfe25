import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/after-paint.ts';

/** The longest a step waits for the page to be idle. */
const STEP_WAIT_MS = 200;

export interface ProgressiveCountOptions {
  /** Rendered at once: what the first screen shows. */
  first: number;
  /** Added each time the page is next idle. */
  step: number;
  /** When it changes (another list), the count starts again at `first`. */
  resetKey?: string;
}

/**
 * How many of `total` items to render now: `first` at once, then `step` more each time the page is
 * idle, until all of them. For a list whose first items are on the first screen and the rest below
 * it, each item many MUI components: 25 cards, or a row of 20 chips, mounted in one commit made one
 * task of 100 ms and more on a phone four times slower (their styles are inserted as they mount),
 * and a tap waited for it; in steps of a few items, no task holds the page that long.
 */
export function useProgressiveCount(total: number, { first, step, resetKey = '' }: ProgressiveCountOptions): number {
  const [state, setState] = useState({ key: resetKey, count: first });
  let count = state.count;
  if (state.key !== resetKey) {
    count = first;
    setState({ key: resetKey, count });
  }
  const done = count >= total;
  useEffect(() => {
    if (done) return;
    let live = true;
    void whenIdle(STEP_WAIT_MS).then(() => {
      if (live) setState((current) => (current.key === resetKey ? { key: resetKey, count: current.count + step } : current));
    });
    return () => {
      live = false;
    };
  }, [done, count, step, resetKey]);
  return Math.min(total, count);
}
