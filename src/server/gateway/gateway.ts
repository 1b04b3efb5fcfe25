import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { PersonSchema } from '../../api/schemas/index.ts';
import { MAX_BODY_BYTES } from '../http/body.ts';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import { mountAuth, type AuthOptions } from './oidc-routes.ts';
import { stampActor } from './stamping.ts';
import type { Upstream } from './upstream.ts';

export interface GatewayOptions {
  upstream: Upstream;
  auth: Omit<AuthOptions, 'lookupPerson'>;
  /** Serves the built app (static files + SPA fallback) for everything that is not /api or /session. */
  serveApp?: (app: Hono) => void;
  logError?: (correlationId: string, error: unknown) => void;
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
  const logError = options.logError ?? ((id, error) => console.error(`[gateway ${id}]`, error));
  const publicBase = (c: Context) => `${new URL(c.req.url).origin}/api`;

  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false }));

  app.onError((error) => {
    if (error instanceof ProblemError) {
      return problemResponse(problemBody(error.status, error.detail, error.errors ? { errors: error.errors } : {}), error.headers);
    }
    const correlationId = randomUUID();
    logError(correlationId, error);
    return problemResponse(problemBody(502, `The service could not be reached. Try again; if it persists, contact support and quote ${correlationId}.`, { correlationId }));
  });

  /** Calls the upstream as the gateway's client; retries once with a fresh token after a 401. */
  async function callUpstream(c: Context, path: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
    const attempt = async () => {
      const token = await upstream.token();
      const response = await upstream.send(
        path,
        { ...init, headers: { ...init.headers, 'Ocp-Apim-Subscription-Key': upstream.subscriptionKey, Authorization: `Bearer ${token}` } },
        publicBase(c),
      );
      return { token, response };
    };
    const first = await attempt();
    let response = first.response;
    if (response.status === 401) {
      upstream.token.invalidate(first.token);
      ({ response } = await attempt());
      if (response.status === 401) {
        throw new ProblemError(502, 'The gateway could not authenticate to the service; check its client credentials and subscription key');
      }
    }
    return response;
  }

  // Sign-in, sessions, CSRF and permissions (oidc-routes.ts): /auth/*, /session, and the /api guard.
  const { guardPages } = mountAuth(app, {
    ...options.auth,
    // The people extension only adds details; a real upstream without it answers 404 and that is fine.
    lookupPerson: async (c, identifier) => {
      const response = await callUpstream(c, `/people/${encodeURIComponent(identifier)}`, { method: 'GET', headers: { accept: 'application/json' } });
      if (!response.ok) return undefined;
      const person = PersonSchema.safeParse(await response.json().catch(() => undefined));
      if (!person.success) return undefined;
      const { identifier: id, firstName, lastName, email, role } = person.data;
      return { identifier: id, firstName, lastName, email, role };
    },
  });

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
      if (value) headers[name] = value;
    }
    const method = c.req.method;
    let body: string | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw new ProblemError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`);
      body = await c.req.text();
      if (body.length > MAX_BODY_BYTES) throw new ProblemError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`);
      // Only a JSON body can name an actor; anything else goes on as sent, for the service to judge.
      const contentType = c.req.header('content-type');
      if (!contentType || /json/i.test(contentType)) {
        const json = parseJson(body);
        if (json.ok) body = JSON.stringify(stampActor(method, url.pathname.slice('/api'.length), json.value, session.identifier));
      }
    }
    const response = await callUpstream(c, path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const out = new Headers();
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value) out.set(name, name === 'location' ? upstream.rewrite(value, publicBase(c)) : value);
    }
    if (response.status === 204 || response.status === 304) return new Response(null, { status: response.status, headers: out });
    const text = upstream.rewrite(await response.text(), publicBase(c));
    return new Response(text, { status: response.status, headers: out });
  });

  if (options.serveApp) {
    app.use('*', guardPages);
    options.serveApp(app);
  }
  app.notFound(() => problemResponse(problemBody(404, 'Not found')));
  return app;
}
