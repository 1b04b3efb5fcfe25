import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { ReassignmentBatch } from '../api/reassignment-batches.ts';
import { PAGES } from '../app/route-table.ts';
import { useApi } from '../queries/api-context.tsx';
import { caseloadKeys } from '../queries/caseloads.ts';
import { journalQueries } from '../queries/journal.ts';
import { peopleKeys } from '../queries/people.ts';
import { usePermission } from '../queries/permissions.ts';
import { batchKeys, batchQueries, undoBatch, undoableNetworks, type UndoOutcome } from '../queries/reassignment-batches.ts';
import { describeError, ProblemMessage } from './problem-message.tsx';

const outcomeText = (outcome: UndoOutcome): string =>
  outcome.status === 'undone'
    ? 'Put back'
    : outcome.status === 'conflict'
      ? `Changed since, kept as it is: ${outcome.reasons.join(' ')}`
      : `Failed: ${describeError(outcome.error)}`;

/** Where a batch stands, in words: how many networks it wrote and how many were put back. */
export function batchStateText(batch: ReassignmentBatch): string {
  const written = batch.networks.length;
  const undone = batch.networks.filter((n) => n.undoneAt !== undefined).length;
  const unknown = batch.networks.filter((n) => n.before === null || n.after === null).length;
  if (written === 0) return 'Wrote no network.';
  return [
    `Wrote ${written} ${written === 1 ? 'network' : 'networks'}`,
    undone === 0 ? '' : undone === written ? ', all put back' : `, ${undone} put back`,
    '.',
    unknown ? ` ${unknown} cannot be put back: the gateway could not read ${unknown === 1 ? 'it' : 'them'} before the change.` : '',
  ].join('');
}

/**
 * Undo of a bulk reassignment the gateway keeps (#31 item 4): every network the batch wrote and
 * that is not put back yet, through the same guarded write; a network changed since in a way that
 * overlaps is left alone and named. Only for people who may change networks.
 */
export function BatchUndo({ batch }: { batch: ReassignmentBatch }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const permission = usePermission('editNetworks');
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState(0);
  const [outcomes, setOutcomes] = useState<Map<string, UndoOutcome> | null>(null);
  const remaining = undoableNetworks(batch).length;

  const undo = async () => {
    setRunning(true);
    setProgress(0);
    setOutcomes(null);
    const done = await undoBatch(api, batch, () => setProgress((n) => n + 1));
    for (const student of done.keys()) void queryClient.invalidateQueries({ queryKey: peopleKeys.successNetwork(student) });
    void queryClient.invalidateQueries({ queryKey: caseloadKeys.all });
    void queryClient.invalidateQueries({ queryKey: journalQueries.all });
    await queryClient.invalidateQueries({ queryKey: batchKeys.all });
    setOutcomes(done);
    setRunning(false);
  };

  const problems = [...(outcomes ?? [])].filter(([, o]) => o.status !== 'undone');
  const putBack = (outcomes?.size ?? 0) - problems.length;
  return (
    <Box data-testid={`batch-${batch.id}`}>
      <Typography variant="body2" data-testid="batch-state">
        {batchStateText(batch)}
      </Typography>
      {!permission.allowed && permission.reason && (
        <Typography variant="body2" color="textSecondary">
          {permission.reason}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {remaining > 0 && (
          <Button size="small" variant="outlined" disabled={!permission.allowed || running} onClick={() => void undo()}>
            Undo: put back {remaining} {remaining === 1 ? 'network' : 'networks'}
          </Button>
        )}
        {running && (
          <Typography variant="body2" role="status">
            Putting back: {progress} of {remaining}
          </Typography>
        )}
      </Box>
      {outcomes && (
        <Alert severity={problems.length ? 'warning' : 'success'} sx={{ mt: 1 }} data-testid="batch-undo-result">
          Put back {putBack} of {outcomes.size}.{problems.length ? ` ${problems.length} not put back:` : ''}
          {problems.length > 0 && (
            <Box component="ul" sx={{ my: 0, pl: 3 }}>
              {problems.map(([student, outcome]) => (
                <li key={student}>
                  <Link component={RouterLink} to={PAGES.network.href({ identifier: student })}>
                    {student}
                  </Link>
                  : {outcomeText(outcome)}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}
    </Box>
  );
}

/** The journal's "Undo this batch" on an entry of a bulk reassignment: loads the batch, then offers its undo. */
export function JournalBatchUndo({ batchId }: { batchId: number }) {
  const [open, setOpen] = useState(false);
  const batch = useQuery({ ...batchQueries.one(batchId), enabled: open });
  if (!open) {
    return (
      <Button size="small" onClick={() => setOpen(true)} sx={{ mt: 0.5 }}>
        Undo this batch
      </Button>
    );
  }
  if (batch.isPending) return <CircularProgress size={20} aria-label={`Loading bulk reassignment ${batchId}`} />;
  if (batch.isError) return <ProblemMessage error={batch.error} onRetry={() => void batch.refetch()} />;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Bulk reassignment {batch.data.id}: {batch.data.description}
      </Typography>
      <BatchUndo batch={batch.data} />
    </Box>
  );
}
