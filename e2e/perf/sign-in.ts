import type { BrowserContext } from '@playwright/test';
import { signInThroughProvider } from '../../src/testing/sign-in.ts';

/**
 * The bench's one sign-in step: through the development identity provider with fetch and a
 * cookie jar (src/testing/sign-in.ts), as a browser would. Returns the `Cookie` header value of a
 * signed-in session on `origin`.
 */
export async function sessionCookie(origin: string, identifier = 'E0001'): Promise<string> {
  const { cookie } = await signInThroughProvider(origin, identifier);
  if (!cookie) throw new Error(`sign-in as ${identifier} set no session cookie`);
  return cookie;
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
