import { describe, expect, it } from 'vitest';
import type { Session } from '../api/session.ts';
import { permissionOf, permissionState } from './permissions.ts';

const session = (extra: Partial<Session> = {}): Session => ({
  identifier: 'E0001',
  groups: ['success-staff'],
  permissions: { editCategories: true, editTriggers: true, editNetworks: true },
  requiredGroups: { staff: 'success-staff', admin: 'success-admins', network: 'success-network-editors' },
  ...extra,
});

describe('permissionOf', () => {
  it('allows what the session grants and explains what it refuses, naming the groups', () => {
    const granted = session({ permissions: { editCategories: false, editTriggers: false, editNetworks: true } });
    expect(permissionOf(granted, 'editNetworks')).toEqual({ allowed: true });
    const refused = session({
      permissions: { editCategories: false, editTriggers: false, editNetworks: false },
      requiredGroups: { staff: 'staff', admin: 'admins', network: 'network-editors' },
    });
    expect(permissionOf(refused, 'editNetworks')).toEqual({
      allowed: false,
      reason: 'You can see this but not change success networks: that needs membership of the “network-editors” or “admins” group.',
    });
    expect(permissionOf(refused, 'editCategories').reason).toContain('“admins” group');
  });

  it('refuses when nobody is signed in', () => {
    expect(permissionOf(null, 'editNetworks').allowed).toBe(false);
  });
});

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
