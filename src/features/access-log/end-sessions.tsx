import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { describeError } from '../../components/problem-message.tsx';
import { useEndSessions } from '../../queries/access-log.ts';
import { formatTime } from '../../lib/dates.ts';

/**
 * "End every session of <person>" (#30), for an administrator reading the access log of one
 * person: asks first, saying what happens, then tells how it went beside the button. (The page
 * mounts one per person, so what it says is always about the person shown.)
 */
export function EndSessionsButton({ person }: { person: string }) {
  const [open, setOpen] = useState(false);
  const end = useEndSessions();
  const confirm = () =>
    end.mutate(person, {
      onSettled: (_data, error) => {
        if (!error) setOpen(false);
      },
    });
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        End every session of {person}
      </Button>
      {end.isSuccess ? (
        <Alert severity={end.data.logged === false ? 'warning' : 'success'} role="status" sx={{ flexBasis: '100%' }}>
          Every session of {person} ended at {formatTime(end.data.at)}: their next request is refused on every instance.
          {end.data.logged === false ? ' The access log could not be written, so this end is not listed there.' : ''}
        </Alert>
      ) : null}
      <Dialog open={open} onClose={end.isPending ? undefined : () => setOpen(false)} aria-labelledby="end-sessions-title" fullWidth maxWidth="sm">
        <DialogTitle id="end-sessions-title">End every session of {person}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {person} is signed out of the dashboard at once, in every browser and on every instance: their next request is refused and anything they have not
            saved is lost. They can sign in again if the identity provider still lets them; to keep them out, remove them from the group there as well.
          </DialogContentText>
          {end.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              The sessions were not ended: {describeError(end.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={end.isPending}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={confirm} loading={end.isPending}>
            End sessions
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
