import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BulkEditResult } from './category-edits.ts';
import { editFailureText } from './category-messages.ts';

/** A bulk activation or deactivation: its progress, then one line per category, and a retry of the failed ones. */
export function BulkResults({
  run,
  names,
  onRetry,
  onClose,
}: {
  run: { result: BulkEditResult; running: boolean };
  names: ReadonlyMap<number, string>;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { result, running } = run;
  const done = result.ids.filter((id) => result.outcomes.get(id)?.status === 'done').length;
  const failed = result.ids.filter((id) => result.outcomes.get(id)?.status === 'failed').length;
  const verb = result.isActive ? 'activated' : 'deactivated';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Bulk edit results">
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {running ? `Working… ${done + failed} of ${result.ids.length}` : `${done} of ${result.ids.length} ${verb}${failed ? `, ${failed} failed` : ''}.`}
      </Typography>
      {running && (
        <LinearProgress variant="determinate" value={(100 * (done + failed)) / Math.max(1, result.ids.length)} aria-label="Bulk edit progress" sx={{ my: 1 }} />
      )}
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {result.ids.map((id) => {
          const outcome = result.outcomes.get(id);
          return (
            <li key={id} data-testid={`bulk-result-${id}`}>
              <strong>{names.get(id) ?? `Category ${id}`}</strong>:{' '}
              {outcome === undefined
                ? 'waiting'
                : outcome.status === 'done'
                  ? verb
                  : `failed — ${editFailureText(outcome.error, { name: names.get(id) ?? `Category ${id}` }, result.isActive).replace(/ The list has been refreshed\.$/, '')}`}
            </li>
          );
        })}
      </Box>
      <Stack direction="row" spacing={1}>
        {!running && failed > 0 && (
          <Button variant="contained" onClick={onRetry}>
            Retry the {failed} failed
          </Button>
        )}
        {!running && (
          <Button onClick={onClose} color="inherit">
            Dismiss
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
