import { describe, expect, it } from 'vitest';
import { diffNetworks, mergeNetworks, movedMembers, networkRuleViolations } from './network-merge.ts';

const base = ['A', 'B', 'C', 'D'];

describe('diffNetworks', () => {
  it('names additions, removals and whether the kept members changed order', () => {
    expect(diffNetworks(base, ['A', 'C', 'E'])).toEqual({ added: ['E'], removed: ['B', 'D'], reordered: false });
    expect(diffNetworks(base, ['B', 'A', 'C', 'D'])).toEqual({ added: [], removed: [], reordered: true });
  });
});

describe('movedMembers', () => {
  it('is the fewest members whose moves explain the new order', () => {
    expect([...movedMembers(base, ['D', 'A', 'B', 'C'])]).toEqual(['D']);
    expect([...movedMembers(base, ['A', 'C', 'B', 'D'])]).toHaveLength(1);
    expect([...movedMembers(base, base)]).toEqual([]);
  });
});

describe('mergeNetworks', () => {
  it('writes yours as is when nobody else changed the network', () => {
    expect(mergeNetworks(base, [...base], ['A', 'E'])).toEqual({ status: 'unchanged', merged: ['A', 'E'] });
  });

  it('keeps both additions and both removals when the edits are disjoint', () => {
    const result = mergeNetworks(base, ['A', 'B', 'C', 'D', 'F'], ['A', 'C', 'D', 'E']);
    expect(result.status).toBe('merged');
    // Both appended: theirs were saved first, yours follow.
    expect(result.merged).toEqual(['A', 'C', 'D', 'F', 'E']);
    const removals = mergeNetworks(base, ['B', 'C', 'D'], ['A', 'B', 'C']);
    expect(removals).toMatchObject({ status: 'merged', merged: ['B', 'C'] });
  });

  it('places each addition after the member that preceded it on the side that added it', () => {
    expect(mergeNetworks(base, ['X', 'A', 'B', 'C', 'D'], ['A', 'B', 'Y', 'C', 'D']).merged).toEqual(['X', 'A', 'B', 'Y', 'C', 'D']);
    // The anchor is gone (the other side removed it): the nearest earlier member still present.
    expect(mergeNetworks(base, ['A', 'C', 'D'], ['A', 'B', 'Y', 'C', 'D']).merged).toEqual(['A', 'Y', 'C', 'D']);
  });

  it('treats the same addition or removal on both sides as one', () => {
    expect(mergeNetworks(base, ['A', 'B', 'C', 'E'], ['A', 'B', 'C', 'E', 'F'])).toMatchObject({ status: 'merged', merged: ['A', 'B', 'C', 'E', 'F'] });
  });

  it('takes the order of the only side that reordered, with the other side’s membership changes', () => {
    // Yours moved D to the top; they added E and removed B.
    expect(mergeNetworks(base, ['A', 'C', 'D', 'E'], ['D', 'A', 'B', 'C'])).toMatchObject({ status: 'merged', merged: ['D', 'A', 'C', 'E'] });
    // They moved C first; you removed A and added F at the end.
    expect(mergeNetworks(base, ['C', 'A', 'B', 'D'], ['B', 'C', 'D', 'F'])).toMatchObject({ status: 'merged', merged: ['C', 'B', 'D', 'F'] });
  });

  it('is a conflict when both sides reordered differently, with theirs’ order as the proposal', () => {
    const result = mergeNetworks(base, ['B', 'A', 'C', 'D'], ['A', 'B', 'D', 'C', 'E']);
    expect(result.status).toBe('conflict');
    if (result.status !== 'conflict') return;
    expect(result.reasons).toEqual(['Both changed the order of the network.']);
    expect(result.merged).toEqual(['B', 'A', 'C', 'D', 'E']);
  });

  it('accepts the same reorder made on both sides', () => {
    expect(mergeNetworks(base, ['D', 'A', 'B', 'C'], ['D', 'A', 'B', 'C', 'E'])).toMatchObject({ status: 'merged', merged: ['D', 'A', 'B', 'C', 'E'] });
  });

  it('is a conflict when one side moved a person the other removed', () => {
    const theirsMovedYoursRemoved = mergeNetworks(base, ['D', 'A', 'B', 'C'], ['A', 'B', 'C']);
    expect(theirsMovedYoursRemoved).toMatchObject({ status: 'conflict', reasons: ['D was moved in the saved network but removed in yours.'] });
    const yoursMovedTheirsRemoved = mergeNetworks(base, ['A', 'B', 'C'], ['D', 'A', 'B', 'C']);
    expect(yoursMovedTheirsRemoved).toMatchObject({ status: 'conflict', reasons: ['D was removed in the saved network but moved in yours.'] });
  });

  it('takes theirs when you changed nothing or made the same change', () => {
    expect(mergeNetworks(base, ['A', 'B'], [...base])).toMatchObject({ status: 'merged', merged: ['A', 'B'] });
    expect(mergeNetworks(base, ['A', 'B'], ['A', 'B'])).toMatchObject({ status: 'merged', merged: ['A', 'B'] });
  });

  it('is a conflict when the merged network would break the 500-member limit', () => {
    const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const result = mergeNetworks([], many('T', 300), many('Y', 300));
    expect(result.status).toBe('conflict');
    expect(result.merged).toHaveLength(600);
  });
});

describe('networkRuleViolations', () => {
  it('refuses the student themself, anyone twice and more than 500 members', () => {
    expect(networkRuleViolations('S1', ['E1', 'S1', 'E1']).map((v) => v.message)).toEqual([
      'S1 is the student: nobody can be in their own success network.',
      'E1 is listed twice.',
    ]);
    expect(
      networkRuleViolations(
        'S1',
        Array.from({ length: 501 }, (_, i) => `E${i}`),
      ),
    ).toHaveLength(1);
    expect(networkRuleViolations('S1', ['E1', 'E2'])).toEqual([]);
  });
});
