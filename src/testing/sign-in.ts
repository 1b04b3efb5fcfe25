/**
 * Signing in as a browser would, for tests that have no browser: follows the OpenID Connect
 * redirects with fetch and a cookie jar, through the development identity provider's screen (or
 * oidc-provider's own development login and consent forms, for a provider of a test's own).
 */
export class CookieJar {
  readonly #cookies = new Map<string, Map<string, string>>();

  /** Reads every Set-Cookie of a response (a Max-Age=0 or past Expires removes the cookie). */
  store(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.#cookies.get(host) ?? new Map<string, string>();
    this.#cookies.set(host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: string): string {
    return [...(this.#cookies.get(new URL(url).host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.#cookies.get(new URL(url).host)?.get(name);
  }
}

/** One request with the jar's cookies, no redirect followed. */
export async function jarFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return response;
}

export interface SignInResult {
  /** The `name=value` of the gateway's session cookie. */
  cookie: string;
  /** Where the gateway sent the browser after the callback. */
  landedOn: string;
  /** The last response (the callback's redirect, or the page that refused the person). */
  response: Response;
  jar: CookieJar;
}

/**
 * Opens `start` (a page or /auth/sign-in?returnTo=…) on the gateway at `origin` and signs in as
 * `identifier`, answering whatever the provider asks on the way. Throws when a step fails.
 */
export async function signInThroughProvider(
  origin: string,
  identifier: string,
  options: { start?: string; jar?: CookieJar; /** Return the callback's URL (landedOn) without opening it. */ stopBeforeCallback?: boolean } = {},
): Promise<SignInResult> {
  const jar = options.jar ?? new CookieJar();
  let url = new URL(options.start ?? '/auth/sign-in?returnTo=%2F', origin).href;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const response = await jarFetch(jar, url, init);
    init = {};
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url).href;
      if (options.stopBeforeCallback && new URL(next).origin === new URL(origin).origin && new URL(next).pathname === '/auth/callback') {
        return { cookie: '', landedOn: next, response, jar };
      }
      if (new URL(url).pathname === '/auth/callback') {
        const cookie = [...jar.header(origin).split('; ')].find((c) => /^(__Host-)?ss_session=/.test(c));
        if (!cookie) throw new Error(`The callback redirected to ${next} without a session`);
        return { cookie, landedOn: next, response, jar };
      }
      url = next;
      continue;
    }
    if (new URL(url).pathname === '/auth/callback') return { cookie: '', landedOn: url, response, jar };
    if (response.status !== 200 && response.status !== 400) throw new Error(`Signing in: ${response.status} from ${url}: ${await response.text()}`);
    const html = await response.text();
    const form = answer(html, identifier);
    if (!form) throw new Error(`Signing in: nothing to answer on ${url} (${response.status}):\n${html.slice(0, 500)}`);
    url = new URL(form.action, url).href;
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.body };
  }
  throw new Error('Signing in: too many redirects');
}

/** The form to submit on a provider's page: the person's button, a login form, or a consent form. */
function answer(html: string, identifier: string): { action: string; body: string } | undefined {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)];
  for (const [, attributes = '', inner = ''] of forms) {
    const action = /action="([^"]*)"/i.exec(attributes)?.[1]?.replace(/&amp;/g, '&');
    if (!action) continue;
    const body = new URLSearchParams();
    for (const [input] of inner.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input)?.[1];
      if (name) body.set(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    if (new RegExp(`name="identifier" value="${identifier}"`).test(inner) || /name="other"/.test(inner)) {
      // The development provider: the person's own button, or "anyone else, by identifier".
      body.set(/name="other"/.test(inner) ? 'other' : 'identifier', identifier);
      return { action, body: body.toString() };
    }
    if (/name="login"/.test(inner)) {
      // oidc-provider's development login (any password).
      body.set('login', identifier);
      body.set('password', 'any');
      return { action, body: body.toString() };
    }
    if (/\/confirm|consent/i.test(action) || /Continue|Authorize|Allow/i.test(inner)) return { action, body: body.toString() };
  }
  return undefined;
}
