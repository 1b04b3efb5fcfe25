import { describe, expect, it } from 'vitest';
import { mapPool } from './map-pool.ts';

describe('mapPool', () => {
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
