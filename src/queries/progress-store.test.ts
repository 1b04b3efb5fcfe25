import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgressStore } from './progress-store.ts';

afterEach(() => vi.useRealTimers());

describe('createProgressStore', () => {
  it('tells every change at once without a throttle, and forgets a key whose load has ended', () => {
    const store = createProgressStore<number>();
    const seen: (number | undefined)[] = [];
    const off = store.subscribe(() => seen.push(store.get('a')));
    store.set('a', 1);
    store.set('a', 2);
    store.set('a', undefined);
    off();
    store.set('a', 3);
    expect(seen).toEqual([1, 2, undefined]);
    expect(store.get('a')).toBe(3);
  });

  it('with a throttle: the first notice and the end at once, the ones between at most so often', () => {
    vi.useFakeTimers();
    const store = createProgressStore<number>({ throttleMs: 250 });
    const seen: (number | undefined)[] = [];
    store.subscribe(() => seen.push(store.get(7)));
    store.set(7, 1);
    store.set(7, 2);
    store.set(7, 3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(250);
    expect(seen).toEqual([1, 3]);
    store.set(7, 4);
    store.set(7, undefined);
    // The one held back is told before the end.
    expect(seen).toEqual([1, 3, 4, undefined]);
  });
});
