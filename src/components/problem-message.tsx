import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isApiError } from '../api/http.ts';

/** Says why something failed in a person's words (the problem's detail), with a way to retry. */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    switch (error.kind) {
      case 'network':
        return 'The dashboard could not reach the server. Check the connection and try again.';
      case 'timeout':
        return 'The server took too long to answer. Try again.';
      case 'invalid-response':
        return 'The service answered with data the dashboard could not read.';
      case 'aborted':
        return 'The request was cancelled.';
      case 'http':
        return error.problem?.detail ?? `The service answered with status ${error.status ?? 'unknown'}.`;
    }
  }
  return 'Something went wrong.';
}

export function ProblemMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {describeError(error)}
    </Alert>
  );
}
