import { describe, expect, it } from 'vitest';
import type { Session } from '../api/session.ts';
import { permissionState } from './session.ts';

const advisor: Session = {
  identifier: 'E0002',
  name: 'William Allen',
  groups: ['success-staff', 'success-network-editors'],
  permissions: { editCategories: false, editTriggers: false, editNetworks: true },
  requiredGroups: { staff: 'success-staff', admin: 'success-admins', network: 'success-network-editors' },
};

describe('permissionState', () => {
  it('refuses a plain advisor category and trigger editing, naming the group to ask for', () => {
    for (const permission of ['editCategories', 'editTriggers'] as const) {
      const state = permissionState(advisor, permission);
      expect(state.allowed).toBe(false);
      expect(state.reason).toMatch(/“success-admins”/);
    }
    expect(permissionState(advisor, 'editCategories').reason).toMatch(/edit categories/);
  });

  it('allows what the session allows, and is neither while the session loads', () => {
    expect(permissionState(advisor, 'editNetworks')).toEqual({ allowed: true, reason: undefined, pending: false });
    expect(permissionState(undefined, 'editNetworks')).toEqual({ allowed: false, reason: undefined, pending: true });
    expect(permissionState(null, 'editNetworks').reason).toMatch(/not signed in/);
  });
});
