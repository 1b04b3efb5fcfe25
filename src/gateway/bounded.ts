import { isApiError } from '../api/errors.ts';
import { ProblemError } from '../http/problem.ts';

/**
 * Every call the gateway makes has a deadline (issue #15.1): a stalled token endpoint or service
 * costs a request at most its timeout, never the whole gateway. Failures become problems with
 * their own `type`, so the app (and an operator reading logs) can tell "slow" from "down" from
 * "refused our credentials".
 */
export interface Timeouts {
  /** Each call to the service, headers and body (UPSTREAM_TIMEOUT_MS). */
  upstreamMs: number;
  /** Each token request (TOKEN_TIMEOUT_MS). */
  tokenMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { upstreamMs: 10_000, tokenMs: 5_000 };

/** Problem types of the gateway's own upstream failures (`urn:student-success:problem:<slug>`). */
export const UPSTREAM_PROBLEM = {
  timeout: 'upstream-timeout',
  unreachable: 'upstream-unreachable',
  credentials: 'upstream-credentials-refused',
  invalid: 'upstream-invalid-response',
  /** The service answered, with a 5xx of its own. */
  error: 'upstream-error',
} as const;

class DeadlineExceeded extends Error {
  override readonly name = 'TimeoutError';
}

/**
 * Runs `work` with an AbortSignal that fires after `ms`, and settles no later than that even when
 * the work ignores its signal (the in-process backend does).
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DeadlineExceeded(`no answer within ${ms} ms`);
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

export function timeoutProblem(what: 'token' | 'service', ms: number): ProblemError {
  const whom = what === 'token' ? "The service's token endpoint" : 'The student records service';
  return new ProblemError(
    504,
    `${whom} did not answer within ${seconds(ms)}. Try again in a minute; if it keeps happening the service is overloaded or down, so tell support.`,
    {
      type: UPSTREAM_PROBLEM.timeout,
    },
  );
}

export function unreachableProblem(what: 'token' | 'service', reason?: string): ProblemError {
  const whom = what === 'token' ? "the service's token endpoint" : 'the student records service';
  return new ProblemError(
    502,
    `The gateway could not reach ${whom}${reason ? ` (${reason})` : ''}. Try again shortly; if it persists, the service is down or the gateway's upstream address is wrong.`,
    {
      type: UPSTREAM_PROBLEM.unreachable,
    },
  );
}

export function credentialsProblem(): ProblemError {
  return new ProblemError(
    502,
    "The gateway could not authenticate to the service: it refused the gateway's credentials. Retrying will not help: an administrator must check the gateway's client ID, client secret and subscription key.",
    {
      type: UPSTREAM_PROBLEM.credentials,
    },
  );
}

const isTimeout = (error: unknown) =>
  error instanceof DeadlineExceeded ||
  (isApiError(error) && error.kind === 'timeout') ||
  (error instanceof Error && (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError')));

/** What a failed token request means for the person waiting. */
export function tokenFailure(error: unknown, ms: number): ProblemError {
  if (error instanceof ProblemError) return error;
  if (isTimeout(error)) return timeoutProblem('token', ms);
  if (isApiError(error) && error.kind === 'http') {
    // RFC 6749 §5.2: 400 invalid_client / 401 are refused credentials; anything else is the endpoint failing.
    if (error.status === 400 || error.status === 401 || error.status === 403) return credentialsProblem();
    return unreachableProblem('token', `it answered ${error.status}`);
  }
  if (isApiError(error) && error.kind === 'invalid-response') {
    return new ProblemError(502, "The service's token endpoint answered with something that is not a token. Tell support; retrying will not help.", {
      type: UPSTREAM_PROBLEM.invalid,
    });
  }
  return unreachableProblem('token', connectionReason(error));
}

/** What a failed call to the service means for the person waiting. */
export function serviceFailure(error: unknown, ms: number): ProblemError {
  if (error instanceof ProblemError) return error;
  if (isTimeout(error)) return timeoutProblem('service', ms);
  return unreachableProblem('service', connectionReason(error));
}

/** "connection refused", "host not found": never the address or anything else internal. */
function connectionReason(error: unknown): string | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'no route to host';
    cause = cause.cause;
  }
  return undefined;
}
