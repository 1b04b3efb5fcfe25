import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { isApiError } from '../../api/errors.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useCategoryUsage, type CategoryUsage } from './category-usage.ts';
import { formatDayRange, parseDay } from '../../lib/dates.ts';

/** A button's label on one line while the Cancel beside it comes and goes. */
const NO_WRAP = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/**
 * Usage on demand: how many updates and alerts used each category in a chosen window (E1 and E7
 * with `expand=categories`, every page). It can take a while on a long window, so it shows its
 * progress and can be cancelled; nothing is counted until asked.
 */
export function UsagePanel({
  from,
  to,
  onWindowChange,
  onResult,
}: {
  from: string;
  to: string;
  onWindowChange: (from: string, to: string) => void;
  onResult: (usage: CategoryUsage | null) => void;
}) {
  const usage = useCategoryUsage();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const fromDay = parseDay(from);
  const toDay = parseDay(to);
  const windowProblem = !fromDay || !toDay ? 'Enter both days (yyyy-mm-dd).' : fromDay > toDay ? 'The first day is after the last.' : null;
  const cancelled = usage.isError && isApiError(usage.error) && usage.error.kind === 'aborted';
  const count = () => {
    if (windowProblem) return;
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setProgress({ loaded: 0, total: 0 });
    onResult(null);
    usage.mutate({ from, to, signal: ac.signal, onProgress: setProgress }, { onSuccess: (result) => onResult(result), onSettled: () => setProgress(null) });
  };
  const percent = progress && progress.total > 0 ? Math.round((100 * progress.loaded) / progress.total) : 0;
  // On a phone the panel folds to its heading (the category list comes first); counting, or a count, opens it.
  const body = !narrow || open || usage.isPending || usage.isError || usage.data !== undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="usage-heading">
      <Typography variant="h6" component="h2" id="usage-heading">
        {narrow ? (
          <ButtonBase
            onClick={() => setOpen(!body)}
            aria-expanded={body}
            aria-controls="usage-body"
            sx={{ font: 'inherit', width: '100%', justifyContent: 'space-between', borderRadius: 1 }}
          >
            Usage
            <ExpandMore sx={{ transform: body ? 'rotate(180deg)' : 'none' }} aria-hidden />
          </ButtonBase>
        ) : (
          'Usage'
        )}
      </Typography>
      <Box id="usage-body" hidden={!body}>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          Count the updates and alerts filed under each category in a window, to find categories nobody uses.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            type="date"
            label="From"
            value={from}
            onChange={(e) => onWindowChange(e.target.value, to)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!fromDay}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={to}
            onChange={(e) => onWindowChange(from, e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!toDay || windowProblem === 'The first day is after the last.'}
            helperText={windowProblem ?? ' '}
          />
          <Button variant="outlined" onClick={count} disabled={usage.isPending || windowProblem !== null} sx={NO_WRAP}>
            Count usage
          </Button>
          {usage.isPending && (
            <Button color="inherit" onClick={() => controller.current?.abort()} sx={NO_WRAP}>
              Cancel
            </Button>
          )}
        </Stack>
        {usage.isPending && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label="Counting usage" />
            <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
              {progress && progress.total > 0
                ? `Read ${progress.loaded.toLocaleString()} of ${progress.total.toLocaleString()} updates and alerts…`
                : 'Starting…'}
            </Typography>
          </Box>
        )}
        {cancelled && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Counting was cancelled; nothing is shown.
          </Alert>
        )}
        {usage.isError && !cancelled && (
          // Retry only where asking again can help (ProblemMessage leaves it out for a refusal).
          <Box sx={{ mt: 1 }}>
            <ProblemMessage error={usage.error} onRetry={count} />
          </Box>
        )}
        {usage.data && !usage.isPending && (
          <Typography variant="body2" role="status" sx={{ mt: 1 }} data-testid="usage-summary">
            Counted {usage.data.updates.toLocaleString()} updates and {usage.data.alerts.toLocaleString()} alerts created {formatDayRange(usage.data)}.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
