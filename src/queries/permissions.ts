import { useQuery } from '@tanstack/react-query';
import type { Permissions, Session } from '../api/session.ts';
import { sessionQueries } from './session.ts';

export interface Permission {
  allowed: boolean;
  /** Why not, in a person's words (absent when allowed). */
  reason?: string;
}

const WHAT: Record<keyof Permissions, string> = {
  editCategories: 'edit categories',
  editTriggers: 'edit triggers',
  editNetworks: 'change success networks',
};

/**
 * What the signed-in person may do, from the session the gateway sends. The gateway enforces the
 * same rules; the app only hides and explains.
 */
export function permissionOf(session: Session | null | undefined, name: keyof Permissions): Permission {
  if (!session) return { allowed: false, reason: `Sign in to ${WHAT[name]}.` };
  if (session.permissions[name]) return { allowed: true };
  const groups = session.requiredGroups;
  const needs = name === 'editNetworks' ? `membership of the “${groups.network}” or “${groups.admin}” group` : `membership of the “${groups.admin}” group`;
  return { allowed: false, reason: `You can see this but not ${WHAT[name]}: that needs ${needs}.` };
}

/** `permissionOf` for the signed-in person (the session query the shell already made). */
export function usePermission(name: keyof Permissions): Permission & { pending: boolean } {
  const session = useQuery(sessionQueries.current());
  return { ...permissionOf(session.data, name), pending: session.isPending };
}
