import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * #31 item 20: `npm ci` accepts the committed lock, as an institution's pipeline runs it. npm ci
 * refuses a lock that leaves out a package some locked package names, optional ones included
 * (unrs-resolver's bindings for other systems were missing: "Missing: @unrs/resolver-binding-…
 * from lock file"). Every dependency, optional or not, of every locked package must resolve to an
 * entry of the lock, the way Node resolves it: in the package's own node_modules, then upwards.
 */
interface LockedPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const root = join(import.meta.dirname, '../..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockedPackage> };

function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in lock.packages) return true;
    if (!base) return false;
    const at = base.lastIndexOf('node_modules/');
    base = at <= 0 ? '' : base.slice(0, at - 1);
  }
}

describe('package-lock.json', () => {
  it('names every package that a locked package depends on, optional ones included (npm ci accepts it)', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
        if (!resolves(path, name)) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
