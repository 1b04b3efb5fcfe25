/**
 * The one place toasts come from: anything may call `toastBus.show`, one Snackbar shows them
 * (src/components/toasts.tsx). Kept apart from that component and free of MUI, so the query
 * client, built before the app's UI code has loaded (src/app/early-start.ts), can use it too.
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: number; message: string; severity: ToastSeverity };
type Listener = (toast: Toast) => void;

const listeners = new Set<Listener>();
let next = 1;

export const toastBus = {
  show(message: string, severity: ToastSeverity = 'success') {
    const toast = { id: next++, message, severity };
    for (const listener of listeners) listener(toast);
  },
};

/** Calls `listener` with every toast shown from now on; returns the unsubscribe. */
export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
