import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { pathFor } from '../api/operations.ts';
import { PersonSchema } from '../api/schemas/index.ts';
import { compression } from '../http/compression.ts';
import { etag, notModifiedTag, withoutEncodingSuffixes } from '../http/etag.ts';
import { bodyBytes, bodyText, knownBody, respond } from '../http/known-body.ts';
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import { DEFAULT_TIMEOUTS, UPSTREAM_PROBLEM, credentialsProblem, serviceFailure, tokenFailure, withDeadline, type Timeouts } from './bounded.ts';
import { canonicalGetPath, refuseUnreadablePaths } from './canonical-path.ts';
import { publicOrigin } from './forwarded.ts';
import { fixedSecurityHeaders, noStore, securityHeaders } from './headers.ts';
import { healthRoutes, type ReadinessCheck } from './health.ts';
import { accessLogRoutes, recordReads } from './access-log.ts';
import type { ApiCall } from './api-operation.ts';
import { enforceAudiences, filtersBody } from './audiences.ts';
import { networkMembership } from './membership.ts';
import { databaseMembershipCache, type MembershipCache } from './membership-cache.ts';
import { databaseGrants, type AccessGrantStore } from './access-grants.ts';
import { accessRoutes } from './access-routes.ts';
import { batchRoutes, batchWrites } from './batch-routes.ts';
import { databaseBatches, type BatchStore } from './batch-store.ts';
import { savedViewRoutes } from './saved-view-routes.ts';
import { databaseSavedViews, type SavedViewStore } from './saved-view-store.ts';
import { sessionEndRoutes } from './session-ends.ts';
import { claimRoutes, releaseClaimsOnLowering } from './claims-routes.ts';
import { databaseClaims, type ClaimStore } from './claims-store.ts';
import { notifyRoutes } from './notify-routes.ts';
import { databaseNotify, type NotifyStore } from './notify-store.ts';
import { decide, enforceRelationships, relationshipRewrites, scopeOf, type AccessRules, type Scope } from './relationships.ts';
import { databaseAccessLog, type AccessLogStore } from './access-log-store.ts';
import { openGatewayDatabase } from './db/database.ts';
import { journalRoutes, journalWrites } from './journal.ts';
import { databaseJournal, type JournalStore } from './journal-store.ts';
import { declaredBodyLimit, methodGuard, parseBoundedJson, requestBodyLimit } from './limits.ts';
import { REQUEST_ID_HEADER, createLogger, requestIdOf, requestLogging, type Logger } from './logging.ts';
import { devIdpHandler, mountAuth, type AuthOptions } from './oidc-routes.ts';
import { SESSION_STORE_PROBLEM, SessionStoreUnavailable } from './session-store.ts';
import { stampActor } from './stamping.ts';
import { studentRecordRoutes } from './student-record.ts';
import { outcomesRoutes } from './outcomes/routes.ts';
import type { ConditionalAnswer } from './outcomes/source.ts';
import { htmlPage } from './oidc-pages.ts';
import { acceptanceCheck, databaseNotices, noticeGate, noticeRoutes, type Notice, type NoticeStore } from './notice.ts';
import type { Upstream } from './upstream.ts';
import { DEFAULT_ATTENTION_RULES, type AttentionRules } from './my-students/attention.ts';
import { myStudentsRoutes } from './my-students/routes.ts';
import { databaseVisits, type VisitStore } from './visit-store.ts';
import { databaseWatchList, type WatchListStore } from './watch-list-store.ts';

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
  /** The change journal (#15.5, #29); default: a SQLite database in memory. */
  journal?: JournalStore;
  /** JOURNAL_FILE: an extra JSON-lines copy of each completed entry. */
  journalCopy?: string;
  /** ACCESS_CACHE_S: how long a person's network memberships are reused (audiences.ts). */
  accessCacheSeconds?: number;
  /** Success networks shared by the instances (membership-cache.ts); default: in the in-memory database, when there is one. */
  membershipCache?: MembershipCache;
  /** The access log (#30); default: in the same in-memory database as the default journal. */
  accessLog?: AccessLogStore;
  /** Grants with a stated reason (#30); default: in that same database. */
  grants?: AccessGrantStore;
  /** Bulk reassignments and their before-states (#31 item 4); default: in that same database. */
  batches?: BatchStore;
  /** Saved views (#32 item 4); default: in that same database. */
  savedViews?: SavedViewStore;
  /** Who may open which student (relationships.ts); default all-staff (the audiences alone), as tests mostly want. */
  access?: AccessRules;
  /** CONFIDENTIALITY_NOTICE_FILE, read at start (notice.ts); absent: no notice, nothing is gated. */
  notice?: Notice;
  /** Who accepted which version; default: in the same database as the default access log. */
  notices?: NoticeStore;
  /** When each person last opened each student (#32 item 2); default: in the same database as the default access log. */
  visits?: VisitStore;
  /** The students each person follows (#32 item 3); default: in that same database. */
  watchList?: WatchListStore;
  /** The home's attention rules (ATTENTION_*); default: DEFAULT_ATTENTION_RULES, contacts of the last 180 days. */
  attention?: { rules: AttentionRules; contactDays: number };
  /** ALERT_RESPONSE_DAYS: an alert answered within this many days counts as answered (outcomes #33, raised by me and the digest #32); default 3. */
  alertResponseDays?: number;
  /** More readiness checks (session store …) for /readyz. */
  readiness?: Record<string, ReadinessCheck>;
  /** "I'm on it" claims (#32 item 6); default: in the in-memory database. */
  claims?: ClaimStore;
  /** E-mail opt-ins, people's addresses and the mail kept or sent (#32 item 7); default: in the in-memory database. */
  notify?: NotifyStore;
  /** SMTP_URL is set (the settings page says whether mail leaves). */
  mailServer?: boolean;
  /** True once shutdown has begun (/readyz answers 503). */
  draining?: () => boolean;
}

