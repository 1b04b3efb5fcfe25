import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { PersonSchema } from '../../api/schemas/index.ts';
import { compression } from '../http/compression.ts';
import { withoutEncodingSuffixes } from '../http/etag.ts';
import { bodyBytes, bodyText, knownBody, respond } from '../http/known-body.ts';
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import { DEFAULT_TIMEOUTS, credentialsProblem, serviceFailure, tokenFailure, withDeadline, type Timeouts } from './bounded.ts';
import { publicOrigin } from './forwarded.ts';
import { fixedSecurityHeaders, noStore, securityHeaders } from './headers.ts';
import { healthRoutes, type ReadinessCheck } from './health.ts';
import { journalRoutes, journalWrites, memoryJournal, type JournalStore } from './journal.ts';
import { declaredBodyLimit, methodGuard, parseBoundedJson, requestBodyLimit } from './limits.ts';
import { REQUEST_ID_HEADER, createLogger, requestIdOf, requestLogging, type Logger } from './logging.ts';
import { devIdpHandler, mountAuth, type AuthOptions } from './oidc-routes.ts';
import { stampActor } from './stamping.ts';
import type { Upstream } from './upstream.ts';

export interface GatewayOptions {
  upstream: Upstream;
  /** Sign-in, sessions, CSRF and permissions (oidc-routes.ts). */
  auth: Omit<AuthOptions, 'lookupPerson'>;
  /** Serves the built app (static files + SPA fallback) for everything that is not /api or /session. */
  serveApp?: (app: Hono) => void;
  logError?: (correlationId: string, error: unknown) => void;
  /** Deadlines of upstream calls (#15.1). */
  timeouts?: Timeouts;
  /** Structured logs and the access log (#15.4); default: JSON lines on stdout. */
  logger?: Logger;
  trustProxy?: boolean;
  publicUrl?: string | undefined;
  /** The change journal (#15.5); default: in memory. */
  journal?: JournalStore;
  /** More readiness checks (session store …) for /readyz. */
  readiness?: Record<string, ReadinessCheck>;
  /** True once shutdown has begun (/readyz answers 503). */
  draining?: () => boolean;
}

/** Headers the browser may send on to the service; everything else (cookies, auth) stays here. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type', 'if-none-match'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'location', 'allow', 'etag', 'cache-control'];

/**
 * The same-origin gateway (ARCHITECTURE.md): OpenID Connect sign-in and server-side sessions for
 * the browser (oidc-routes.ts), and /api/* passed to the
 * upstream with the subscription key and a client-credentials token added, the acting person
 * stamped into writes, and one retry with a fresh token after a 401.
 */
