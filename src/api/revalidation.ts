/**
 * The last ETag and parsed body of each GET URL (issue #14 item 2), so a refetch sends
 * If-None-Match and a 304 reuses what the client already has: after a write, only the pages that
 * changed cross the network again. Held in memory (the gateway marks /api `no-store`, so the
 * browser's own cache keeps nothing), bounded by entries and by the size of the bodies.
 */
export interface Validated {
  etag: string;
  body: unknown;
  size: number;
}

export interface ValidatorCacheOptions {
  maxEntries?: number;
  /** Sum of the kept bodies' lengths in characters. */
  maxSize?: number;
}

export class ValidatorCache {
  readonly #entries = new Map<string, Validated>();
  readonly #maxEntries: number;
  readonly #maxSize: number;
  #size = 0;

  constructor(options: ValidatorCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 500;
    this.#maxSize = options.maxSize ?? 64 * 1024 * 1024;
  }

  get(url: string): Validated | undefined {
    const entry = this.#entries.get(url);
    if (entry) {
      // Most recently used last: eviction takes from the front.
      this.#entries.delete(url);
      this.#entries.set(url, entry);
    }
    return entry;
  }

  set(url: string, entry: Validated): void {
    this.delete(url);
    if (entry.size > this.#maxSize) return;
    this.#entries.set(url, entry);
    this.#size += entry.size;
    for (const [oldest, old] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#size <= this.#maxSize) break;
      this.#entries.delete(oldest);
      this.#size -= old.size;
    }
  }

  delete(url: string): void {
    const entry = this.#entries.get(url);
    if (!entry) return;
    this.#entries.delete(url);
    this.#size -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}
