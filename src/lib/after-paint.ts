/**
 * After the paint: the two moments the app defers work to, so that what a person came for is on
 * screen first. React's side (hooks, the `AfterFirstPaint` wrapper) is src/components/use-after-paint.ts;
 * docs/performance-toolkit.md says which to use when.
 *
 * - `afterNextPaint`: once the browser has drawn the next frame (its animation-frame callbacks run
 *   before the paint; a task queued from there runs after it). For what must follow the frame that
 *   shows a change: the URL after the filtered rows, the app's modules after the server's shell.
 * - `whenIdle`: once the main thread is next idle. For what must not compete with a render under
 *   way: secondary requests, large modules, the rest of a list.
 */

/**
 * Runs `run` once, after the next frame has been painted; where no frame comes (a hidden tab draws
 * none), after `fallbackMs` if given. Returns a cancel.
 */
export function afterNextPaint(run: () => void, fallbackMs?: number): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(once, 0))) : undefined;
  if (frame === undefined) timer = setTimeout(once, 0);
  if (fallbackMs !== undefined) fallback = setTimeout(once, fallbackMs);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/** `afterNextPaint` as a promise. */
export const nextPaint = (fallbackMs?: number): Promise<void> => new Promise((resolve) => afterNextPaint(resolve, fallbackMs));

/**
 * Resolves when the main thread is next idle (`requestIdleCallback`), or after `timeoutMs` at the
 * latest. While React renders in short slices it keeps the task queue busy, so "idle" means the
 * render has been committed and painted. Where the browser has no idle callbacks (Safari), after
 * one macrotask.
 */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
