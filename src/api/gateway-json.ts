import type { z } from 'zod';
import { ApiError, abortKind } from './errors.ts';
import { ProblemSchema } from './schemas/index.ts';

/** A query string of the filter's set values (empty ones left out). */
export function filterQuery(filter: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== '') query.set(name, String(value));
  return query.size ? `?${query}` : '';
}

/**
 * GET one of the gateway's own JSON answers (the journal, the access log: not the service's), as
 * the typed client reads the service's: problems and unreadable answers become an ApiError.
 */
export async function getGatewayJson<S extends z.ZodType>(operation: string, url: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', ...(signal ? { signal } : {}) });
  } catch (cause) {
    throw new ApiError({ kind: signal?.aborted ? abortKind(signal.reason) : 'network', operation, method: 'GET', url, cause });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = ProblemSchema.safeParse(body);
    throw new ApiError({ kind: 'http', operation, method: 'GET', url, status: response.status, ...(problem.success ? { problem: problem.data } : {}) });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError({ kind: 'invalid-response', operation, method: 'GET', url, status: response.status, issues: parsed.error.issues });
  return parsed.data;
}

/**
 * POST JSON to one of the gateway's own routes (a grant, an export's trace, an end of sessions):
 * problems and unreachable answers become an ApiError; the answer is returned unparsed.
 */
export async function postGatewayJson(operation: string, url: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    throw new ApiError({ kind: signal?.aborted ? abortKind(signal.reason) : 'network', operation, method: 'POST', url, cause });
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = ProblemSchema.safeParse(answer);
    throw new ApiError({ kind: 'http', operation, method: 'POST', url, status: response.status, ...(problem.success ? { problem: problem.data } : {}) });
  }
  return answer;
}
