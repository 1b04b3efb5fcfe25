import type { BrowserContext } from '@playwright/test';
import { benchTarget } from './target.ts';

/**
 * The bench's one sign-in step: as the dashboard measured signs in (e2e/perf/target.ts; the
 * working tree's through the development identity provider with fetch and a cookie jar, as a
 * browser would). Returns the `Cookie` header value of a signed-in session on `origin`.
 */
export async function sessionCookie(origin: string, identifier = 'E0001'): Promise<string> {
  const cookie = await benchTarget().signIn(origin, identifier);
  if (!cookie) throw new Error(`sign-in as ${identifier} set no session cookie`);
  return cookie;
}

/** Puts a signed-in session's cookies into a Playwright browser context. */
export async function signInContext(context: BrowserContext, origin: string, identifier = 'E0001'): Promise<string> {
  const cookie = await sessionCookie(origin, identifier);
  await addSessionCookie(context, origin, cookie);
  return cookie;
}

/** A `Cookie` header's pairs as a Playwright context's cookies for `origin`. */
export async function addSessionCookie(context: BrowserContext, origin: string, cookie: string): Promise<void> {
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
}

/**
 * The first staff member the development provider makes an administrator (role Staff: every
 * permission, src/gateway/permissions.ts). The seed shuffles roles over the identifiers,
 * so E0001 is not one at every scale (at SEED_SCALE=10 it is read-only for triggers and networks).
 */
export async function administrator(origin: string): Promise<string> {
  const cookie = await sessionCookie(origin);
  for (let n = 1; n <= 200; n += 1) {
    const identifier = `E${String(n).padStart(4, '0')}`;
    const response = await fetch(`${origin}/api/people/${identifier}`, { headers: { cookie, accept: 'application/json' } });
    if (response.ok && ((await response.json()) as { role?: string }).role === 'Staff') return identifier;
  }
  throw new Error('no administrator (role Staff) among E0001-E0200');
}
