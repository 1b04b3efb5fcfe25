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
