import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Page } from './http.ts';
import { isPartial, listAll, type PartialValues } from './paging.ts';
import type { PageParams } from './params.ts';
import { sleep } from './test-support.ts';

interface Params extends PageParams {
  filter?: string;
}

/** A fake list of `total` numbers, paged like the service, with observable concurrency. */
function fakeList(total: number, opts: { delayMs?: (page: number, pageSize: number) => number; failOn?: number; invalidOn?: number } = {}) {
  const state = { inFlight: 0, maxInFlight: 0, calls: [] as Params[], aborted: 0 };
  const fetchPage = async (params: Params, options: { signal?: AbortSignal }): Promise<Page<number>> => {
    state.calls.push(params);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      const page = params.page ?? 1;
      const pageSize = params.pageSize ?? 100;
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, opts.delayMs?.(page, pageSize) ?? 5);
        options.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          state.aborted += 1;
          reject(new ApiError({ kind: 'aborted', operation: 'fake.list' }));
        });
      });
      if (page === opts.failOn) throw new ApiError({ kind: 'http', operation: 'fake.list', status: 500 });
      const start = (page - 1) * pageSize;
      const values = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i);
      const invalid = page === opts.invalidOn ? [{ index: 0, issues: [], value: null }] : [];
      return {
        page,
        pageSize,
        totalValues: total,
        self: { href: 'x' },
        links: { first: { href: 'x' }, last: { href: 'x' } },
        values: invalid.length ? values.slice(1) : values,
        invalidCount: invalid.length,
        invalidItems: invalid,
      };
    } finally {
      state.inFlight -= 1;
    }
  };
  return { fetchPage, state };
}

