import { describe, expect, it } from 'vitest';
import { paths } from './route-table.ts';

describe('paths', () => {
  it('spells every in-app link once, encoding what it is given', () => {
    expect(paths.student('S000123')).toBe('/students/S000123');
    expect(paths.student('a/b c')).toBe('/students/a%2Fb%20c');
    expect(paths.student('S1', { categories: '3,7', q: undefined })).toBe('/students/S1?categories=3%2C7');
    expect(paths.alerts()).toBe('/alerts');
    expect(paths.alerts(new URLSearchParams('status=all'))).toBe('/alerts?status=all');
    expect(paths.students()).toBe('/students');
    expect(paths.signIn()).toBe('/sign-in');
    expect(paths.start()).toBe('/');
  });
});
