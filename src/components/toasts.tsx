import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { subscribeToasts, type Toast } from './toast-bus.ts';

export { toastBus } from './toast-bus.ts';

/** Shows the toasts `toastBus` sends, one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts((toast) => setQueue((q) => [...q, toast])), []);
  const current = queue[0];
  const close = () => setQueue((q) => q.slice(1));
  return (
    <>
      {children}
      <Snackbar
        key={current?.id}
        open={current !== undefined}
        autoHideDuration={5000}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {current ? (
          <Alert severity={current.severity} variant="filled" onClose={close}>
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
