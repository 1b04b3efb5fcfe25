import { describe, expect, it } from 'vitest';
import { mapPool } from './pool.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapPool', () => {
  it('keeps order, never exceeds its limit, and takes items in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const out = await mapPool([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await tick(n);
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
    expect(started).toEqual([5, 1, 4, 2, 3, 0, 6]);
  });

  it('takes no further item once `stop` says so, and resolves', async () => {
    const done: number[] = [];
    let stopped = false;
    await mapPool(
      [1, 2, 3, 4, 5],
      1,
      async (n) => {
        await tick(1);
        done.push(n);
        if (n === 2) stopped = true;
      },
      { stop: () => stopped },
    );
    expect(done).toEqual([1, 2]);
  });

  it('rejects with the reason once its signal is aborted, taking no further item', async () => {
    const controller = new AbortController();
    const done: number[] = [];
    const run = mapPool(
      [1, 2, 3, 4],
      1,
      async (n) => {
        done.push(n);
        if (n === 2) controller.abort(new Error('enough'));
        await tick(1);
      },
      { signal: controller.signal },
    );
    await expect(run).rejects.toThrow('enough');
    expect(done).toEqual([1, 2]);
  });

  it('rejects with the first failing item', async () => {
    await expect(mapPool([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n))).rejects.toThrow('two');
  });

  it('does nothing for no items', async () => {
    expect(await mapPool([], 4, async () => 1)).toEqual([]);
  });

  it('keeps order and never exceeds its limit', async () => {
    let running = 0;
    let most = 0;
    const out = await mapPool([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
  });
});
