import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import { apiCallOrRefusal } from './api-operation.ts';
import { DEFAULT_RECHECK_S, claimsRecheck } from './claims-recheck.ts';
import { pathReadingOf } from './canonical-path.ts';
import type { AuthConfig } from './config.ts';
import type { DevIdp } from './dev-idp.ts';
import type { Logger } from './logging.ts';
import { SignInError, type OidcClient } from './oidc.ts';
import { escapeHtml, htmlPage, mountPageAssets } from './oidc-pages.ts';
import { permissionsFor, refusalFor, type Permissions } from './permissions.ts';
import { cookieName, createSession, endSession, readSession, type SessionHandle, type SessionOptions, type StoredSession } from './session.ts';
import type { SessionStore } from './session-store.ts';
import { SIGN_IN_TTL_S, signInSealer } from './sign-in-state.ts';

/** The signed-in person as every later handler sees it: `c.get('session')` (journal, stamping). */
export interface GatewaySession {
  identifier: string;
  name?: string;
  groups: string[];
  permissions: Permissions;
  /** Member of ADMIN_GROUP. */
  isAdmin: boolean;
  person?: StoredSession['person'];
}

declare module 'hono' {
  interface ContextVariableMap {
    session: GatewaySession;
  }
}

export interface AuthOptions {
  config: AuthConfig;
  oidc: OidcClient;
  store: SessionStore;
  /** The development provider, served at /dev-idp (never in proxy mode). */
  devIdp?: DevIdp;
  /** Where the provider sends the browser after RP-initiated logout (must be registered there). */
  postLogoutRedirectUri?: string;
  /** Details from the people extension; undefined whenever it does not answer (a real upstream). */
  lookupPerson?: (c: Context, identifier: string) => Promise<StoredSession['person'] | undefined>;
  now?: () => number;
  /**
   * What the sign-in state cookie's key is derived from (sign-in-state.ts): a secret every
   * instance shares, the OpenID client secret in practice. Default: random, for one instance.
   */
  signInSecret?: string;
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** More of the answer to GET /session (the access policy, the confidentiality notice's state). */
  describeSession?: (c: Context, session: GatewaySession) => Promise<Record<string, unknown>>;
  /** Told of each sign-in: who, by what name and e-mail address (kept for notifications, #32 item 7). A failure here does not stop the sign-in. */
  onSignIn?: (c: Context, person: { identifier: string; name?: string; email?: string }) => Promise<void>;
  /** The access log (#30): sign-ins, failed sign-ins, sign-outs and sessions found ended. */
  recordAccess?: (
    c: Context | undefined,
    access: { person: string | null; event: 'sign-in' | 'sign-in-failed' | 'sign-out' | 'session-end'; detail?: string },
  ) => Promise<void>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Only a path on this origin: never `//evil.example`, `/\evil`, or an absolute URL. */
export function safeReturnTo(value: string | undefined, publicUrl: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || [...value].some((ch) => ch.charCodeAt(0) < 32)) return '/';
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return '/';
    // Never loop back into the sign-in routes themselves.
    if (url.pathname.startsWith('/auth/') || /^\/sign-in\/?$/.test(url.pathname)) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/**
 * Sign-in with the institution's OpenID provider, server-side sessions, CSRF checks and
 * permissions, mounted on the gateway before its /api proxy:
 * - GET /auth/sign-in?returnTo=… → the provider; GET /auth/callback → a session, back to returnTo;
 *   POST /auth/sign-out → session deleted (and the provider's logout when it offers one);
 * - GET /session → who is signed in and what they may do;
 * - /api/* → 401 without a session, 403 (problem+json naming the group) without the permission.
 */
/**
 * The development provider at /dev-idp, on the raw node request (oidc-provider is a node/Koa
 * handler that writes the response itself): mounted before any middleware that sets headers, so
 * it sets the gateway's security headers itself (`headers`: the CSP, frame-ancestors and the rest
 * of headers.ts, and `Cache-Control: no-store`). They are set before the provider runs, so that it
 * can add the hash of an inline script of its own to the CSP (its form_post page does), and set
 * again when the head is written, in case the provider removed them (Koa does on an error).
 */
export function devIdpHandler(devIdp: DevIdp | undefined, headers: () => Promise<Record<string, string>>) {
  return async (c: Context): Promise<Response> => {
    const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    if (!devIdp || !env?.incoming || !env.outgoing) return problemResponse(problemBody(404, 'Not found'));
    const outgoing = env.outgoing;
    const fixed = await headers();
    for (const [name, value] of Object.entries(fixed)) outgoing.setHeader(name, value);
    const writeHead = outgoing.writeHead;
    outgoing.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      for (const [name, value] of Object.entries(fixed)) {
        if (!this.headersSent && (name === 'cache-control' || !this.hasHeader(name))) this.setHeader(name, value);
      }
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    const requestId = c.get('requestId');
    if (requestId) outgoing.setHeader('x-request-id', requestId);
    // Until the provider has answered, so that the access log has its status (logging.ts).
    const answered = new Promise<void>((resolve) => {
      outgoing.once('finish', resolve);
      outgoing.once('close', resolve);
    });
    await devIdp.handle(env.incoming, outgoing);
    await answered;
    return RESPONSE_ALREADY_SENT;
  };
}

export function mountAuth(app: Hono, options: AuthOptions): { guardPages: MiddlewareHandler; sessionOf: (c: Context) => Promise<GatewaySession | undefined> } {
  const { config, oidc, store } = options;
  const secure = config.publicUrl.startsWith('https:');
  /** Best effort: an access-log failure is logged, and never stands between a person and signing in or out. */
  const recordAccess = (c: Context | undefined, access: Parameters<NonNullable<AuthOptions['recordAccess']>>[1]) =>
    options.recordAccess?.(c, access).catch((error: unknown) => options.logger?.warn({ err: error, event: access.event }, 'access log: not written'));
  const sessions: SessionOptions = {
    store,
    secure,
    idleSeconds: config.sessions.idleSeconds,
    maxSeconds: config.sessions.maxSeconds,
    ...(options.now ? { now: options.now } : {}),
    onExpired: (session, reason) =>
      void recordAccess(undefined, { person: session.identifier, event: 'session-end', detail: reason === 'idle' ? 'idle timeout' : 'lifetime reached' }),
  };
  const recheck = claimsRecheck({
    sessions,
    oidc,
    recheckSeconds: config.sessions.recheckSeconds ?? DEFAULT_RECHECK_S,
    staffGroup: config.groups.staff,
    onEnded: (session, detail) => void recordAccess(undefined, { person: session.identifier, event: 'session-end', detail }),
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
  });
  /** The request's session, live, with its groups no older than GROUPS_RECHECK_S. */
  const currentSession = async (c: Context): Promise<SessionHandle | undefined> => {
    const handle = await readSession(c, sessions);
    return handle ? recheck(handle) : undefined;
  };
  const signInCookie = cookieName(secure, 'ss_signin');
  const sealer = signInSealer(options.signInSecret ?? randomBytes(32));
  const now = options.now ?? Date.now;
  const publicOrigin = new URL(config.publicUrl).origin;
  const logFailure = (message: string) => (options.logger ? options.logger.warn({ event: 'sign-in' }, message) : undefined);

  const toGatewaySession = (s: StoredSession): GatewaySession => ({
    identifier: s.identifier,
    ...(s.name ? { name: s.name } : {}),
    groups: s.groups,
    permissions: permissionsFor(s.groups, config.groups),
    isAdmin: s.groups.includes(config.groups.admin),
    ...(s.person ? { person: s.person } : {}),
  });

  // CSRF, on top of SameSite: a write must come from a page of this origin.
  const sameOrigin: MiddlewareHandler = async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const ownOrigin = new URL(c.req.url).origin;
    if (site === 'same-origin' || (origin !== undefined && (origin === publicOrigin || origin === ownOrigin))) return next();
    return problemResponse(problemBody(403, 'Cross-site request refused: a write needs the Origin of this dashboard (or Sec-Fetch-Site: same-origin)'));
  };
  for (const path of ['/api/*', '/auth/*', '/session', '/session/*', '/admin/*', '/me/*']) app.use(path, sameOrigin);

  /**
   * Starts a sign-in: PKCE, nonce, state and where to return, sealed into this browser's cookie
   * (sign-in-state.ts), a new one each attempt; nothing is kept here.
   */
  async function startSignIn(c: Context, returnTo: string, forceLogin = false): Promise<Response> {
    let started: Awaited<ReturnType<OidcClient['start']>>;
    try {
      started = await oidc.start(returnTo, { forceLogin });
    } catch (error) {
      return providerUnavailable(c, error, returnTo);
    }
    setCookie(c, signInCookie, sealer.seal(started.state, started.pending, now()), {
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      path: '/',
      maxAge: SIGN_IN_TTL_S,
    });
    c.header('cache-control', 'no-store');
    return c.redirect(started.url, 302);
  }

  function providerUnavailable(c: Context, error: unknown, returnTo: string): Response {
    logFailure(`the identity provider could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    c.header('cache-control', 'no-store');
    return c.html(
      htmlPage(
        'Sign-in is unavailable',
        `<p>The identity provider could not be reached, so nobody can sign in right now.</p><p><a href="/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}">Try again</a></p>`,
      ),
      503,
    );
  }

  // The old demo sign-in's address: bookmarks still lead to signing in.
  app.get('/sign-in', (c) => c.redirect(`/auth/sign-in?returnTo=${encodeURIComponent(safeReturnTo(c.req.query('returnTo'), config.publicUrl))}`, 302));

  app.get('/auth/sign-in', (c) => startSignIn(c, safeReturnTo(c.req.query('returnTo'), config.publicUrl), c.req.query('prompt') === 'login'));

  app.get('/auth/callback', async (c) => {
    c.header('cache-control', 'no-store');
    const again = (returnTo = '/') => `<p><a href="/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}">Sign in again</a></p>`;
    const error = c.req.query('error');
    const state = c.req.query('state');
    // This attempt's cookie is spent once it has been used; a stale callback leaves a newer attempt's alone.
    const pending = sealer.open(getCookie(c, signInCookie), state, now());
    if (pending) deleteCookie(c, signInCookie, { httpOnly: true, sameSite: 'Lax', secure, path: '/' });
    const returnTo = pending?.returnTo ?? '/';
    if (error) {
      const description = c.req.query('error_description');
      await recordAccess(c, { person: null, event: 'sign-in-failed', detail: `the provider answered: ${(description ?? error).slice(0, 200)}` });
      return c.html(
        htmlPage('Sign-in was not completed', `<p>The identity provider answered: ${escapeHtml(description ?? error)}.</p>${again(returnTo)}`),
        400,
      );
    }
    if (!pending) {
      await recordAccess(c, { person: null, event: 'sign-in-failed', detail: 'expired or replayed sign-in' });
      return c.html(
        htmlPage(
          'Sign-in expired',
          `<p>This sign-in was started too long ago, in another browser or tab, was followed by a newer one, or was already used.</p>${again(returnTo)}`,
        ),
        400,
      );
    }
    let person;
    try {
      person = await oidc.finish(new URL(c.req.url).search, state!, pending);
    } catch (failure) {
      if (failure instanceof SignInError) {
        logFailure(failure.message);
        await recordAccess(c, { person: null, event: 'sign-in-failed', detail: failure.message.slice(0, 200) });
        return c.html(htmlPage('Sign-in failed', `<p>${escapeHtml(failure.message)}.</p>${again(returnTo)}`), 400);
      }
      throw failure;
    }
    if (!person.groups.includes(config.groups.staff)) {
      // No session: the person the institution has not granted the dashboard gets a clear answer.
      await recordAccess(c, { person: person.identifier, event: 'sign-in-failed', detail: `not in the group ${config.groups.staff}` });
      return c.html(
        htmlPage(
          'Not permitted',
          `<p>You signed in as <strong>${escapeHtml(person.name ?? person.identifier)}</strong> (${escapeHtml(person.identifier)}), but the advisor dashboard is only for members of the group <strong>${escapeHtml(config.groups.staff)}</strong>.</p><p>If you should have access, ask your institution's identity administrators to add you to that group.</p><p><a href="/auth/sign-in?prompt=login&amp;returnTo=${encodeURIComponent(returnTo)}">Sign in as someone else</a></p>`,
        ),
        403,
      );
    }
    const details = await options.lookupPerson?.(c, person.identifier).catch(() => undefined);
    const existing = await readSession(c, sessions);
    if (existing) await store.delete(`session:${existing.id}`);
    await createSession(c, sessions, {
      identifier: person.identifier,
      ...(person.name ? { name: person.name } : details ? { name: `${details.firstName} ${details.lastName}` } : {}),
      groups: person.groups,
      ...(details ? { person: details } : {}),
      ...(person.idToken ? { idToken: person.idToken } : {}),
      ...(person.refreshToken ? { refreshToken: person.refreshToken } : {}),
      ...(person.subject ? { subject: person.subject } : {}),
    });
    await recordAccess(c, { person: person.identifier, event: 'sign-in' });
    const name = person.name ?? (details ? `${details.firstName} ${details.lastName}` : undefined);
    const email = person.email ?? details?.email;
    await options
      .onSignIn?.(c, { identifier: person.identifier, ...(name ? { name } : {}), ...(email ? { email } : {}) })
      .catch((error: unknown) => options.logger?.warn({ err: error }, 'the signed-in person could not be remembered for notifications'));
    return c.redirect(safeReturnTo(returnTo, config.publicUrl), 302);
  });

  async function signOut(c: Context): Promise<{ handle: SessionHandle | undefined; endSessionUrl: string | undefined }> {
    const handle = await readSession(c, sessions);
    await endSession(c, sessions, handle);
    if (handle) await recordAccess(c, { person: handle.session.identifier, event: 'sign-out' });
    const endSessionUrl = handle ? await oidc.endSessionUrl(handle.session.idToken, options.postLogoutRedirectUri) : undefined;
    return { handle, endSessionUrl };
  }

  app.post('/auth/sign-out', async (c) => {
    const { endSessionUrl } = await signOut(c);
    c.header('cache-control', 'no-store');
    // The app asks for JSON and navigates itself; a plain form post is redirected.
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json({ signedOut: true, ...(endSessionUrl ? { endSessionUrl } : {}) });
    return c.redirect(endSessionUrl ?? '/auth/signed-out', 303);
  });

  app.get('/auth/signed-out', (c) => {
    c.header('cache-control', 'no-store');
    return c.html(htmlPage('Signed out', `<p>You have signed out of the advisor dashboard.</p><p><a href="/auth/sign-in">Sign in again</a></p>`));
  });

  mountPageAssets(app);
  // Nothing else lives under /auth (never the app's HTML).
  app.all('/auth/*', () => problemResponse(problemBody(404, 'Not found')));

  app.get('/session', async (c) => {
    c.header('cache-control', 'no-store');
    const handle = await currentSession(c);
    if (!handle) return problemResponse(problemBody(401, 'Not signed in'), { 'cache-control': 'no-store' });
    const s = toGatewaySession(handle.session);
    return c.json({
      identifier: s.identifier,
      ...(s.name ? { name: s.name } : {}),
      ...(s.person ? { person: s.person } : {}),
      groups: s.groups,
      permissions: s.permissions,
      requiredGroups: config.groups,
      ...(options.describeSession ? await options.describeSession(c, s) : {}),
    });
  });

  app.delete('/session', async (c) => {
    await signOut(c);
    return c.body(null, 204);
  });

  // Every /api call: a live session, one operation of the table (canonical-path.ts, api-operation.ts),
  // and the permission that operation needs; nothing else goes upstream.
  app.use('/api/*', async (c, next) => {
    const handle = await currentSession(c);
    if (!handle) return problemResponse(problemBody(401, 'Sign in to use the API'), { 'www-authenticate': 'Cookie realm="student-success"' });
    const session = toGatewaySession(handle.session);
    c.set('session', session);
    const reading = pathReadingOf(c.req.raw, c.env);
    if (!reading.ok) throw new ProblemError(400, reading.detail);
    const call = apiCallOrRefusal(c.req.method, reading.segments.slice(1));
    c.set('apiCall', call);
    const refusal = refusalFor(call.name, session.permissions, config.groups);
    if (refusal) {
      return problemResponse(problemBody(403, refusal.detail, { missingGroups: refusal.groups, permission: refusal.permission }));
    }
    return next();
  });

  /** Pages of the app: without a session, straight to the identity provider and back to this page. */
  const guardPages: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    // Files (favicon, robots.txt, hashed assets) are public; the app's HTML is a page.
    const file = /\.\w+$/.test(path.split('/').pop() ?? '') && !path.endsWith('.html');
    if (/^\/(api|auth|session|dev-idp|assets)(\/|$)/.test(path) || file) return next();
    if (await currentSession(c)) return next();
    const url = new URL(c.req.url);
    return startSignIn(c, safeReturnTo(`${url.pathname}${url.search}`, config.publicUrl));
  };

  /** The signed-in person of any request (the journal's actor), or undefined. */
  const sessionOf = async (c: Context): Promise<GatewaySession | undefined> => {
    const handle = await currentSession(c);
    return handle ? toGatewaySession(handle.session) : undefined;
  };

  return { guardPages, sessionOf };
}
