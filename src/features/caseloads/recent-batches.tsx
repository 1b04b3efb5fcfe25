import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { BatchUndo } from '../../components/batch-undo.tsx';
import { PersonName } from '../../components/person-name.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { usePermission } from '../../queries/permissions.ts';
import { batchQueries } from '../../queries/reassignment-batches.ts';

/** How far back the page lists bulk reassignments (the gateway's default too). */
const DAYS = 7;

/**
 * The bulk reassignments of the last week, kept by the gateway (#31 item 4), each with what it
 * did and its undo: a reload, another browser or another person who may change networks can
 * still put them back.
 */
export function RecentBatches() {
  const permission = usePermission('editNetworks');
  const batches = useQuery({ ...batchQueries.recent(DAYS), enabled: permission.allowed });
  // Only people who may change networks see the batches (the gateway answers 403 to anyone else).
  if (!permission.allowed) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="batches-heading" sx={{ p: 2 }}>
      <Typography id="batches-heading" variant="h6" component="h2" gutterBottom>
        Recent bulk reassignments
      </Typography>
      {batches.isPending && <LinearProgress aria-label="Loading recent bulk reassignments" />}
      {batches.isError && <ProblemMessage error={batches.error} onRetry={() => void batches.refetch()} />}
      {batches.isSuccess && batches.data.values.length === 0 && <Typography color="textSecondary">No bulk reassignment in the last {DAYS} days.</Typography>}
      {batches.isSuccess && batches.data.values.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Recent bulk reassignments">
          {batches.data.values.map((batch) => (
            <Box component="li" key={batch.id} data-testid="recent-batch" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{batch.description}</Typography>
              <Typography variant="body2" color="textSecondary">
                Number {batch.id}, by <PersonName identifier={batch.actor} />, <RelativeTime dateTime={batch.createdAt} />
              </Typography>
              <BatchUndo batch={batch} />
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
