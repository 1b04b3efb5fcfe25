import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/errors.ts';
import { describeError } from '../../components/problem-message.tsx';
import { outcomeUnknown, type ApplyRun } from './apply-chunks.ts';
import { plural } from './trigger-words.ts';

/** Why a request failed, with the fields the service names (e.g. which identifiers it refused). */
function failureReason(error: unknown): string {
  if (isApiError(error) && error.problem?.errors?.length) {
    return `${describeError(error)} (${error.problem.errors.map((e) => `${e.name}: ${e.message}`).join('; ')})`;
  }
  return describeError(error);
}

/** A run's progress: students done, one line per chunk, and retries of the failed chunks. */
export function ApplyProgress({ run, onRetry }: { run: ApplyRun; onRetry: (only?: number[]) => void }) {
  const total = run.chunks.reduce((n, c) => n + c.length, 0);
  const sent = run.chunks.reduce((n, c, i) => n + (run.states[i]?.status === 'done' ? c.length : 0), 0);
  const already = run.states.reduce((n, s) => n + (s.status === 'done' ? (s.already ?? 0) : 0), 0);
  const failed = run.states.flatMap((s, i) => (s.status === 'failed' ? [i] : []));
  const unknown = run.chunks.reduce((n, c, i) => {
    const state = run.states[i];
    return n + (state?.status === 'failed' && outcomeUnknown(state.error) ? c.length : 0);
  }, 0);
  const running = run.states.some((s) => s.status === 'sending');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Progress">
      <Typography role="status" sx={{ fontWeight: 600 }} data-testid="apply-progress">
        {running ? 'Applying… ' : ''}
        {sent.toLocaleString()} of {plural(total, 'student')} done
        {already > 0 ? ` (${already.toLocaleString()} of them found already applied by an attempt whose answer was lost, not sent again)` : ''}
        {failed.length > 0 ? `; ${plural(failed.length, 'chunk')} failed` : ''}
        {unknown > 0 ? `, for ${plural(unknown, 'student')} of which the service may have applied it: Retry checks first` : ''}.
      </Typography>
      <LinearProgress variant="determinate" value={(100 * sent) / Math.max(1, total)} aria-label="Students applied" sx={{ my: 1 }} />
      <Box component="ol" sx={{ pl: 3, my: 0 }}>
        {run.chunks.map((chunk, i) => {
          const state = run.states[i]!;
          return (
            <li key={i} data-testid={`chunk-${i}`}>
              Students {chunk[0]}…{chunk[chunk.length - 1]} ({chunk.length}):{' '}
              {state.status === 'waiting' ? (
                'waiting'
              ) : state.status === 'sending' ? (
                state.checking ? (
                  'checking what the last attempt did…'
                ) : (
                  'sending…'
                )
              ) : state.status === 'done' ? (
                state.already ? (
                  `done: ${state.already} already had it, ${chunk.length - state.already} sent now`
                ) : (
                  'done'
                )
              ) : (
                <strong>
                  failed — {failureReason(state.error)}
                  {outcomeUnknown(state.error) ? '. The service may have applied it; a retry checks first and sends only the rest' : ''}
                </strong>
              )}
              {state.status === 'failed' && !running && (
                <Button size="small" sx={{ ml: 1 }} onClick={() => onRetry([i])}>
                  Retry this chunk
                </Button>
              )}
            </li>
          );
        })}
      </Box>
      {failed.length > 1 && !running && (
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => onRetry(failed)}>
          Retry the {failed.length} failed chunks
        </Button>
      )}
    </Paper>
  );
}
