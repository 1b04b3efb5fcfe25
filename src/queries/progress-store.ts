/**
 * The one progress store: how far each long load under way has come, by key, beside the query
 * cache. A query function (or a route's prefetch, which runs before the page exists) writes it;
 * the page reads it with `useSyncExternalStore(store.subscribe, () => store.get(key))`, so that
 * "Loaded 412 of 3,021" follows the load without the progress being part of the query's data (a
 * new data object per page of a list would re-render everything that reads the query).
 *
 * `throttleMs`: a key's later notices are told at most this often (its first notice and its end
 * at once; one held back is told before the end) — for a load that reports thousands of times.
 */
export interface ProgressStore<P> {
  get(key: string | number): P | undefined;
  /** `undefined`: the load has ended (or failed): the key is forgotten. */
  set(key: string | number, progress: P | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function createProgressStore<P>(options: { throttleMs?: number } = {}): ProgressStore<P> {
  const { throttleMs } = options;
  const current = new Map<string, P>();
  const held = new Map<string, P>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held.size === 0) return;
    for (const [key, progress] of held) current.set(key, progress);
    held.clear();
    emit();
  };
  return {
    get: (key) => current.get(String(key)),
    set(key, progress) {
      const id = String(key);
      if (throttleMs !== undefined && progress !== undefined && current.has(id)) {
        held.set(id, progress);
        timer ??= setTimeout(flush, throttleMs);
        return;
      }
      flush();
      if (progress === undefined) current.delete(id);
      else current.set(id, progress);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
