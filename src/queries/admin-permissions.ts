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
 */
export function permissionOf(session: Session | null | undefined, name: PermissionName): PermissionState {
  if (!session) return { allowed: false, reason: 'You are not signed in.' };
  if (session.permissions[name]) return { allowed: true, reason: '' };
  const groups = session.requiredGroups;
  const need = name === 'editNetworks' ? `${groups.network} or ${groups.admin}` : groups.admin;
  return {
    allowed: false,
    reason: `Read only: only members of the “${need}” group may ${WHAT[name]}. You can look, but not change anything here.`,
  };
}

/** `permissionOf` for the session in the query cache (undefined while it loads counts as not allowed). */
export function usePermission(name: PermissionName): PermissionState & { session: Session | null | undefined } {
  const session = useQuery(sessionQueries.current()).data;
  return { ...permissionOf(session, name), session };
}
