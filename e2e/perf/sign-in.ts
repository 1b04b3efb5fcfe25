import type { BrowserContext } from '@playwright/test';

/**
 * The bench's one sign-in step: today the demo sign-in, `POST /session` with a staff identifier,
 * whose answer sets the session cookie. When sign-in changes (OIDC), adapt this function alone:
 * it must return the `Cookie` header value of a signed-in browser session on `origin`.
 */
export async function sessionCookie(origin: string, identifier = 'E0001'): Promise<string> {
  const response = await fetch(`${origin}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier }),
  });
  if (!response.ok) throw new Error(`sign-in as ${identifier} failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}

/** Puts a signed-in session's cookies into a Playwright browser context. */
export async function signInContext(context: BrowserContext, origin: string, identifier = 'E0001'): Promise<string> {
  const cookie = await sessionCookie(origin, identifier);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
  return cookie;
}
