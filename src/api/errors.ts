import type { z } from 'zod';
import type { Problem } from './schemas/index.ts';

/**
 * What went wrong, in the words a caller branches on:
 * - `http`: the service answered with a non-2xx status (`status`, and `problem` when the body is
 *   RFC 9457 problem details);
 * - `network`: no answer at all (refused connection, DNS, CORS, reset);
 * - `timeout`: the client's `timeoutMs` (or a caller's `AbortSignal.timeout`) ran out;
 * - `aborted`: the caller aborted the request through its signal;
 * - `invalid-response`: a 2xx whose body does not match the contract (`issues` say where), or an
 *   href the client refuses to follow.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** The client method that failed, e.g. `alerts.list`. */
  operation: string;
  message?: string;
  status?: number;
  problem?: Problem;
  /** The parsed error body when it is not problem details (e.g. an RFC 6749 token error). */
  body?: unknown;
  issues?: readonly z.core.$ZodIssue[];
  method?: string;
  url?: string;
  cause?: unknown;
}

/** The one error the typed client throws (STYLE "the transport never touches the UI"). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status: number | undefined;
  readonly problem: Problem | undefined;
  readonly body: unknown;
  readonly issues: readonly z.core.$ZodIssue[] | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message ?? defaultMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status;
    this.problem = init.problem;
    this.body = init.body;
    this.issues = init.issues;
    this.method = init.method;
    this.url = init.url;
  }
}

function defaultMessage(init: ApiErrorInit): string {
  switch (init.kind) {
    case 'http':
      return nonBlank(init.problem?.detail) ?? nonBlank(init.problem?.title) ?? `${init.operation} failed with HTTP ${init.status ?? '?'}`;
    case 'network':
      return `${init.operation} could not reach the service${causeText(init.cause)}`;
    case 'timeout':
      return `${init.operation} timed out`;
    case 'aborted':
      return `${init.operation} was aborted`;
    case 'invalid-response': {
      const first = init.issues?.[0];
      const where = first ? `: ${first.path.map(String).join('.') || '(root)'}: ${first.message}` : '';
      return `${init.operation} received a response that does not match the contract${where}`;
    }
  }
}

function nonBlank(s: string | undefined): string | undefined {
  return s !== undefined && s.trim() !== '' ? s : undefined;
}

function causeText(cause: unknown): string {
  return cause instanceof Error && cause.message ? ` (${cause.message})` : '';
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The service answered 404 (e.g. a real upstream without an extension, or an unknown person). */
export function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'http' && e.status === 404;
}

/** A 409: the service refused the write for the state the resource is in (a rule, or someone else first). */
export function isConflict(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'http' && e.status === 409;
}

/**
 * The field errors of a refused request, `{ [name]: message }`, for showing beside form fields.
 * The first message of a field wins. `where` restricts to one part of the request (`body` for
 * forms, `query` for filter bars). Anything that is not an ApiError with problem errors → `{}`.
 */
export function fieldErrors(e: unknown, where?: 'query' | 'path' | 'body' | 'header'): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(e) || !e.problem?.errors) return out;
  for (const err of e.problem.errors) {
    if (where !== undefined && err.in !== where) continue;
    if (!Object.hasOwn(out, err.name)) out[err.name] = err.message;
  }
  return out;
}

/** The kind of an abort, read from the signal's reason: a `TimeoutError` is a timeout. */
export function abortKind(reason: unknown): 'timeout' | 'aborted' {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError' ? 'timeout' : 'aborted';
}

/**
 * The gateway's own failures in reaching the service (#15.1), told apart by the problem's `type`:
 * slow (`timeout`, 504), down (`unreachable`, 502), or refusing the gateway's credentials
 * (`credentials`, 502: retrying cannot help), or answering nonsense (`invalid`).
 */
export type GatewayFailure = 'timeout' | 'unreachable' | 'credentials' | 'invalid';

const GATEWAY_FAILURES: Record<string, GatewayFailure> = {
  'urn:student-success:problem:upstream-timeout': 'timeout',
  'urn:student-success:problem:upstream-unreachable': 'unreachable',
  'urn:student-success:problem:upstream-credentials-refused': 'credentials',
  'urn:student-success:problem:upstream-invalid-response': 'invalid',
};

export function gatewayFailure(e: unknown): GatewayFailure | undefined {
  if (!isApiError(e) || e.kind !== 'http' || !e.problem?.type) return undefined;
  return GATEWAY_FAILURES[e.problem.type];
}
