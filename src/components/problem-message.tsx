import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isOutageError, useOutageState } from '../queries/outage.ts';
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

/** Statuses a second try may answer differently: a slow or busy server, a request timeout. */
const TRANSIENT_STATUS = new Set([408, 425, 429]);

/**
 * Whether asking again can help: a network failure, a timeout, a cancel, a 5xx (but not refused
 * credentials, which need an administrator). A 4xx (400, 403, 404…) and an unreadable answer fail
 * the same way again, so they get no Retry.
 */
export function isRetryable(error: unknown): boolean {
  if (gatewayFailure(error) === 'credentials') return false;
  if (!isApiError(error)) return true;
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'aborted':
      return true;
    case 'invalid-response':
      return false;
    case 'http':
      return error.status === undefined || error.status >= 500 || TRANSIENT_STATUS.has(error.status);
  }
  return true;
}

/** One message per failure: the gateway's headline (when it has one) and the detail, never the same sentence twice. */
export function ProblemMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const outage = useOutageState();
  // The page's one notice says it and retries for every section (#31 item 5): no banner per section.
  if (outage.active && isOutageError(error)) {
    return (
      <Typography variant="body2" color="textSecondary" data-testid="waiting-for-service">
        Waiting for the service: this loads by itself once it answers.
      </Typography>
    );
  }
  const detail = describeError(error);
  const headline = errorTitle(error);
  const title = headline !== undefined && headline !== detail ? headline : undefined;
  const retry = onRetry && isRetryable(error) ? onRetry : undefined;
  return (
    <Alert
      severity="error"
      data-testid="problem-message"
      action={
        retry ? (
          <Button color="inherit" size="small" onClick={retry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {detail}
    </Alert>
  );
}
