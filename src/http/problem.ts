import type { Problem, ProblemFieldError } from '../api/schemas/index.ts';
import { respond } from './known-body.ts';

const TITLES: Record<number, [slug: string, title: string]> = {
  400: ['invalid-request', 'Invalid request'],
  401: ['unauthorized', 'Authorization failed'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not found'],
  405: ['method-not-allowed', 'Method not allowed'],
  409: ['conflict', 'Conflict'],
  413: ['payload-too-large', 'Request body too large'],
  415: ['unsupported-media-type', 'Unsupported media type'],
  500: ['internal-error', 'Internal server error'],
  502: ['bad-gateway', 'The service could not be reached'],
  503: ['service-unavailable', 'Service unavailable'],
  504: ['gateway-timeout', 'The service did not answer in time'],
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Thrown anywhere below a route; the app's error handler turns it into problem+json. */
export class ProblemError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: ProblemFieldError[] | undefined;
  readonly headers: Record<string, string>;
  readonly typeSlug: string | undefined;

  constructor(status: number, detail: string, options: { errors?: ProblemFieldError[]; headers?: Record<string, string>; type?: string } = {}) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.typeSlug = options.type;
  }
}

export function problemBody(status: number, detail: string, extra: Partial<Problem> & { typeSlug?: string } = {}): Problem {
  const [slug, title] = TITLES[status] ?? ['error', 'Error'];
  const { typeSlug, ...rest } = extra;
  return {
    type: `urn:student-success:problem:${typeSlug ?? slug}`,
    title,
    status,
    detail,
    ...rest,
  };
}

export function problemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  return respond(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
  });
}

/** A request body's validation issues (zod's) as a problem's field errors; the body itself is named `body`. */
export const bodyErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): ProblemFieldError[] =>
  issues.map((i) => ({ in: 'body', name: i.path.join('.') || 'body', message: i.message }));

export const badRequest = (detail: string, errors?: ProblemFieldError[]) => new ProblemError(400, detail, errors ? { errors } : {});
export const notFound = (detail: string) => new ProblemError(404, detail);
export const conflict = (detail: string, type?: string) => new ProblemError(409, detail, type ? { type } : {});
