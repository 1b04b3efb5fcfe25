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
export const RequiredGroupsSchema = z.object({ staff: z.string(), admin: z.string(), network: z.string(), records: z.string().optional() });

export const SessionSchema = z.looseObject({
  /** The person's identifier in the service (the provider's OIDC_IDENTIFIER_CLAIM). */
  identifier: z.string(),
  /** Display name from the identity provider's `name` claim. */
  name: z.string().optional(),
  /** Present only when the people extension answered (never in front of a plain E1–E19 service). */
  person: z.looseObject({ identifier: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role: z.string() }).optional(),
  groups: z.array(z.string()),
  permissions: PermissionsSchema,
  requiredGroups: RequiredGroupsSchema,
  /** Who may open a student's records (the gateway's ACCESS_POLICY); absent from an older gateway. */
  accessPolicy: z.enum(['relationship', 'all-staff']).optional(),
  /** Present when the gateway has a confidentiality notice: whether this person accepted its current version. */
  notice: z.looseObject({ version: z.string(), accepted: z.boolean() }).optional(),
  /** ALERT_RESPONSE_DAYS: days an open alert may wait for its first comment (#32); absent from an older gateway. */
  alertResponseDays: z.number().int().positive().optional(),
});
export type Session = z.infer<typeof SessionSchema>;
export type RequiredGroups = z.infer<typeof RequiredGroupsSchema>;

/** The person's name for the header: the provider's, else the people extension's, else the identifier. */
export function displayName(session: Session): string {
  if (session.name) return session.name;
  if (session.person) return `${session.person.firstName} ${session.person.lastName}`;
  return session.identifier;
}

const SignOutSchema = z.looseObject({ signedOut: z.literal(true), endSessionUrl: z.string().optional() });

async function failure(operation: string, method: string, url: string, response: Response): Promise<ApiError> {
  const problem = ProblemSchema.safeParse(await response.json().catch(() => undefined));
  return new ApiError({ kind: 'http', operation, method, url, status: response.status, ...(problem.success ? { problem: problem.data } : {}) });
}

async function call(operation: string, method: string, url: string): Promise<Response> {
  try {
    return await fetch(url, { method, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch (cause) {
    throw new ApiError({ kind: 'network', operation, method, url, cause });
  }
}

/** Where the browser goes to sign in and come back to `returnTo` (a path of this origin). */
export const signInUrl = (returnTo: string) => `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`;

export const sessionClient = {
  /** The signed-in person, or null when nobody is (or the session has ended). */
  async current(): Promise<Session | null> {
    const response = await call('session.current', 'GET', '/session');
    if (response.status === 401) return null;
    if (!response.ok) throw await failure('session.current', 'GET', '/session', response);
    return SessionSchema.parse(await response.json());
  },
  /** Ends the session at the gateway; the answer may name the provider's logout page to visit next. */
  async signOut(): Promise<{ endSessionUrl?: string }> {
    const response = await call('session.signOut', 'POST', '/auth/sign-out');
    if (!response.ok) throw await failure('session.signOut', 'POST', '/auth/sign-out', response);
    const parsed = SignOutSchema.parse(await response.json());
    return parsed.endSessionUrl ? { endSessionUrl: parsed.endSessionUrl } : {};
  },
};
