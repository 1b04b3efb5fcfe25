import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionClient, signInUrl, type Permissions, type Session } from '../api/session.ts';

export const sessionQueries = {
  all: ['session'] as const,
  current: () =>
    queryOptions({ queryKey: [...sessionQueries.all, 'current'] as const, queryFn: () => sessionClient.current(), staleTime: 5 * 60_000 }),
};

/** Where the browser is now, as the path to come back to after signing in. */
export const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * The session has ended (a 401 from /api, or GET /session says so): nobody's name stays on
 * screen, and the person goes to sign in and comes back here. Drafts are in localStorage already.
 */
export function sessionEnded(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueries.current().queryKey, null);
  window.location.assign(signInUrl(currentPath()));
}

/** Signing out: the session goes at the gateway, then the provider's own logout when it has one. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sessionClient.signOut(),
    onSuccess: ({ endSessionUrl }) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, null);
      window.location.assign(endSessionUrl ?? '/auth/signed-out');
    },
  });
}

export type PermissionName = keyof Permissions;

export interface PermissionState {
  allowed: boolean;
  /** Why not, in words a person can act on (which group to ask for); undefined when allowed or unknown yet. */
  reason: string | undefined;
  /** The session is still loading: neither allowed nor refused yet. */
  pending: boolean;
}

const WHAT: Record<PermissionName, string> = {
  editCategories: 'edit categories',
  editTriggers: 'edit triggers',
  editNetworks: 'change success networks',
};

/** The answer for one permission, from a session (pure: pages and tests can call it directly). */
export function permissionState(session: Session | null | undefined, permission: PermissionName): PermissionState {
  if (!session) return { allowed: false, reason: session === null ? 'You are not signed in.' : undefined, pending: session === undefined };
  if (session.permissions[permission]) return { allowed: true, reason: undefined, pending: false };
  const groups = session.requiredGroups;
  const needs = permission === 'editNetworks' ? `the group “${groups.network}” or “${groups.admin}”` : `the group “${groups.admin}”`;
  return { allowed: false, reason: `Only members of ${needs} can ${WHAT[permission]}; ask your identity administrators if you need to.`, pending: false };
}

/** Whether the signed-in person may do `permission`, and why not: pages disable and explain with it. */
export function usePermission(permission: PermissionName): PermissionState {
  const session = useQuery(sessionQueries.current());
  return permissionState(session.data, permission);
}
