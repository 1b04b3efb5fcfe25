import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PendingSignIn } from './oidc.ts';

/**
 * A sign-in in progress (PKCE verifier, nonce, state, where to return) kept in the browser that
 * started it, as one AES-256-GCM sealed cookie, never in the gateway (#27): an anonymous page hit
 * costs no server memory, however many arrive. Each attempt writes a new cookie with a new state,
 * so the callback of an earlier attempt (or one started elsewhere and planted here) finds the
 * latest state, not its own, and is refused. The key is derived from a secret every instance of
 * the gateway already shares (the OpenID client secret), so any instance can finish a sign-in
 * another started.
 */
export const SIGN_IN_TTL_S = 600;

const SealedSchema = z.object({ state: z.string(), codeVerifier: z.string(), nonce: z.string(), returnTo: z.string(), expiresAt: z.number() });

export interface SignInSealer {
  seal(state: string, pending: PendingSignIn, now: number): string;
  /** The pending sign-in for `state`, or undefined: not ours, tampered with, expired, or another state. */
  open(cookie: string | undefined, state: string | undefined, now: number): PendingSignIn | undefined;
}

export function signInSealer(secret: string | Buffer): SignInSealer {
  // A key object, made once: a raw key would be imported again on every cipher.
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'student-success-gateway', 'sign-in state cookie v1', 32)));
  return {
    seal(state, pending, now) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const plain = JSON.stringify({ ...pending, state, expiresAt: now + SIGN_IN_TTL_S * 1000 });
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(cookie, state, now) {
      if (!cookie || !state || cookie.length > 4096) return undefined;
      const bytes = Buffer.from(cookie, 'base64url');
      if (bytes.length < 29) return undefined;
      let parsed: z.infer<typeof SealedSchema>;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
        parsed = SealedSchema.parse(JSON.parse(plain));
      } catch {
        return undefined;
      }
      const expected = Buffer.from(parsed.state);
      const given = Buffer.from(state);
      if (parsed.expiresAt <= now || expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      return { codeVerifier: parsed.codeVerifier, nonce: parsed.nonce, returnTo: parsed.returnTo };
    },
  };
}
