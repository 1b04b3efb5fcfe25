import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StatusFilter } from './triage-filters.ts';
import type { TriageQueue } from './use-triage-queue.ts';
import { plural } from './use-triage-view.ts';

/** The queue's states around its rows: loading (with how far), the space the rows will take, nothing to show. */

const number = new Intl.NumberFormat(undefined);

export function LoadProgress({ queue }: { queue: TriageQueue }) {
  const { progress } = queue;
  const value = progress && progress.total > 0 ? Math.min(100, (progress.loaded / progress.total) * 100) : undefined;
  const words = progress ? `Loaded ${number.format(progress.loaded)} of ${plural(progress.total, 'alert', 'alerts')}` : 'Loading alerts…';
  return (
    <Box data-testid="triage-progress">
      <Typography variant="body2" color="textSecondary" aria-live="polite" sx={{ mb: 0.5 }}>
        {words}
      </Typography>
      <LinearProgress aria-label="Loading alerts" variant={value === undefined ? 'indeterminate' : 'determinate'} {...(value === undefined ? {} : { value })} />
    </Box>
  );
}

export function QueuePlaceholder() {
  return <Skeleton variant="rounded" height={420} aria-hidden />;
}

export interface TriageEmptyProps {
  /** Alerts the range holds (before filters). */
  total: number;
  filtered: boolean;
  status: StatusFilter;
  onClear: () => void;
  onWiden: () => void;
}

/** Nothing to list, said truthfully (only ever for a load that succeeded), with a way on. */
export function TriageEmpty({ total, filtered, status, onClear, onWiden }: TriageEmptyProps) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="triage-empty">
      <Typography sx={{ mb: 1.5 }}>
        {total === 0
          ? 'No alerts were raised in this range.'
          : filtered
            ? 'No alerts match these filters.'
            : `No ${status === 'all' ? '' : `${status.toLowerCase()} `}alerts in this range.`}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
        {filtered && (
          <Button variant="outlined" onClick={onClear}>
            Clear filters
          </Button>
        )}
        <Button variant="outlined" onClick={onWiden}>
          Widen to the last 90 days
        </Button>
      </Stack>
    </Paper>
  );
}
