import { z } from 'zod';
import { ApiError, abortKind } from './errors.ts';
import { getGatewayJson } from './gateway-json.ts';
import { ProblemSchema } from './schemas/index.ts';

/**
 * Whether the signed-in person may open a student's records (#30; the gateway's, not the
 * service's): in the student's network, in the records group, by policy, or by a grant stated with
 * a reason; and the request for such a grant.
 */
export const StudentAccessSchema = z.looseObject({
  student: z.string(),
  allowed: z.boolean(),
  why: z.enum(['policy', 'records-group', 'network', 'grant', 'none']),
  until: z.string().optional(),
  grantHours: z.number(),
});
export type StudentAccess = z.infer<typeof StudentAccessSchema>;

const GrantSchema = z.looseObject({ student: z.string(), until: z.string() });

async function postJson(operation: string, url: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
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

/** An export the app is about to give, logged by the gateway first (no entry, no file). */
export const exportsClient = {
  record: async (view: string, rows: number, students: readonly string[]): Promise<void> => {
    await postJson('exports.record', '/session/exports', { view, rows, students });
  },
};

export const studentAccessClient = {
  check: (student: string, signal?: AbortSignal): Promise<StudentAccess> =>
    getGatewayJson('studentAccess.check', `/session/access?student=${encodeURIComponent(student)}`, StudentAccessSchema, signal),
  /** 201 `{ student, until }`; a reason under 10 characters is a 400 with a field error. */
  async request(student: string, reason: string, signal?: AbortSignal): Promise<z.infer<typeof GrantSchema>> {
    const url = '/session/access';
    const body = await postJson('studentAccess.request', url, { student, reason }, signal);
    const parsed = GrantSchema.safeParse(body);
    if (!parsed.success)
      throw new ApiError({
        kind: 'invalid-response',
        operation: 'studentAccess.request',
        method: 'POST',
        url,
        status: 201,
        issues: parsed.error.issues,
      });
    return parsed.data;
  },
};
