import { useEffect, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

type Toast = { id: number; message: string; severity: AlertColor };
type Listener = (toast: Toast) => void;

/** The one place toasts come from: anything may call `toastBus.show`, one Snackbar shows them. */
const listeners = new Set<Listener>();
let next = 1;
export const toastBus = {
  show(message: string, severity: AlertColor = 'success') {
    const toast = { id: next++, message, severity };
    for (const listener of listeners) listener(toast);
  },
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  useEffect(() => {
    const listener: Listener = (toast) => setQueue((q) => [...q, toast]);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  const current = queue[0];
  const close = () => setQueue((q) => q.slice(1));
  return (
    <>
      {children}
      <Snackbar key={current?.id} open={current !== undefined} autoHideDuration={5000} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        {current ? (
          <Alert severity={current.severity} variant="filled" onClose={close}>
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
