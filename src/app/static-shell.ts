import { useLayoutEffect } from 'react';

/**
 * The gateway paints the signed-in shell as plain HTML before the app's code arrives
 * (src/gateway/app-serving/app-shell.ts, `#app-shell` beside `#root`). It stays until the app shows something
 * of its own — the layout, an error, the way to sign in — and goes in that same frame (a layout
 * effect runs before the browser paints), so the screen never flashes empty or shows both.
 */
export const STATIC_SHELL_ID = 'app-shell';

/** Whether the server's shell is still on screen (the app has shown nothing of its own yet). */
export function hasStaticShell(): boolean {
  return typeof document !== 'undefined' && document.getElementById(STATIC_SHELL_ID) !== null;
}

export function useRemoveStaticShell(): void {
  useLayoutEffect(() => {
    document.getElementById(STATIC_SHELL_ID)?.remove();
  }, []);
}
