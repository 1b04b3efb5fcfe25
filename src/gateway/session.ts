import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { SessionStore } from './session-store.ts';

/** What the gateway keeps about a signed-in person; the browser holds only a random id. */
export const StoredSessionSchema = z.object({
  identifier: z.string(),
  name: z.string().optional(),
  groups: z.array(z.string()),
  person: z.object({ identifier: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role: z.string() }).optional(),
  /** For RP-initiated logout (`id_token_hint`). */
  idToken: z.string().optional(),
  /** For GROUPS_RECHECK_S: renews the person's claims at the provider without the browser. */
  refreshToken: z.string().optional(),
  /** The provider's `sub`, to check a UserInfo answer on a recheck. */
  subject: z.string().optional(),
  /** When the provider last confirmed the groups (absent: at createdAt). */
  checkedAt: z.number().optional(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

export interface SessionOptions {
  store: SessionStore;
  /** Secure cookies with the `__Host-` prefix when PUBLIC_URL is https. */
  secure: boolean;
  idleSeconds: number;
  maxSeconds: number;
  now?: () => number;
  /** A session found past its idle timeout or lifetime, and ended here (the access log's "session end"). */
  onExpired?: (session: StoredSession, reason: 'idle' | 'lifetime') => void;
}

/**
 * "Every session of this person begun up to this moment is ended" (an administrator's end,
 * session-ends.ts): a time in ms under this key, kept as long as a session can live. It is in the
 * same store as the sessions, so every instance that can read a session reads its end too.
 */
export const sessionsEndedKey = (identifier: string) => `sessions-ended:${identifier}`;

export const cookieName = (secure: boolean, base = 'ss_session') => (secure ? `__Host-${base}` : base);
/** Where a session lives in the store (tests put sessions there directly). */
export const sessionStoreKey = (id: string) => `session:${id}`;
const key = sessionStoreKey;
const ID_PATTERN = /^[\w-]{43}$/;

export interface SessionHandle {
  id: string;
  session: StoredSession;
}

function cookieOptions(options: SessionOptions) {
  return { httpOnly: true, sameSite: 'Lax' as const, secure: options.secure, path: '/' };
}

/** Time left before the session ends: the idle timeout, never past the absolute lifetime. */
function ttl(session: StoredSession, options: SessionOptions, now: number): number {
  const absoluteLeft = (session.createdAt + options.maxSeconds * 1000 - now) / 1000;
  return Math.min(options.idleSeconds, absoluteLeft);
}

/**
 * Sessions as parsed (and checked against the schema), by the very text the store holds: every
 * /api request reads its session, and a cohort's fallback makes thousands of them in a row. Only
 * an identical text finds its entry, so a session changed or removed in the store is read anew
 * (or not at all); the oldest entries go first past PARSED_MAX.
 */
const parsedSessions = new Map<string, StoredSession>();
const PARSED_MAX = 1000;

function parseStored(raw: string): StoredSession {
  const hit = parsedSessions.get(raw);
  if (hit) return hit;
  const session = StoredSessionSchema.parse(JSON.parse(raw));
  if (parsedSessions.size >= PARSED_MAX) parsedSessions.delete(parsedSessions.keys().next().value!);
  parsedSessions.set(raw, session);
  return session;
}

/**
 * Whose session an id is (a session never changes hands): lets the session and its person's end
 * marker be asked for together, one round trip to Redis instead of two, for sessions seen before.
 */
const ownerOf = new Map<string, string>();

async function readWithEnd(store: SessionStore, id: string): Promise<{ raw: string | undefined; endedAt: string | undefined }> {
  const known = ownerOf.get(id);
  if (known !== undefined) {
    const [raw, endedAt] = await Promise.all([store.get(key(id)), store.get(sessionsEndedKey(known))]);
    return { raw, endedAt };
  }
  const raw = await store.get(key(id));
  if (!raw) return { raw, endedAt: undefined };
  let owner: string;
  try {
    owner = parseStored(raw).identifier;
  } catch {
    return { raw, endedAt: undefined };
  }
  if (ownerOf.size >= PARSED_MAX) ownerOf.delete(ownerOf.keys().next().value!);
  ownerOf.set(id, owner);
  return { raw, endedAt: await store.get(sessionsEndedKey(owner)) };
}

/** Writes a changed session back under its id, with the time it has left. */
export async function saveSession(options: SessionOptions, id: string, session: StoredSession): Promise<void> {
  const left = ttl(session, options, (options.now ?? Date.now)());
  if (left > 0) await options.store.set(key(id), JSON.stringify(session), left);
}

/**
 * The session the request's cookie names, if it is live (and not ended by an administrator). Sliding: each use pushes the idle
 * deadline on (written at most every tenth of the idle timeout, so Redis is not hit per request).
 */
export async function readSession(c: Context, options: SessionOptions): Promise<SessionHandle | undefined> {
  const id = getCookie(c, cookieName(options.secure));
  if (!id || !ID_PATTERN.test(id)) return undefined;
  const { raw, endedAt } = await readWithEnd(options.store, id);
  if (!raw) return undefined;
  let session: StoredSession;
  try {
    session = parseStored(raw);
  } catch {
    return undefined;
  }
  if (endedAt !== undefined && session.createdAt <= Number(endedAt)) {
    // Logged when it was ended (session-ends.ts); here it only goes.
    await options.store.delete(key(id));
    return undefined;
  }
  const now = (options.now ?? Date.now)();
  const left = ttl(session, options, now);
  if (left <= 0 || now - session.lastSeenAt >= options.idleSeconds * 1000) {
    await options.store.delete(key(id));
    options.onExpired?.(session, left <= 0 ? 'lifetime' : 'idle');
    return undefined;
  }
  if (now - session.lastSeenAt >= (options.idleSeconds * 1000) / 10) {
    session = { ...session, lastSeenAt: now };
    await options.store.set(key(id), JSON.stringify(session), ttl(session, options, now));
  }
  return { id, session };
}

/** A new session under a new random id (never one the browser brought: no fixation). */
export async function createSession(c: Context, options: SessionOptions, data: Omit<StoredSession, 'createdAt' | 'lastSeenAt'>): Promise<SessionHandle> {
  const now = (options.now ?? Date.now)();
  const session: StoredSession = { ...data, createdAt: now, lastSeenAt: now };
  const id = randomBytes(32).toString('base64url');
  await options.store.set(key(id), JSON.stringify(session), ttl(session, options, now));
  // A session cookie (no Max-Age): the store decides when it ends.
  setCookie(c, cookieName(options.secure), id, cookieOptions(options));
  return { id, session };
}

export async function endSession(c: Context, options: SessionOptions, handle: SessionHandle | undefined): Promise<void> {
  if (handle) await options.store.delete(key(handle.id));
  deleteCookie(c, cookieName(options.secure), cookieOptions(options));
}
