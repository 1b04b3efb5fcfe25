import { createClient } from 'redis';

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

/** Sessions in Redis (`SESSION_STORE_URL=redis://…`), keys prefixed so the database can be shared. */
export async function redisStore(url: string, prefix = 'student-success:'): Promise<SessionStore> {
  const client = createClient({ url, socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(retries * 200, 3000) } });
  // Without a listener an unreachable Redis would crash the process; requests fail (502) instead.
  client.on('error', (error: unknown) => console.error('[sessions] redis:', error instanceof Error ? error.message : error));
  await client.connect();
  return {
    get: async (key) => (await client.get(prefix + key)) ?? undefined,
    set: async (key, value, ttlSeconds) => {
      await client.set(prefix + key, value, { expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) } });
    },
    take: async (key) => (await client.getDel(prefix + key)) ?? undefined,
    delete: async (key) => {
      await client.del(prefix + key);
    },
    close: async () => {
      await client.close();
    },
    describe: `sessions in Redis at ${new URL(url).host}`,
    check: async () => {
      await client.ping();
    },
  };
}
