import { z } from 'zod';
import { ApiError } from './errors.ts';
import { ProblemSchema } from './schemas/index.ts';

/**
 * The gateway's session endpoints (not part of the service): who is signed in in this browser.
 * Same origin, cookie-based; no credential ever passes through here.
 */
/**
 * What the app may do for the signed-in person, decided by the gateway from the identity
 * provider's groups (the gateway enforces the same rules; the app only hides and explains).
 */
export const PermissionsSchema = z.object({
  /** E14: rename, activate, deactivate categories (ADMIN_GROUP). */
  editCategories: z.boolean(),
  /** E13: edit triggers and apply them to students (ADMIN_GROUP). */
  editTriggers: z.boolean(),
  /** E16: replace success networks (NETWORK_GROUP or ADMIN_GROUP). */
  editNetworks: z.boolean(),
});
export type Permissions = z.infer<typeof PermissionsSchema>;

/** The configured group names, so the app can say which membership a refused action needs. */
export const RequiredGroupsSchema = z.object({ staff: z.string(), admin: z.string(), network: z.string() });

export const SessionSchema = z.looseObject({
  identifier: z.string(),
  /** Display name from the identity provider's `name` claim. */
  name: z.string().optional(),
  person: z.looseObject({ identifier: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role: z.string() }).optional(),
  groups: z.array(z.string()).optional(),
  permissions: PermissionsSchema.optional(),
  requiredGroups: RequiredGroupsSchema.optional(),
});
export type Session = z.infer<typeof SessionSchema>;

async function call(operation: string, method: string, body?: unknown): Promise<Response> {
  try {
    return await fetch('/session', {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (cause) {
    throw new ApiError({ kind: 'network', operation, method, url: '/session', cause });
  }
}

async function failure(operation: string, method: string, response: Response): Promise<ApiError> {
  const problem = ProblemSchema.safeParse(await response.json().catch(() => undefined));
  return new ApiError({ kind: 'http', operation, method, url: '/session', status: response.status, ...(problem.success ? { problem: problem.data } : {}) });
}

export const StaffSchema = z.array(
  z.looseObject({ identifier: z.string(), firstName: z.string(), lastName: z.string(), role: z.string() }),
);
export type StaffMember = z.infer<typeof StaffSchema>[number];

export const sessionClient = {
  /** Staff to sign in as (the demo sign-in of the reference backend). */
  async staff(q: string, signal?: AbortSignal): Promise<StaffMember[]> {
    let response: Response;
    try {
      response = await fetch(`/session/staff?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
    } catch (cause) {
      throw new ApiError({ kind: signal?.aborted ? 'aborted' : 'network', operation: 'session.staff', method: 'GET', url: '/session/staff', cause });
    }
    if (!response.ok) throw await failure('session.staff', 'GET', response);
    return StaffSchema.parse(await response.json());
  },
  /** The signed-in person, or null when nobody is. */
  async current(): Promise<Session | null> {
    const response = await call('session.current', 'GET');
    if (response.status === 401) return null;
    if (!response.ok) throw await failure('session.current', 'GET', response);
    return SessionSchema.parse(await response.json());
  },
  async signIn(identifier: string): Promise<Session> {
    const response = await call('session.signIn', 'POST', { identifier });
    if (!response.ok) throw await failure('session.signIn', 'POST', response);
    return SessionSchema.parse(await response.json());
  },
  async signOut(): Promise<void> {
    const response = await call('session.signOut', 'DELETE');
    if (!response.ok && response.status !== 401) throw await failure('session.signOut', 'DELETE', response);
  },
};
