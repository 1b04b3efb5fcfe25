import type { OperationName } from '../api/operations.ts';

/**
 * Who may do what, from the identity provider's groups. The gateway enforces it on /api; the
 * app reads the same answer from GET /session to hide or explain what a person may not do.
 */
export interface Groups {
  staff: string;
  admin: string;
  network: string;
  /** RECORDS_GROUP: institution-wide access to students' records (#30). */
  records?: string;
}

export interface Permissions {
  editCategories: boolean;
  editTriggers: boolean;
  editNetworks: boolean;
}

export type Permission = keyof Permissions;

export function permissionsFor(groups: readonly string[], required: Groups): Permissions {
  const admin = groups.includes(required.admin);
  return { editCategories: admin, editTriggers: admin, editNetworks: admin || groups.includes(required.network) };
}

/**
 * The development provider's groups, from the seed's roles, so every permission can be tried:
 * every staff member is staff; role Staff (the coordinators) also admin and, institution-wide,
 * the records group; Advisor and Coach also network editors, and see the students of their own
 * networks; students are in no group.
 */
export function groupsForRole(role: string, groups: Groups): string[] {
  if (role === 'Student') return [];
  const out = [groups.staff];
  if (role === 'Staff') out.push(groups.admin, ...(groups.records ? [groups.records] : []));
  if (role === 'Advisor' || role === 'Coach') out.push(groups.network);
  return out;
}

/** The operations that need more than being signed in (E14, E13, E16), by the table's names. */
const GUARDED: Partial<Record<OperationName, { permission: Permission; operation: string }>> = {
  'categories.edit': { permission: 'editCategories', operation: 'Editing categories' },
  'triggers.update': { permission: 'editTriggers', operation: 'Editing triggers' },
  'people.successNetwork.replace': { permission: 'editNetworks', operation: 'Changing a success network' },
};

export interface Refusal {
  permission: Permission;
  /** The group(s) that would grant it, for the problem's detail. */
  groups: string[];
  detail: string;
}

/** Why this operation is refused to this person (403), or undefined when they may call it. */
export function refusalFor(operation: OperationName, permissions: Permissions, required: Groups): Refusal | undefined {
  const rule = GUARDED[operation];
  if (!rule || permissions[rule.permission]) return undefined;
  const groups = rule.permission === 'editNetworks' ? [required.network, required.admin] : [required.admin];
  const needs = groups.length === 1 ? `membership of the group '${groups[0]}'` : `membership of '${groups[0]}' or '${groups[1]}'`;
  return { permission: rule.permission, groups, detail: `${rule.operation} needs ${needs}, which you do not have` };
}
