import { useEffect, useId, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { isConflict } from '../../api/errors.ts';
import { useApi } from '../../queries/api-context.tsx';
import { toastBus } from '../toasts.tsx';
import { useLowerAlertFromDraft } from './compose-mutations.ts';
import { draftKeys } from './draft-keys.ts';
import { DetailsField, SaveFailure, useSignedIn } from './form-parts.tsx';
import { useDetailsDraft } from './use-details-draft.ts';

export interface LowerAlertDialogProps {
  alertId: number;
  student: string;
  open: boolean;
  /** Cancel, Escape, a click outside (not while the write is pending). */
  onClose: () => void;
  /** Whether the write is under way: the button stays while it is, though the alert already shows Lowered. */
  onPendingChange: (pending: boolean) => void;
  /** The alert was lowered: the dialog is to close, and focus to be handed on. */
  onLowered: () => void;
}

/** Told by the mutation itself: the button may be gone when the write ends (see useLowerAlertFromDraft). */
const FEEDBACK = {
  lowered: () => toastBus.show('Alert lowered', 'success'),
  alreadyLowered: () => toastBus.show('This alert was already lowered', 'info'),
};

/**
 * The lowering dialog of LowerAlertButton (its own module: the form, its draft and the write load
 * when a person first lowers an alert, not with every list of alerts). The only way to lower one is
 * a comment with `usedToLowerAlert: true` (decisions §9), so it asks for that comment and will not
 * lower without it. The alerts query layer shows the alert Lowered at once and refreshes it after
 * the write, whatever its outcome.
 */
export function LowerAlertDialog({ alertId, student, open, onClose, onPendingChange, onLowered }: LowerAlertDialogProps) {
  const api = useApi();
  const mutation = useLowerAlertFromDraft(api, student, FEEDBACK);
  const author = useSignedIn();
  const ids = { title: useId(), description: useId() };

  const form = useDetailsDraft(draftKeys.lower(student, alertId));
  useEffect(() => onPendingChange(mutation.isPending), [mutation.isPending, onPendingChange]);

  const alreadyLowered = isConflict(mutation.error);

  const close = () => {
    if (mutation.isPending) return;
    onClose();
    form.forgetErrors();
    mutation.reset();
  };
  const { control, draft, error, failureRef, unplaced } = form;

  const submit = () => {
    if (mutation.isPending || alreadyLowered) return;
    form.submit((details) => {
      if (!author.identifier) return;
      mutation.mutate(
        { alertId, createdBy: author.identifier, details, student },
        {
          onSuccess: () => {
            form.clear();
            onLowered();
          },
          onError: (failure) => {
            // Already lowered: the query layer refreshes the alert (onSettled); the comment stays in the draft.
            if (isConflict(failure)) form.focusWhenShown(() => failureRef.current);
            else form.showFailure(failure);
          },
        },
      );
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={ids.title} aria-describedby={ids.description}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={ids.title}>Lower this alert</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={ids.description}>
              An alert is lowered by a comment that says why: it is added to the alert, and the alert shows Lowered for everyone.
            </DialogContentText>
            <DetailsField
              label="Why is it lowered?"
              control={control}
              error={error}
              hint="Required. Ctrl+Enter lowers the alert."
              onSubmit={submit}
              autoFocus
              readOnly={mutation.isPending}
            />
            {alreadyLowered ? (
              <Alert ref={failureRef} tabIndex={-1} severity="info">
                This alert was already lowered. It has been refreshed; your comment was not posted and is kept.
              </Alert>
            ) : (
              <SaveFailure ref={failureRef} title="The alert was not lowered. Your comment is kept." write={mutation} unplaced={unplaced} onRetry={submit} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {draft.dirty && (
            <Button type="button" onClick={form.discard} disabled={mutation.isPending} sx={{ mr: 'auto' }}>
              Discard draft
            </Button>
          )}
          <Button type="button" onClick={close} disabled={mutation.isPending}>
            {alreadyLowered ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={mutation.isPending || alreadyLowered || !author.identifier}>
            {mutation.isPending ? 'Lowering…' : 'Lower alert'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
