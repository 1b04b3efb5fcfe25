import type { z } from 'zod';
import { ApiError, abortKind } from './errors.ts';
import { ProblemSchema } from './schemas/index.ts';

/** A query string of the filter's set values (empty ones left out). */
export function filterQuery(filter: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== '') query.set(name, String(value));
  return query.size ? `?${query}` : '';
}

/** One request to the gateway's own routes: its answer, or an ApiError for a problem or no answer. */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send(operation: string, method: Method, url: string, body: unknown, signal?: AbortSignal): Promise<{ status: number; answer: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body !== undefined ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    throw new ApiError({ kind: signal?.aborted ? abortKind(signal.reason) : 'network', operation, method, url, cause });
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = ProblemSchema.safeParse(answer);
    throw new ApiError({ kind: 'http', operation, method, url, status: response.status, ...(problem.success ? { problem: problem.data } : {}) });
  }
  return { status: response.status, answer };
}

function parsed<S extends z.ZodType>(
  operation: string,
  method: Method,
  url: string,
  schema: S,
  { status, answer }: { status: number; answer: unknown },
): z.infer<S> {
  const result = schema.safeParse(answer);
  if (!result.success) throw new ApiError({ kind: 'invalid-response', operation, method, url, status, issues: result.error.issues });
  return result.data;
}

/**
 * GET one of the gateway's own JSON answers (the journal, the access log: not the service's), as
 * the typed client reads the service's: problems and unreadable answers become an ApiError.
 */
export async function getGatewayJson<S extends z.ZodType>(operation: string, url: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  return parsed(operation, 'GET', url, schema, await send(operation, 'GET', url, undefined, signal));
}

/**
 * POST JSON to one of the gateway's own routes (a grant, an export's trace, an end of sessions):
 * problems and unreachable answers become an ApiError; the answer is returned unparsed.
 */
export async function postGatewayJson(operation: string, url: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  return (await send(operation, 'POST', url, body, signal)).answer;
}

/** As `postGatewayJson`, the answer parsed by `schema` (a batch the gateway made). */
export async function postGatewayParsed<S extends z.ZodType>(
  operation: string,
  url: string,
  body: unknown,
  schema: S,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return parsed(operation, 'POST', url, schema, await send(operation, 'POST', url, body, signal));
}

/** PUT, POST or DELETE to one of the gateway's own routes, the answer parsed by `schema` (a claim, the notification settings). */
export async function sendGatewayParsed<S extends z.ZodType>(
  operation: string,
  method: Exclude<Method, 'GET'>,
  url: string,
  body: unknown,
  schema: S,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return parsed(operation, method, url, schema, await send(operation, method, url, body, signal));
}
