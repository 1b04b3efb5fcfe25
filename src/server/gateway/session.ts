import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { z } from 'zod';

export const SESSION_COOKIE = 'ss_session';
const SESSION_HOURS = 10;

/** What the signed cookie carries: the gateway keeps no session state, so it scales out. */
export const SessionSchema = z.object({
  identifier: z.string(),
  person: z.object({ identifier: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role: z.string() }),
  expiresAt: z.number(),
});
export type Session = z.infer<typeof SessionSchema>;

export interface SessionOptions {
  secret: string;
  /** Secure cookies when the app is served over HTTPS. */
  secure: boolean;
}

export async function readSession(c: Context, options: SessionOptions): Promise<Session | undefined> {
  const raw = await getSignedCookie(c, options.secret, SESSION_COOKIE);
  if (!raw) return undefined;
  try {
    const session = SessionSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return session.expiresAt > Date.now() ? session : undefined;
  } catch {
    return undefined;
  }
}

export async function writeSession(c: Context, options: SessionOptions, person: Session['person']): Promise<Session> {
  const session: Session = { identifier: person.identifier, person, expiresAt: Date.now() + SESSION_HOURS * 3_600_000 };
  await setSignedCookie(c, SESSION_COOKIE, Buffer.from(JSON.stringify(session)).toString('base64url'), options.secret, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: options.secure,
    path: '/',
    maxAge: SESSION_HOURS * 3600,
  });
  return session;
}

export function clearSession(c: Context, options: SessionOptions): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: options.secure, httpOnly: true, sameSite: 'Lax' });
}
