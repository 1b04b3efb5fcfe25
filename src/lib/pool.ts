/**
 * The one concurrency pool: runs `work` over `items` with at most `limit` in flight, each item
 * taken in order as a slot frees; the results in the items' order. For many requests of one kind
 * (pages of a list, one write per student) that should overlap without flooding the service.
 *
 * - `signal`: once aborted, no further item is taken and the pool rejects with its reason;
 * - `stop`: once true, no further item is taken and the pool resolves quietly (what was started
 *   settles) — for a caller that records each outcome itself;
 * - a `work` that rejects rejects the pool (the others finish what they hold and take no more only
 *   if `stop` says so): catch in `work` to carry on past a failure.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  options: { signal?: AbortSignal; stop?: () => boolean } = {},
): Promise<R[]> {
  const { signal, stop } = options;
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted();
      if (stop?.()) return;
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, Math.floor(limit)), items.length) }, worker));
  return results;
}
