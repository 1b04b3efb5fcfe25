import { createClient } from 'redis';
import type { Logger } from './logging.ts';

/**
 * Where sessions (and sign-ins in progress) live: a key-value store with expiry. In memory for
 * one gateway; Redis when several gateways behind a load balancer must share sign-in and sign-out.
 */
export interface SessionStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and removes at once: a sign-in in progress can be finished only once. */
  take(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
  describe: string;
  /** For /readyz: resolves when the store answers (absent for the in-process store). */
  check?: () => Promise<void>;
}

/** The problem type of a /api answer while the store is out of reach (503). */
export const SESSION_STORE_PROBLEM = 'session-store-unavailable';

/** The store did not answer within its deadline, or is not connected: nobody's session can be read. */
export class SessionStoreUnavailable extends Error {
  override readonly name = 'SessionStoreUnavailable';
}

/** How long one store operation may take before the request is answered 503 (SESSION_STORE_TIMEOUT_MS). */
export const DEFAULT_STORE_TIMEOUT_MS = 1_000;

export function memoryStore(now: () => number = Date.now): SessionStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  };
  // Expired entries nobody asks for again are swept now and then, so memory stays bounded.
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    get: async (key) => live(key),
    set: async (key, value, ttlSeconds) => {
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
    },
    take: async (key) => {
      const value = live(key);
      entries.delete(key);
      return value;
    },
    delete: async (key) => {
      entries.delete(key);
    },
    close: async () => clearInterval(sweep),
    describe: 'sessions in memory',
  };
}

/**
 * Sessions in Redis (`SESSION_STORE_URL=redis://…`), keys prefixed so the database can be shared.
 * While Redis is down or slow, each operation fails within `timeoutMs` (no offline queue that
 * would hold requests until it returns) with SessionStoreUnavailable, which the gateway answers
 * as "sign-in is unavailable" (503) rather than as a fault of the service.
 */
export async function redisStore(url: string, options: { prefix?: string; timeoutMs?: number; logger?: Pick<Logger, 'warn'> } = {}): Promise<SessionStore> {
  const prefix = options.prefix ?? 'student-success:';
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(retries * 200, 3000) },
  });
  // Without a listener an unreachable Redis would crash the process; one log line per outage.
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    options.logger?.warn({ event: 'session-store', error: error instanceof Error ? error.message : String(error) }, 'the session store (Redis) is unreachable');
  });
  client.on('ready', () => {
    down = false;
  });
  await client.connect();
  const bounded = async <T>(work: () => Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SessionStoreUnavailable(`the session store did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      if (error instanceof SessionStoreUnavailable) throw error;
      throw new SessionStoreUnavailable(`the session store failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    get: (key) => bounded(async () => (await client.get(prefix + key)) ?? undefined),
    set: (key, value, ttlSeconds) =>
      bounded(async () => {
        await client.set(prefix + key, value, { expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) } });
      }),
    take: (key) => bounded(async () => (await client.getDel(prefix + key)) ?? undefined),
    delete: (key) =>
      bounded(async () => {
        await client.del(prefix + key);
      }),
    close: async () => {
      if (client.isOpen) await client.close();
    },
    describe: `sessions in Redis at ${new URL(url).host}`,
    check: () =>
      bounded(async () => {
        await client.ping();
      }),
  };
}
