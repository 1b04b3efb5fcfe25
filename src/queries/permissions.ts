import { useQuery } from '@tanstack/react-query';
import type { Permissions, Session } from '../api/session.ts';
import { sessionQueries } from './session.ts';

export type PermissionName = keyof Permissions;

export interface Permission {
  allowed: boolean;
  /** Why not, in words a person can act on (which group to ask for); absent when allowed or not known yet. */
  reason?: string | undefined;
}

export interface PermissionState extends Permission {
  /** The session is still loading: neither allowed nor refused yet. */
  pending: boolean;
}

// One wording for every page: a person sees the same sentence wherever the same rule stops them.
const WHAT: Record<PermissionName, string> = {
  editCategories: 'edit categories',
  editTriggers: 'edit triggers or apply them to students',
  editNetworks: 'change success networks',
};

/**
 * What the signed-in person may do, from the session the gateway sends. The gateway enforces the
 * same rules; the app only hides and explains. Undefined (the session loading) is no answer yet.
 */
export function permissionOf(session: Session | null | undefined, name: PermissionName): Permission {
  if (session === undefined) return { allowed: false };
  if (session === null) return { allowed: false, reason: 'You are not signed in.' };
  if (session.permissions[name]) return { allowed: true };
  const groups = session.requiredGroups;
  const needs = name === 'editNetworks' ? `“${groups.network}” or “${groups.admin}”` : `“${groups.admin}”`;
  return { allowed: false, reason: `You can see this but not ${WHAT[name]}: that needs membership of the ${needs} group.` };
}

/** `permissionOf` with whether the session is still loading (pure: pages and tests can call it directly). */
export function permissionState(session: Session | null | undefined, name: PermissionName): PermissionState {
  return { reason: undefined, ...permissionOf(session, name), pending: session === undefined };
}

/**
 * `permissionState` for the signed-in person (the session query the shell already made), with the
 * session itself: a write names its author.
 */
export function usePermission(name: PermissionName): PermissionState & { session: Session | null | undefined } {
  const session = useQuery(sessionQueries.current()).data;
  return { ...permissionState(session, name), session };
}

/** Whether the signed-in person is an administrator (ADMIN_GROUP): the logs are theirs to read. */
export function useIsAdmin(): boolean {
  const session = useQuery(sessionQueries.current()).data;
  return Boolean(session && session.groups.includes(session.requiredGroups.admin));
}
