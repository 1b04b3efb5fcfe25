import { z } from 'zod';
import { ApiError, abortKind } from './errors.ts';
import { ProblemSchema } from './schemas/index.ts';

/**
 * The gateway's change journal (#15.5; not part of the service): who changed what, when, with
 * the before and after of categories, triggers and networks. Administrators only. One entry's
 * shape, for the gateway that writes it and the client that reads it (loosely, as every answer).
 */
export const JournalEntrySchema = z.object({
  /** The database's number for it (absent on entries imported from the JSON-lines journal's era). */
  id: z.number().int().optional(),
  at: z.string(),
  requestId: z.string(),
  actor: z.string().nullable(),
  operation: z.string(),
  method: z.string(),
  /** The service path written to, without query. */
  path: z.string(),
  /** What was changed, e.g. `category/3`, `trigger/12`, `network/S000001`, `student/S000001`. */
  target: z.string(),
  /** null: the result was never recorded (the gateway stopped, or its database failed, mid-write). */
  status: z.number().int().nullable(),
  summary: z.record(z.string(), z.unknown()).optional(),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

export const JournalPageSchema = z.looseObject({
  values: z.array(JournalEntrySchema.loose()),
  /** Present when older entries match the filter: the next page's `before`. */
  older: z.string().optional(),
});

export interface JournalFilter {
  operation?: string | undefined;
  target?: string | undefined;
  actor?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  before?: string | undefined;
  limit?: number | undefined;
}

export const journalClient = {
  async list(filter: JournalFilter, signal?: AbortSignal): Promise<z.infer<typeof JournalPageSchema>> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== '') query.set(name, String(value));
    const url = `/admin/journal${query.size ? `?${query}` : ''}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', ...(signal ? { signal } : {}) });
    } catch (cause) {
      throw new ApiError({ kind: signal?.aborted ? abortKind(signal.reason) : 'network', operation: 'journal.list', method: 'GET', url, cause });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const problem = ProblemSchema.safeParse(body);
      throw new ApiError({ kind: 'http', operation: 'journal.list', method: 'GET', url, status: response.status, ...(problem.success ? { problem: problem.data } : {}) });
    }
    const parsed = JournalPageSchema.safeParse(body);
    if (!parsed.success) throw new ApiError({ kind: 'invalid-response', operation: 'journal.list', method: 'GET', url, status: response.status, issues: parsed.error.issues });
    return parsed.data;
  },
};
