import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { gatewayFailure, isApiError, type GatewayFailure } from '../api/http.ts';

/** Headlines for the gateway's own failures: slow, down and refused are different news (#15.1). */
const GATEWAY_TITLES: Record<GatewayFailure, string> = {
  timeout: 'The student records service is not answering in time',
  unreachable: 'The student records service cannot be reached',
  credentials: "The dashboard's access to the service was refused",
  invalid: 'The student records service answered with something unexpected',
};

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

/** The headline of an error, when it is one of the gateway's own (else none: the detail says it all). */
export function errorTitle(error: unknown): string | undefined {
  const failure = gatewayFailure(error);
  return failure ? GATEWAY_TITLES[failure] : undefined;
}

export function ProblemMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const title = errorTitle(error);
  // Refused credentials need an administrator; retrying only repeats the refusal.
  const retry = onRetry && gatewayFailure(error) !== 'credentials' ? onRetry : undefined;
  return (
    <Alert
      severity="error"
      action={
        retry ? (
          <Button color="inherit" size="small" onClick={retry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {describeError(error)}
    </Alert>
  );
}
