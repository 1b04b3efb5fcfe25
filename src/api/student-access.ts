import { z } from 'zod';
import { ApiError } from './errors.ts';
import { getGatewayJson, postGatewayJson } from './gateway-json.ts';

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

/**
 * Whose records the signed-in person may open, when the gateway can list them: `students` (their
 * caseload and grants); `everyone` (records group, all-staff policy); `unknown` (the service has no
 * caseload extension). A list can then ask the service for those students alone.
 */
export const ScopeSchema = z.discriminatedUnion('scope', [
  z.looseObject({ scope: z.literal('everyone') }),
  z.looseObject({ scope: z.literal('students'), students: z.array(z.string()) }),
  z.looseObject({ scope: z.literal('unknown') }),
]);
export type Scope = z.infer<typeof ScopeSchema>;

const GrantSchema = z.looseObject({ student: z.string(), until: z.string() });

/** An export the app is about to give, logged by the gateway first (no entry, no file). */
export const exportsClient = {
  record: async (view: string, rows: number, students: readonly string[]): Promise<void> => {
    await postGatewayJson('exports.record', '/session/exports', { view, rows, students });
  },
};

export const studentAccessClient = {
  check: (student: string, signal?: AbortSignal): Promise<StudentAccess> =>
    getGatewayJson('studentAccess.check', `/session/access?student=${encodeURIComponent(student)}`, StudentAccessSchema, signal),
  scope: (signal?: AbortSignal): Promise<Scope> => getGatewayJson('studentAccess.scope', '/session/scope', ScopeSchema, signal),
  /** 201 `{ student, until }`; a reason under 10 characters is a 400 with a field error. */
  async request(student: string, reason: string, signal?: AbortSignal): Promise<z.infer<typeof GrantSchema>> {
    const url = '/session/access';
    const body = await postGatewayJson('studentAccess.request', url, { student, reason }, signal);
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
