import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Names } from './pending-changes.tsx';
import { usePeopleNames } from '../../components/person-name.tsx';
import { reasonText, type ConflictReason } from '../../lib/network-merge.ts';

export interface NetworkConflict {
  /** What the conflict interrupted: a save, or the undo of one. */
  action: 'save' | 'undo';
  theirs: string[];
  yours: string[];
  merged: string[];
  /** Why both edits cannot be kept; said with people's names. */
  conflicts: ConflictReason[];
}

export type ConflictChoice = 'theirs' | 'yours' | 'merged';

function Version({ title, description, members, testId }: { title: string; description: string; members: string[]; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 0', minWidth: 0 }} data-testid={testId} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary" gutterBottom>
        {description}
      </Typography>
      {members.length === 0 ? <Typography variant="body2">Nobody</Typography> : <Names identifiers={members} ordered />}
    </Paper>
  );
}

/**
 * Someone else changed the network in a way that overlaps this edit: the three versions side by
 * side, and the person chooses. Nothing is written until they do.
 */
export function ConflictDialog({
  conflict,
  busy,
  onChoose,
  onCancel,
}: {
  conflict: NetworkConflict | null;
  busy: boolean;
  onChoose: (choice: ConflictChoice) => void;
  onCancel: () => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const nameOf = usePeopleNames(conflict ? [...conflict.theirs, ...conflict.yours] : []);
  return (
    <Dialog open={conflict !== null} onClose={busy ? undefined : onCancel} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">Someone else changed this network</DialogTitle>
      {conflict && (
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {conflict.action === 'undo' ? 'Your undo' : 'Your changes'} and theirs overlap, so nothing was saved.{' '}
            {conflict.conflicts.map((reason) => reasonText(reason, nameOf)).join(' ')}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
            <Version title="Theirs" description="Saved now" members={conflict.theirs} testId="conflict-theirs" />
            <Version
              title="Yours"
              description={conflict.action === 'undo' ? 'What the undo restores' : 'Your edit'}
              members={conflict.yours}
              testId="conflict-yours"
            />
            <Version title="Merged" description="Both, in their order" members={conflict.merged} testId="conflict-merged" />
          </Box>
        </DialogContent>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => onChoose('theirs')} disabled={busy}>
          Keep theirs
        </Button>
        <Button onClick={() => onChoose('yours')} disabled={busy}>
          Save yours
        </Button>
        <Button variant="contained" onClick={() => onChoose('merged')} disabled={busy}>
          Save merged
        </Button>
      </DialogActions>
    </Dialog>
  );
}