describe('listAll', () => {
  it('returns every value in order, whatever order the pages arrive in', async () => {
    const { fetchPage, state } = fakeList(1050, { delayMs: (p) => (p % 2 === 0 ? 30 : 2) });
    const all = await listAll(fetchPage, { filter: 'x' }, { pageSize: 100 });
    expect(all.values).toEqual(Array.from({ length: 1050 }, (_, i) => i));
    expect(all.totalValues).toBe(1050);
    expect(all.pages).toBe(11);
    expect(state.calls[0]).toEqual({ filter: 'x', page: 1, pageSize: 100 });
    expect(state.calls.map((c) => c.page).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('fetches page 1 alone, then at most `concurrency` pages at once', async () => {
    const { fetchPage, state } = fakeList(2000, { delayMs: () => 10 });
    await listAll(fetchPage, {}, { pageSize: 100, concurrency: 3 });
    expect(state.maxInFlight).toBe(3);
    const sequential = fakeList(500);
    await listAll(sequential.fetchPage, {}, { pageSize: 100, concurrency: 1 });
    expect(sequential.state.maxInFlight).toBe(1);
  });

  it('defaults to pageSize 1000 and concurrency 4; one page means one request', async () => {
    const { fetchPage, state } = fakeList(7);
    const all = await listAll(fetchPage, {});
    expect(state.calls).toEqual([{ page: 1, pageSize: 1000 }]);
    expect(all.values).toHaveLength(7);
    const empty = fakeList(0);
    expect((await listAll(empty.fetchPage, {})).values).toEqual([]);
    const big = fakeList(10_000, { delayMs: () => 10 });
    await listAll(big.fetchPage, {});
    expect(big.state.calls).toHaveLength(10);
    expect(big.state.maxInFlight).toBe(4);
  });

  it('reports progress up to the total and sums invalid items', async () => {
    const { fetchPage } = fakeList(250, { invalidOn: 2 });
    const onProgress = vi.fn();
    const all = await listAll(fetchPage, {}, { pageSize: 100, onProgress });
    expect(onProgress).toHaveBeenCalledTimes(3);
    expect(onProgress).toHaveBeenNthCalledWith(1, { loaded: 100, total: 250 });
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 250, total: 250 });
    expect(all.invalidCount).toBe(1);
    expect(all.invalidItems[0]).toMatchObject({ page: 2, index: 0 });
    expect(all.values).toHaveLength(249);
  });

  it('is cancelled by the signal: rejects with an aborted ApiError and stops issuing requests', async () => {
    const { fetchPage, state } = fakeList(5000, { delayMs: () => 20 });
    const controller = new AbortController();
    const pending = listAll(fetchPage, {}, { pageSize: 100, signal: controller.signal });
    await sleep(50);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('aborted');
    const issued = state.calls.length;
    expect(issued).toBeLessThan(50);
    expect(state.aborted).toBeGreaterThan(0);
    await sleep(60);
    expect(state.calls.length).toBe(issued);
    expect(state.inFlight).toBe(0);
  });

  it('an already aborted signal issues nothing', async () => {
    const { fetchPage, state } = fakeList(10);
    await expect(listAll(fetchPage, {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'aborted' });
    expect(state.calls).toHaveLength(0);
  });

  it('a failing page rejects with its own error and stops the others', async () => {
    const { fetchPage, state } = fakeList(3000, { failOn: 3, delayMs: (p) => (p === 3 ? 1 : 40) });
    const error = await listAll(fetchPage, {}, { pageSize: 100, concurrency: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    await sleep(80);
    expect(state.calls.length).toBeLessThan(10);
  });

  it('shows the growing beginning through onPartial, in order, never the whole', async () => {
    // Pages 3-5 arrive before page 2, page 6 last: the beginning grows only when page 2 is in.
    const { fetchPage } = fakeList(550, { delayMs: (p) => (p === 2 ? 40 : p === 6 ? 80 : 2) });
    const partials: PartialValues<number>[] = [];
    const all = await listAll(fetchPage, {}, { pageSize: 100, concurrency: 4, onPartial: (p) => partials.push(p) });
    expect(partials.map((p) => p.values.length)).toEqual([100, 500]);
    for (const partial of partials) {
      expect(partial.partial).toBe(true);
      expect(isPartial(partial)).toBe(true);
      expect(partial.totalValues).toBe(550);
      expect(partial.values).toEqual(Array.from({ length: partial.values.length }, (_, i) => i));
    }
    expect(isPartial(all)).toBe(false);
    expect(all.values).toHaveLength(550);
  });

  it('with headSize, shows a small head first while page 1 is still on its way', async () => {
    const { fetchPage, state } = fakeList(2500, { delayMs: (_p, size) => (size === 20 ? 2 : 30) });
    const partials: number[] = [];
    const all = await listAll(fetchPage, {}, { headSize: 20, onPartial: (p) => partials.push(p.values.length) });
    expect(state.calls[0]).toEqual({ page: 1, pageSize: 20 });
    expect(partials).toEqual([20, 1000, 2000]);
    expect(all.values).toEqual(Array.from({ length: 2500 }, (_, i) => i));
  });

  it('asks for page 1 only once the head has answered; a failed head is not shown, page 1 still loads', async () => {
    const slowHead = fakeList(2500, { delayMs: (_p, size) => (size === 20 ? 30 : 2) });
    await listAll(slowHead.fetchPage, {}, { headSize: 20, concurrency: 1, onPartial: () => undefined });
    expect(slowHead.state.maxInFlight).toBe(1);
    expect(slowHead.state.calls.map((c) => [c.page, c.pageSize])).toEqual([
      [1, 20],
      [1, 1000],
      [2, 1000],
      [3, 1000],
    ]);

    const calls: number[] = [];
    const failingHead = fakeList(1500);
    const fetchPage: typeof failingHead.fetchPage = (params, options) => {
      calls.push(params.pageSize ?? 0);
      return params.pageSize === 20 ? Promise.reject(new ApiError({ kind: 'network', operation: 'fake.list' })) : failingHead.fetchPage(params, options);
    };
    const partials: number[] = [];
    const all = await listAll(fetchPage, {}, { headSize: 20, onPartial: (p) => partials.push(p.values.length) });
    expect(all.values).toHaveLength(1500);
    expect(calls).toEqual([20, 1000, 1000]);
    expect(partials).toEqual([1000]);
  });

  it('with beforeRestParse, page 1 is asked for at once but taken only once it allows, and so are the others', async () => {
    const { fetchPage, state } = fakeList(2500, { delayMs: (_p, size) => (size === 20 ? 2 : 5) });
    const gates: (() => void)[] = [];
    const wrapped: typeof fetchPage = async (params, options: { signal?: AbortSignal; beforeParse?: () => Promise<void> }) => {
      const page = await fetchPage(params, options);
      await options.beforeParse?.();
      return page;
    };
    const partials: number[] = [];
    const run = listAll(
      wrapped,
      {},
      { headSize: 20, onPartial: (p) => partials.push(p.values.length), beforeRestParse: () => new Promise<void>((resolve) => gates.push(resolve)) },
    );
    await sleep(40);
    // The head is shown and page 1 has arrived; it is not taken yet.
    expect(partials).toEqual([20]);
    expect(state.calls.map((c) => [c.page, c.pageSize])).toEqual([
      [1, 20],
      [1, 1000],
    ]);
    expect(gates).toHaveLength(1);
    gates[0]!();
    await sleep(40);
    expect(state.calls.map((c) => c.page)).toEqual([1, 1, 2, 3]);
    expect(gates).toHaveLength(3);
    expect(partials).toEqual([20, 1000]);
    gates.slice(1).forEach((open) => open());
    const all = await run;
    expect(all.values).toEqual(Array.from({ length: 2500 }, (_, i) => i));
    expect(partials).toEqual([20, 1000, 2000]);
  });

  it('with beforeRestRequest, page 1 is asked for only once it allows, after the head was shown', async () => {
    const { fetchPage, state } = fakeList(1500, { delayMs: () => 2 });
    let open: (() => void) | undefined;
    const partials: number[] = [];
    const run = listAll(
      fetchPage,
      {},
      { headSize: 20, onPartial: (p) => partials.push(p.values.length), beforeRestRequest: () => new Promise<void>((resolve) => (open = resolve)) },
    );
    await sleep(30);
    expect(partials).toEqual([20]);
    expect(state.calls.map((c) => [c.page, c.pageSize])).toEqual([[1, 20]]);
    open!();
    const all = await run;
    expect(all.values).toHaveLength(1500);
    expect(state.calls.map((c) => [c.page, c.pageSize])).toEqual([
      [1, 20],
      [1, 1000],
      [2, 1000],
    ]);
  });

  it('beforeRestParse is not used when no head was shown', async () => {
    const gate = vi.fn(() => Promise.resolve());
    await listAll(fakeList(2500).fetchPage, {}, { onPartial: () => undefined, beforeRestParse: gate });
    await listAll(fakeList(15).fetchPage, {}, { headSize: 20, onPartial: () => undefined, beforeRestParse: gate });
    expect(gate).not.toHaveBeenCalled();
  });

  it('a head that holds the whole list is the only request', async () => {
    const { fetchPage, state } = fakeList(15);
    const onPartial = vi.fn();
    const all = await listAll(fetchPage, {}, { headSize: 20, onPartial });
    expect(all.values).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(state.calls).toEqual([{ page: 1, pageSize: 20 }]);
    expect(onPartial).not.toHaveBeenCalled();
  });

  it('shows nothing partial for a list of one page, or after it is aborted', async () => {
    const onPartial = vi.fn();
    await listAll(fakeList(10).fetchPage, {}, { onPartial });
    expect(onPartial).not.toHaveBeenCalled();

    const controller = new AbortController();
    const slow = fakeList(3000, { delayMs: (p) => (p === 1 ? 2 : 50) });
    const run = listAll(slow.fetchPage, {}, { signal: controller.signal, onPartial });
    await sleep(20);
    controller.abort();
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    const calls = onPartial.mock.calls.length;
    await sleep(80);
    expect(onPartial).toHaveBeenCalledTimes(calls);
  });

  it('refuses a concurrency or pageSize below 1', async () => {
    const { fetchPage } = fakeList(1);
    await expect(listAll(fetchPage, {}, { concurrency: 0 })).rejects.toThrow(RangeError);
    await expect(listAll(fetchPage, {}, { pageSize: 0 })).rejects.toThrow(RangeError);
  });
});
