import { useQuery } from '@tanstack/react-query';
import type { Permissions, Session } from '../api/session.ts';
import { sessionQueries } from './session.ts';

export type PermissionName = keyof Permissions;

export interface PermissionState {
  allowed: boolean;
  /** Why not, in a person's words (empty when allowed). */
  reason: string;
}

const WHAT: Record<PermissionName, string> = {
  editCategories: 'change categories',
  editTriggers: 'edit triggers or apply them to students',
  editNetworks: 'change success networks',
};

/**
 * May the signed-in person do this? The gateway decides from the identity provider's groups and
 * enforces it; the app only hides and explains.
 *
 * TRANSITIONAL: a session without `permissions` (a gateway from before sign-in by groups) counts
 * as allowed. This is the one place that assumption lives; when every gateway sends permissions,
 * make the missing case `allowed: false`.
 */
export function permissionOf(session: Session | null | undefined, name: PermissionName): PermissionState {
  if (!session) return { allowed: false, reason: 'You are not signed in.' };
  const permissions = session.permissions;
  if (!permissions) return { allowed: true, reason: '' };
  if (permissions[name]) return { allowed: true, reason: '' };
  const group = session.requiredGroups?.admin;
  const need = name === 'editNetworks' ? (session.requiredGroups ? `${session.requiredGroups.network} or ${session.requiredGroups.admin}` : undefined) : group;
  return {
    allowed: false,
    reason: `Read only: only members of the ${need ? `“${need}”` : 'administrators’'} group may ${WHAT[name]}. You can look, but not change anything here.`,
  };
}

/** `permissionOf` for the session in the query cache (undefined while it loads counts as not allowed). */
export function usePermission(name: PermissionName): PermissionState & { session: Session | null | undefined } {
  const session = useQuery(sessionQueries.current()).data;
  return { ...permissionOf(session, name), session };
}
