import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { PersonSchema } from '../../api/schemas/index.ts';
import { readJsonBody } from '../http/body.ts';
import { compression } from '../http/compression.ts';
import { withoutEncodingSuffixes } from '../http/etag.ts';
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import { DEFAULT_TIMEOUTS, credentialsProblem, serviceFailure, tokenFailure, withDeadline, type Timeouts } from './bounded.ts';
import { publicOrigin } from './forwarded.ts';
import { noStore, securityHeaders } from './headers.ts';
import { healthRoutes, type ReadinessCheck } from './health.ts';
import { journalRoutes, journalWrites, memoryJournal, type Actor, type JournalStore } from './journal.ts';
import { methodGuard, parseBoundedJson, requestBodyLimit } from './limits.ts';
import { REQUEST_ID_HEADER, createLogger, requestIdOf, requestLogging, type Logger } from './logging.ts';
import { clearSession, readSession, writeSession, type SessionOptions } from './session.ts';
import { stampActor } from './stamping.ts';
import type { Upstream } from './upstream.ts';

export interface GatewayOptions {
  upstream: Upstream;
  session: SessionOptions;
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
  /** Who is acting, for the journal; default: today's session cookie. Rewire to the server-side session (#10). */
  actorOf?: (c: Context) => Promise<Actor | undefined>;
  /** Who may read the journal; default: the signed-in person is in `adminIdentifiers`. */
  isAdmin?: (c: Context) => Promise<boolean>;
  adminIdentifiers?: readonly string[];
  /** More readiness checks (session store …) for /readyz. */
  readiness?: Record<string, ReadinessCheck>;
  /** True once shutdown has begun (/readyz answers 503). */
  draining?: () => boolean;
}

const SignInSchema = z.strictObject({ identifier: z.string().trim().min(1, 'choose a staff member').max(100) });

/** Headers the browser may send on to the service; everything else (cookies, auth) stays here. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type', 'if-none-match'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'location', 'allow', 'etag', 'cache-control'];

/**
 * The same-origin gateway (ARCHITECTURE.md): sessions for the browser, and /api/* passed to the
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
  const actorOf = options.actorOf ?? (async (c: Context) => readSession(c, options.session));
  const admins = new Set(options.adminIdentifiers ?? []);
  const isAdmin = options.isAdmin ?? (async (c: Context) => admins.has((await actorOf(c))?.identifier ?? ''));
  const journal = options.journal ?? memoryJournal();

  app.use('*', requestLogging(logger), methodGuard(), securityHeaders({ publicUrl: options.publicUrl }), noStore());
  app.route('/', healthRoutes({ upstream, timeoutMs: timeouts.upstreamMs, checks: { ...options.readiness }, ...(options.draining ? { draining: options.draining } : {}) }));
  app.use('/api/*', requestBodyLimit());
  app.use('/session', requestBodyLimit());
  app.route('/', journalRoutes({ store: journal, actorOf, isAdmin }));
  app.use('/api/*', journalWrites({ store: journal, actorOf, read: readUpstream, onError: (error, c) => logger.warn({ err: error, requestId: requestIdOf(c) }, 'journal') }));
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
        return new Response(answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer(), answer);
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
    return (await response.json()) as unknown;
  }

  app.post('/session', async (c) => {
    const parsed = SignInSchema.safeParse(await readJsonBody(c));
    if (!parsed.success) {
      throw new ProblemError(400, 'Choose a staff member to sign in as', {
        errors: parsed.error.issues.map((i) => ({ in: 'body' as const, name: i.path.join('.') || 'body', message: i.message })),
      });
    }
    const { identifier } = parsed.data;
    const response = await callUpstream(c, `/people/${encodeURIComponent(identifier)}`, { method: 'GET', headers: { accept: 'application/json' } });
    if (response.status === 404 || response.status === 400) {
      throw new ProblemError(400, `No staff member has the identifier '${identifier}'`, { errors: [{ in: 'body', name: 'identifier', message: 'is not a known staff member' }] });
    }
    if (!response.ok) throw new ProblemError(502, `The service answered ${response.status} while looking up '${identifier}'`);
    const person = PersonSchema.safeParse(await response.json());
    if (!person.success) throw new ProblemError(502, 'The service answered with a person record that could not be read');
    if (person.data.role === 'Student') {
      throw new ProblemError(403, 'The dashboard is for staff; students cannot sign in here', { errors: [{ in: 'body', name: 'identifier', message: 'is a student' }] });
    }
    const { identifier: id, firstName, lastName, email, role } = person.data;
    const session = await writeSession(c, options.session, { identifier: id, firstName, lastName, email, role });
    return c.json({ identifier: session.identifier, person: session.person });
  });

  // The demo sign-in lists staff before anyone is signed in: names and roles only, no students.
  app.get('/session/staff', async (c) => {
    const q = (c.req.query('q') ?? '').slice(0, 100);
    const roles = ['Advisor', 'Faculty', 'Coach', 'Staff'];
    const pages = await Promise.all(
      roles.map(async (role) => {
        const response = await callUpstream(c, `/people/?role=${role}&pageSize=10&q=${encodeURIComponent(q)}`, { method: 'GET', headers: { accept: 'application/json' } });
        if (!response.ok) throw new ProblemError(502, `The service answered ${response.status} to a people search; the demo sign-in needs the people extension`);
        const parsed = z.object({ values: z.array(PersonSchema) }).safeParse(await response.json());
        return parsed.success ? parsed.data.values : [];
      }),
    );
    const staff = pages
      .flat()
      .map(({ identifier, firstName, lastName, role }) => ({ identifier, firstName, lastName, role }))
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
    return c.json(staff.slice(0, 20));
  });

  app.get('/session', async (c) => {
    const session = await readSession(c, options.session);
    if (!session) return problemResponse(problemBody(401, 'Not signed in'));
    return c.json({ identifier: session.identifier, person: session.person });
  });

  app.delete('/session', (c) => {
    clearSession(c, options.session);
    return c.body(null, 204);
  });

  // Tokens are the gateway's alone: the browser can never ask for one.
  app.all('/api/oauth2/*', () => problemResponse(problemBody(404, 'Not available through the gateway')));

  app.all('/api/*', async (c) => {
    const session = await readSession(c, options.session);
    if (!session) return problemResponse(problemBody(401, 'Sign in to use the API'), { 'www-authenticate': 'Cookie realm="student-success"' });
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
    if (response.status === 204 || response.status === 304) return new Response(null, { status: response.status, headers: out });
    const text = upstream.rewrite(await response.text(), publicBase(c));
    return new Response(text, { status: response.status, headers: out });
  });

  options.serveApp?.(app);
  app.notFound(() => problemResponse(problemBody(404, 'Not found')));
  return app;
}
