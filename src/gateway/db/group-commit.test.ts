import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

describe('group commit', () => {
  it('writes the items of one moment in one commit, and those that arrive during it in the next', async () => {
    const commits: number[][] = [];
    let release: () => void = () => {};
    const record = groupCommit<number>(async (items) => {
      commits.push([...items]);
      if (commits.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = [record(1), record(2), record(3)];
    await Promise.resolve();
    await Promise.resolve();
    const later = [record(4), record(5)];
    release();
    await Promise.all([...first, ...later]);
    expect(commits).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('a failed commit fails every caller of its batch, and the next batch is written', async () => {
    let fail = true;
    const written: string[] = [];
    const record = groupCommit<string>(async (items) => {
      if (fail) {
        fail = false;
        throw new Error('disk full');
      }
      written.push(...items);
    });
    const failed = await Promise.allSettled([record('a'), record('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await record('c');
    expect(written).toEqual(['c']);
  });
});
