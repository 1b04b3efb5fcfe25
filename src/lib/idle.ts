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
