import { Suspense, useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import { usePreloadAfterPaint } from '../use-after-paint.ts';
import { lazyFrom, preloadable } from '../preloadable.ts';

export interface LowerAlertButtonProps {
  alertId: number;
  student: string;
  /**
   * The alert shows Lowered (optimistically, by a refresh, or by someone else). The button then
   * renders nothing, unless its dialog is open or its write is pending: those stay until closed.
   */
  lowered?: boolean;
  /** Once this button has lowered the alert and its dialog has closed (the button is gone): where focus goes. */
  onLowered?: () => void;
}

// The dialog, its form (react-hook-form), draft and write: loaded once the page has painted, or
// when the button is first pointed at or focused, so a click finds it in.
const loadDialog = preloadable(() => import('./lower-alert-dialog.tsx'));
const LowerAlertDialog = lazyFrom(loadDialog, (m) => m.LowerAlertDialog);
const preloadDialog = () => void loadDialog();

/**
 * Lowers an open alert, through a dialog that asks for the comment that lowers it
 * (lower-alert-dialog.tsx). A list shows one per open alert: each is a plain button until first
 * used, and its dialog (with its form and write) mounts then and stays, so an open dialog or a
 * pending write keeps the button, and focus goes back to it.
 */
export function LowerAlertButton(props: LowerAlertButtonProps) {
  return <LowerAlert key={`${props.student}:${props.alertId}`} {...props} />;
}

function LowerAlert({ alertId, student, lowered = false, onLowered }: LowerAlertButtonProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  usePreloadAfterPaint(loadDialog);
  // Set by a successful lowering: after the dialog has gone (and with it the opener), focus is handed on.
  const handOff = useRef(false);
  useEffect(() => {
    if (!handOff.current || open) return;
    handOff.current = false;
    onLowered?.();
  }, [open, onLowered]);

  if (lowered && !open && !pending) return null;

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onMouseEnter={preloadDialog}
        onFocus={preloadDialog}
        aria-haspopup="dialog"
        disabled={lowered}
      >
        {lowered ? 'Lowered' : 'Lower alert'}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LowerAlertDialog
            alertId={alertId}
            student={student}
            open={open}
            onClose={() => setOpen(false)}
            onPendingChange={setPending}
            onLowered={() => {
              handOff.current = true;
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