/** A service answer's body as JSON, or undefined when it is not JSON (an empty body, a proxy's HTML error page). */
async function jsonOrNothing(response: Response): Promise<unknown> {
  const text = await bodyText(response);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How long sign-in waits for the people extension's details of the person (then goes on without). */
const PERSON_LOOKUP_MS = 1_500;

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
  // Routing, like every later decision, sees the one canonical reading of the path (canonical-path.ts).
  const app = new Hono({ strict: true, getPath: canonicalGetPath });
  const logger = options.logger ?? createLogger();
  const logError = options.logError ?? ((id, error) => logger.error({ err: error, correlationId: id }, 'unexpected error'));
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const publicBase = (c: Context) => `${publicOrigin(c, options.trustProxy ?? false, options.publicUrl ?? options.auth.config.publicUrl)}/api`;
  // Without a database of their own (tests), both logs share one in memory.
  const memory = options.journal && options.accessLog && options.grants && (options.notices || !options.notice) ? undefined : openGatewayDatabase(':memory:');
  const grants = options.grants ?? databaseGrants(memory!);
  const access: AccessRules = options.access ?? { policy: 'all-staff', recordsGroup: 'success-records', grantHours: 8 };
  const journal = options.journal ?? databaseJournal(memory!);
  const accessLog = options.accessLog ?? databaseAccessLog(memory!);
  const { notice } = options;
  const notices = notice ? (options.notices ?? databaseNotices(memory!)) : undefined;
  const noticeAccepted = notice && notices ? acceptanceCheck(notice, notices) : undefined;
  const ownMemory =
    memory ??
    (options.claims && options.notify && options.batches && options.savedViews && options.visits && options.watchList
      ? undefined
      : openGatewayDatabase(':memory:'));
  const batches = options.batches ?? databaseBatches(ownMemory!);
  const savedViews = options.savedViews ?? databaseSavedViews(ownMemory!);
  const visits = options.visits ?? databaseVisits(ownMemory!);
  const watchList = options.watchList ?? databaseWatchList(ownMemory!);
  const claims = options.claims ?? databaseClaims(ownMemory!);
  const notify = options.notify ?? databaseNotify(ownMemory!);
  const alertResponseDays = options.alertResponseDays ?? 3;

  /** The session store does not answer: nobody's session can be checked, so say that, at once. */
  const sessionStoreDown = (c: Context, error: SessionStoreUnavailable) => {
    logger.error({ err: error, requestId: requestIdOf(c) }, 'session store unavailable');
    const headers = { 'retry-after': '5', 'cache-control': 'no-store' };
    const page = (c.req.method === 'GET' || c.req.method === 'HEAD') && /text\/html/.test(c.req.header('accept') ?? '') && !c.req.path.startsWith('/api/');
    if (page) {
      return c.html(
        htmlPage(
          'Sign-in is unavailable',
          '<p>The dashboard cannot check who is signed in right now: its session store is not answering. Nothing that was saved is lost.</p><p>Try again in a minute; if it keeps happening, tell support.</p><p><a href="">Try again</a></p>',
        ),
        503,
        headers,
      );
    }
    return problemResponse(
      problemBody(
        503,
        'Sign-in is unavailable: the gateway cannot reach its session store, so it cannot check who is signed in. Try again in a minute; if it persists, tell support.',
        {
          typeSlug: SESSION_STORE_PROBLEM,
        },
      ),
      headers,
    );
  };

  app.use('*', requestLogging(logger));
  // Before anything reads the path: one reading of it, or 400.
  app.use('*', refuseUnreadablePaths());
  // The development provider writes its own responses, with the same security headers (computed
  // once): before the middleware that sets them.
  let devIdpHeaders: Promise<Record<string, string>> | undefined;
  app.all(
    '/dev-idp/*',
    methodGuard(),
    declaredBodyLimit(64 * 1024),
    devIdpHandler(options.auth.devIdp, () => (devIdpHeaders ??= fixedSecurityHeaders({ publicUrl: options.publicUrl }))),
  );
  // The method guard after the headers: its 405 carries them too.
  app.use('*', securityHeaders({ publicUrl: options.publicUrl }), noStore(), methodGuard());
  app.route(
    '/',
    healthRoutes({ upstream, timeoutMs: timeouts.upstreamMs, checks: { ...options.readiness }, ...(options.draining ? { draining: options.draining } : {}) }),
  );
  // Every body past this point (the development provider reads its own small forms).
  app.use('*', requestBodyLimit());
  // /api, /session and the HTML, as the browser accepts; precompressed assets pass untouched.
  app.use('*', compression());

  app.onError((error, c) => {
    if (error instanceof SessionStoreUnavailable) return sessionStoreDown(c, error);
    if (error instanceof ProblemError) {
      return problemResponse(
        problemBody(error.status, error.detail, { ...(error.errors ? { errors: error.errors } : {}), ...(error.typeSlug ? { typeSlug: error.typeSlug } : {}) }),
        error.headers,
      );
    }
    const correlationId = randomUUID();
    logError(correlationId, error);
    return problemResponse(
      problemBody(502, `The service could not be reached. Try again; if it persists, contact support and quote ${correlationId}.`, { correlationId }),
    );
  });

  /**
   * Calls the upstream as the gateway's client, each step within its deadline (the response body
   * included); retries once with a fresh token after a 401.
   */
  async function callUpstream(
    c: Context,
    path: string,
    init: { method: string; headers: Record<string, string>; body?: Uint8Array<ArrayBuffer> },
  ): Promise<Response> {
    const attempt = async () => {
      const token = await withDeadline(timeouts.tokenMs, () => upstream.token()).catch((error: unknown) => {
        throw tokenFailure(error, timeouts.tokenMs);
      });
      const headers = {
        ...init.headers,
        'Ocp-Apim-Subscription-Key': upstream.subscriptionKey,
        Authorization: `Bearer ${token}`,
        [REQUEST_ID_HEADER]: requestIdOf(c),
      };
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

  /** A service resource as the gateway reads it, with its status (a 404 is an answer, not a failure). */
  async function readUpstreamAnswer(c: Context, path: string): Promise<{ status: number; body: unknown; date: string | null }> {
    const response = await callUpstream(c, path, { method: 'GET', headers: { accept: 'application/json' } });
    return { status: response.status, body: await jsonOrNothing(response), date: response.headers.get('date') };
  }

  /** A service resource read with If-None-Match when a tag is known: a 304 is an answer (the outcomes' cache). */
  async function readConditional(c: Context, path: string, ifNoneMatch?: string): Promise<ConditionalAnswer> {
    const response = await callUpstream(c, path, {
      method: 'GET',
      headers: { accept: 'application/json', ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    });
    const tag = response.headers.get('etag');
    const date = response.headers.get('date');
    if (response.status === 304) return { status: 304, etag: tag, body: undefined, date };
    return { status: response.status, etag: tag, body: await jsonOrNothing(response), date };
  }

  // Sign-in, sessions, CSRF and permissions (oidc-routes.ts): /auth/*, /session, and the /api guard.
  const { guardPages, sessionOf } = mountAuth(app, {
    logger,
    recordAccess: (c, access) => accessLog.record({ ...access, ...(c ? { requestId: requestIdOf(c) } : {}) }),
    // What the app needs before any page: the policy its texts name, and whether the notice is still to accept.
    describeSession: async (c, session) => {
      let accepted = false;
      if (noticeAccepted) {
        try {
          accepted = await noticeAccepted(session.identifier);
        } catch (error) {
          // Asked again when the person accepts; the notice page says if that fails too.
          logger.warn({ err: error, requestId: requestIdOf(c) }, 'notice acceptance could not be read');
        }
      }
      return { accessPolicy: access.policy, alertResponseDays, ...(notice ? { notice: { version: notice.version, accepted } } : {}) };
    },
    onSignIn: (_c, person) => notify.rememberPerson(person.identifier, person.name, person.email),
    ...options.auth,
    // The people extension only adds details; a real upstream without it answers 404 and that is
    // fine, and one that is slow must not hold the person at the door: a short budget, then none.
    lookupPerson: (c, identifier) =>
      withDeadline(PERSON_LOOKUP_MS, async () => {
        const response = await callUpstream(c, pathFor('people.get', { id: identifier }), { method: 'GET', headers: { accept: 'application/json' } });
        if (!response.ok) return undefined;
        const person = PersonSchema.safeParse(
          await bodyText(response)
            .then((text) => JSON.parse(text) as unknown)
            .catch(() => undefined),
        );
        if (!person.success) return undefined;
        const { identifier: id, firstName, lastName, email, role } = person.data;
        return { identifier: id, firstName, lastName, email, role };
      }).catch(() => undefined),
  });

  // The confidentiality notice (#30 item 6): no record leaves before the person has accepted it.
  if (notice && notices && noticeAccepted) {
    app.route(
      '/',
      noticeRoutes({
        notice,
        store: notices,
        accessLog,
        accepted: noticeAccepted,
        personOf: async (c) => (await sessionOf(c))?.identifier,
        onError: (error, c) => logger.warn({ err: error, requestId: requestIdOf(c) }, 'notice'),
      }),
    );
    app.use(
      '/api/*',
      noticeGate({
        accepted: noticeAccepted,
        personOf: (c) => c.get('session')?.identifier,
        callOf: (c) => c.get('apiCall'),
        onError: (error, c) => logger.warn({ err: error, requestId: requestIdOf(c) }, 'notice'),
      }),
    );
    // A student's whole record (student-record.ts) is a record too.
    app.use(
      '/admin/students/*',
      noticeGate({
        accepted: noticeAccepted,
        personOf: async (c) => (await sessionOf(c))?.identifier,
        onError: (error, c) => logger.warn({ err: error, requestId: requestIdOf(c) }, 'notice'),
      }),
    );
  }
  // The change journal (#15.5): after the /api guard, so only writes a person may make are sent and recorded.
  const actorOf = async (c: Context) => c.get('session') ?? (await sessionOf(c));
  const journalError = (error: unknown, c: Context) => logger.warn({ err: error, requestId: requestIdOf(c) }, 'journal');
  app.route('/', journalRoutes({ store: journal, actorOf, isAdmin: async (c) => (await actorOf(c))?.isAdmin ?? false, onError: journalError }));
  app.route('/', accessLogRoutes({ store: accessLog, actorOf, isAdmin: async (c) => (await actorOf(c))?.isAdmin ?? false, onError: journalError }));
  app.route('/', savedViewRoutes({ store: savedViews, actorOf, onError: (error, c) => logger.warn({ err: error, requestId: requestIdOf(c) }, 'saved views') }));
  // Answers the audiences rewrite get their tag, and their 304, from what is sent (etag.ts).
  const ownTags = etag();
  app.use('/api/*', (c, next) => {
    const call = c.get('apiCall') as ApiCall | undefined;
    return call && (filtersBody(call.name) || relationshipRewrites(call.name)) ? ownTags(c, next) : next();
  });
  // The access log records what was sent, after the audiences took out what the person may not see.
  app.use('/api/*', recordReads({ store: accessLog, actorOf, callOf: (c) => c.get('apiCall'), onError: journalError }));
  const shared = options.membershipCache ?? (memory ? databaseMembershipCache(memory) : undefined);
  const membership = networkMembership({ read: readUpstream, ttlMs: (options.accessCacheSeconds ?? 300) * 1000, ...(shared ? { shared } : {}) });
  // A network written here is read anew, here and on every other instance (through the shared cache).
  app.use('/api/*', async (c, next) => {
    await next();
    const call = c.get('apiCall') as ApiCall | undefined;
    if (call?.name === 'people.successNetwork.replace' && c.res.status < 300 && call.params.id) {
      await membership.forget(call.params.id).catch((error: unknown) => journalError(error, c));
    }
  });
  const viewerOf = (c: Context) => {
    const session = c.get('session');
    return session ? { identifier: session.identifier, groups: session.groups } : undefined;
  };
  const relationships = { rules: access, membership, grants, viewerOf, callOf: (c: Context) => c.get('apiCall') };
  const decideFor = async (c: Context, student: string) => {
    const session = await actorOf(c);
    if (access.enforce === false) return { allowed: true, why: 'policy' as const };
    return session ? decide(c, relationships, { identifier: session.identifier, groups: session.groups }, student) : { allowed: false, why: 'none' as const };
  };
  const scopeFor = async (c: Context): Promise<Scope> => {
    const session = await actorOf(c);
    return session ? scopeOf(c, relationships, { identifier: session.identifier, groups: session.groups }) : { scope: 'unknown' };
  };
  app.route('/', accessRoutes({ grants, accessLog, access, actorOf, read: readUpstream, decide: decideFor, scope: scopeFor, onError: journalError }));
  app.route(
    '/',
    sessionEndRoutes({
      store: options.auth.store,
      accessLog,
      maxSeconds: options.auth.config.sessions.maxSeconds,
      actorOf,
      ...(options.auth.now ? { now: options.auth.now } : {}),
      onError: journalError,
    }),
  );
  const myStudents = myStudentsRoutes({
    ...(options.attention ?? { rules: DEFAULT_ATTENTION_RULES, contactDays: 180 }),
    visits,
    watchList,
    membership,
    membershipCache: shared,
    accessLog,
    actorOf,
    read: readUpstreamAnswer,
    decide: decideFor,
    onError: journalError,
  });
  app.route('/', myStudents.routes);
  app.route(
    '/',
    outcomesRoutes({
      accessLog,
      actorOf,
      recordsGroup: access.recordsGroup,
      read: readConditional,
      responseDays: alertResponseDays,
      onError: journalError,
    }),
  );
  app.route(
    '/',
    claimRoutes({
      store: claims,
      actorOf,
      read: readUpstreamAnswer,
      mayOpen: async (c, student) => (await decideFor(c, student)).allowed,
      onError: journalError,
    }),
  );
  app.route('/', notifyRoutes({ store: notify, actorOf, mailServer: options.mailServer ?? false, responseDays: alertResponseDays }));
  app.route('/', studentRecordRoutes({ accessLog, journal, actorOf, read: readUpstreamAnswer, onError: journalError }));
  if (access.enforce !== false) app.use('/api/*', enforceRelationships(relationships));
  if (access.enforce !== false)
    app.use('/api/*', enforceAudiences({ membership, personOf: (c) => c.get('session')?.identifier, callOf: (c) => c.get('apiCall'), read: readUpstream }));
  const batchOptions = { store: batches, actorOf, callOf: (c: Context) => c.get('apiCall'), onError: journalError };
  app.route('/', batchRoutes(batchOptions));
  app.use('/api/*', batchWrites(batchOptions));
  // A lowering comment the service accepted releases the alert's claim.
  app.use('/api/*', releaseClaimsOnLowering({ store: claims, callOf: (c) => c.get('apiCall'), onError: journalError }));
  app.use(
    '/api/*',
    journalWrites({ store: journal, actorOf, callOf: (c) => c.get('apiCall'), read: readUpstream, copyTo: options.journalCopy, onError: journalError }),
  );

  app.all('/api/*', async (c) => {
    // mountAuth's guard has checked the session, found the operation (the token endpoint is never
    // one: tokens are the gateway's alone) and checked its permission. What goes upstream is that
    // operation's own path, never the path as the browser spelled it.
    const session = c.get('session');
    const call = c.get('apiCall');
    const url = new URL(c.req.url);
    const path = call.path + url.search;
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      // An answer rewritten here is revalidated here, against its own tag (audiences.ts).
      if (name === 'if-none-match' && (filtersBody(call.name) || relationshipRewrites(call.name))) continue;
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
        if (json) text = JSON.stringify(stampActor(call.name, json.value, session.identifier));
      }
      body = new TextEncoder().encode(text);
    }
    // HEAD is sent on as GET, so that it gets every header GET would, compression's included (Node
    // sends no body for HEAD).
    const response = await callUpstream(c, path, { method: method === 'HEAD' ? 'GET' : method, headers, ...(body !== undefined ? { body } : {}) });
    if (response.status >= 500) return upstreamFault(c, response);
    const out = new Headers();
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value) out.set(name, name === 'location' ? upstream.rewrite(value, publicBase(c)) : value);
    }
    if (response.status === 304) {
      // The upstream confirmed the identity tag; the browser holds (and named) the variant our
      // compression sent, which is what its 200 carried and what the 304 must name (RFC 9110 §15.4.5).
      const tag = out.get('etag');
      if (tag) out.set('etag', notModifiedTag(c.req.header('if-none-match'), tag));
      out.set('vary', 'accept-encoding');
      return respond(null, { status: 304, headers: out });
    }
    if (response.status === 204) return respond(null, { status: 204, headers: out });
    const text = upstream.rewrite(await bodyText(response), publicBase(c));
    // The length the server would send anyway, known here: compression.ts then compresses a small
    // answer in one call instead of through a stream (a cohort's E18 answers, #11).
    out.set('content-length', String(Buffer.byteLength(text)));
    return respond(text, { status: response.status, headers: out });
  });

  /**
   * A service's own 5xx answer is not passed on as sent (it may carry an internal host, a stack
   * or an HTML page of an API manager): the browser gets our problem, with the same status and
   * this request's id; the service's body goes to the log, cut short.
   */
  async function upstreamFault(c: Context, response: Response): Promise<Response> {
    const text = await bodyText(response).catch(() => '');
    logger.warn({ requestId: requestIdOf(c), status: response.status, body: text.slice(0, 500) }, 'the service answered with an error');
    const retryAfter = response.headers.get('retry-after');
    return problemResponse(
      problemBody(
        response.status,
        `The student records service answered ${response.status} (${response.statusText || 'an error'}). Try again; if it persists, tell support and quote ${requestIdOf(c)}.`,
        {
          typeSlug: UPSTREAM_PROBLEM.error,
          correlationId: requestIdOf(c),
        },
      ),
      retryAfter ? { 'retry-after': retryAfter } : {},
    );
  }

  if (options.serveApp) {
    app.use('*', guardPages);
    // The home's records are read while the browser loads the app (my-students/routes.ts).
    app.get('/', myStudents.startEarly);
    options.serveApp(app);
  }
  app.notFound(() => problemResponse(problemBody(404, 'Not found')));
  return app;
}