export function createGateway(options: GatewayOptions): Hono {
  const { upstream } = options;
  const app = new Hono({ strict: false });
  const logger = options.logger ?? createLogger();
  const logError = options.logError ?? ((id, error) => logger.error({ err: error, correlationId: id }, 'unexpected error'));
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const publicBase = (c: Context) => `${publicOrigin(c, options.trustProxy ?? false)}/api`;
  const journal = options.journal ?? memoryJournal();

  app.use('*', requestLogging(logger));
  // The development provider writes its own responses, with the same security headers (computed
  // once): before the middleware that sets them.
  let devIdpHeaders: Promise<Record<string, string>> | undefined;
  app.all('/dev-idp/*', methodGuard(), declaredBodyLimit(64 * 1024), devIdpHandler(options.auth.devIdp, () => (devIdpHeaders ??= fixedSecurityHeaders({ publicUrl: options.publicUrl }))));
  // The method guard after the headers: its 405 carries them too.
  app.use('*', securityHeaders({ publicUrl: options.publicUrl }), noStore(), methodGuard());
  app.route('/', healthRoutes({ upstream, timeoutMs: timeouts.upstreamMs, checks: { ...options.readiness }, ...(options.draining ? { draining: options.draining } : {}) }));
  // Every body past this point (the development provider reads its own small forms).
  app.use('*', requestBodyLimit());
  // /api, /session and the HTML, as the browser accepts; precompressed assets pass untouched.
  app.use('*', compression());

  app.onError((error) => {
    if (error instanceof ProblemError) {
      return problemResponse(
        problemBody(error.status, error.detail, { ...(error.errors ? { errors: error.errors } : {}), ...(error.typeSlug ? { typeSlug: error.typeSlug } : {}) }),
        error.headers,
      );
    }
    const correlationId = randomUUID();
    logError(correlationId, error);
    return problemResponse(problemBody(502, `The service could not be reached. Try again; if it persists, contact support and quote ${correlationId}.`, { correlationId }));
  });

  /**
   * Calls the upstream as the gateway's client, each step within its deadline (the response body
   * included); retries once with a fresh token after a 401.
   */
  async function callUpstream(c: Context, path: string, init: { method: string; headers: Record<string, string>; body?: Uint8Array<ArrayBuffer> }): Promise<Response> {
    const attempt = async () => {
      const token = await withDeadline(timeouts.tokenMs, () => upstream.token()).catch((error: unknown) => {
        throw tokenFailure(error, timeouts.tokenMs);
      });
      const headers = { ...init.headers, 'Ocp-Apim-Subscription-Key': upstream.subscriptionKey, Authorization: `Bearer ${token}`, [REQUEST_ID_HEADER]: requestIdOf(c) };
      const response = await withDeadline(timeouts.upstreamMs, async (signal) => {
        const answer = await upstream.send(path, { ...init, headers, signal }, publicBase(c));
        // The in-process backend's answer is whole already (known-body.ts): nothing to wait for.
        if (knownBody(answer) !== undefined) return answer;
        const empty = answer.status === 204 || answer.status === 304;
        return respond(empty ? null : await bodyBytes(answer), { status: answer.status, statusText: answer.statusText, headers: new Headers(answer.headers) });
      }).catch((error: unknown) => {
        throw serviceFailure(error, timeouts.upstreamMs);
      });
      return { token, response };
    };
    const first = await attempt();
    let response = first.response;
    if (response.status === 401) {
      upstream.token.invalidate(first.token);
      ({ response } = await attempt());
      if (response.status === 401) {
        throw credentialsProblem();
      }
    }
    return response;
  }

  /** A service resource as JSON, read as the gateway (the journal's before and after). */
  async function readUpstream(c: Context, path: string): Promise<unknown> {
    const response = await callUpstream(c, path, { method: 'GET', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return JSON.parse(await bodyText(response)) as unknown;
  }

  // Sign-in, sessions, CSRF and permissions (oidc-routes.ts): /auth/*, /session, and the /api guard.
  const { guardPages, sessionOf } = mountAuth(app, {
    ...options.auth,
    // The people extension only adds details; a real upstream without it answers 404 and that is fine.
    lookupPerson: async (c, identifier) => {
      const response = await callUpstream(c, `/people/${encodeURIComponent(identifier)}`, { method: 'GET', headers: { accept: 'application/json' } });
      if (!response.ok) return undefined;
      const person = PersonSchema.safeParse(await bodyText(response).then((text) => JSON.parse(text) as unknown).catch(() => undefined));
      if (!person.success) return undefined;
      const { identifier: id, firstName, lastName, email, role } = person.data;
      return { identifier: id, firstName, lastName, email, role };
    },
  });

  // The change journal (#15.5): after the /api guard, so only writes a person may make are sent and recorded.
  const actorOf = async (c: Context) => c.get('session') ?? (await sessionOf(c));
  app.route('/', journalRoutes({ store: journal, actorOf, isAdmin: async (c) => (await actorOf(c))?.isAdmin ?? false }));
  app.use('/api/*', journalWrites({ store: journal, actorOf, read: readUpstream, onError: (error, c) => logger.warn({ err: error, requestId: requestIdOf(c) }, 'journal') }));

  // Tokens are the gateway's alone: the browser can never ask for one.
  app.all('/api/oauth2/*', () => problemResponse(problemBody(404, 'Not available through the gateway')));

  app.all('/api/*', async (c) => {
    // mountAuth's guard has checked the session and the operation's permission.
    const session = c.get('session');
    const url = new URL(c.req.url);
    const path = url.pathname.slice('/api'.length) + url.search;
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      // Our compressed variants' tags carry a suffix (etag.ts) the upstream never issued.
      if (value) headers[name] = name === 'if-none-match' ? withoutEncodingSuffixes(value) : value;
    }
    const method = c.req.method;
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      // The size was bounded while streaming in (limits.ts). Bytes, not a string: a string body
      // would make fetch add `text/plain` where the browser sent no Content-Type.
      let text = await c.req.text();
      // Only a JSON body can name an actor; anything else goes on as sent, for the service to judge.
      const contentType = c.req.header('content-type');
      if (!contentType || /json/i.test(contentType)) {
        const json = parseBoundedJson(text);
        if (json) text = JSON.stringify(stampActor(method, url.pathname.slice('/api'.length), json.value, session.identifier));
      }
      body = new TextEncoder().encode(text);
    }
    const response = await callUpstream(c, path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const out = new Headers();
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value) out.set(name, name === 'location' ? upstream.rewrite(value, publicBase(c)) : value);
    }
    if (response.status === 204 || response.status === 304) return respond(null, { status: response.status, headers: out });
    const text = upstream.rewrite(await bodyText(response), publicBase(c));
    // The length the server would send anyway, known here: compression.ts then compresses a small
    // answer in one call instead of through a stream (a cohort's E18 answers, #11).
    if (method !== 'HEAD') out.set('content-length', String(Buffer.byteLength(text)));
    return respond(text, { status: response.status, headers: out });
  });

  if (options.serveApp) {
    app.use('*', guardPages);
    options.serveApp(app);
  }
  app.notFound(() => problemResponse(problemBody(404, 'Not found')));
  return app;
}
