import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ClientProfile {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
}

interface IssuedToken {
  clientId: string;
  expiresAt: number;
}

const digest = (secret: string) => createHash('sha256').update(secret).digest();

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Client-credentials tokens (decisions §6). Tokens live in memory: a restart signs every client
 * out, which a client recovers from by asking for a new token, as it must at expiry anyway.
 */
export function createTokenStore(clients: readonly ClientProfile[], ttlSeconds: number, now: () => number = Date.now) {
  const tokens = new Map<string, IssuedToken>();
  // The clients' subscription keys hashed once: every request is checked against them (twice),
  // and hashing the configured side again each time was most of a small GET's credential check.
  const keyDigests = new Map(clients.map((c) => [c, digest(c.subscriptionKey)]));
  const sameKey = (presented: Buffer, client: ClientProfile) => timingSafeEqual(presented, keyDigests.get(client) ?? digest(client.subscriptionKey));
  const prune = () => {
    const t = now();
    for (const [token, issued] of tokens) if (issued.expiresAt <= t) tokens.delete(token);
  };
  return {
    ttlSeconds,
    authenticateClient(clientId: string, clientSecret: string): ClientProfile | undefined {
      const client = clients.find((c) => c.clientId === clientId);
      // Compare even for an unknown id so that timing does not tell which ids exist.
      const ok = sameSecret(clientSecret, client?.clientSecret ?? '\u0000no-client');
      return client && ok ? client : undefined;
    },
    issue(client: ClientProfile): { token: string; expiresIn: number } {
      if (tokens.size > 10_000) prune();
      const token = randomBytes(32).toString('base64url');
      tokens.set(token, { clientId: client.clientId, expiresAt: now() + ttlSeconds * 1000 });
      return { token, expiresIn: ttlSeconds };
    },
    /** Why a token + subscription key pair is refused, or null when it is accepted. */
    check(token: string, subscriptionKey: string): string | null {
      const issued = tokens.get(token);
      if (!issued) return 'The access token is not known';
      if (issued.expiresAt <= now()) {
        tokens.delete(token);
        return 'The access token has expired';
      }
      const client = clients.find((c) => c.clientId === issued.clientId);
      if (!client || !sameKey(digest(subscriptionKey), client)) {
        return "The subscription key does not belong to the token's client";
      }
      return null;
    },
    knownSubscriptionKey(key: string): boolean {
      const presented = digest(key);
      // Every client compared (not `some`): the time does not tell which one matched.
      let known = false;
      for (const client of clients) known = sameKey(presented, client) || known;
      return known;
    },
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;
