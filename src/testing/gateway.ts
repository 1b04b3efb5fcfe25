import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AuthConfig, OidcSettings } from '../gateway/config.ts';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { seededPeople } from '../backend/people-directory.ts';
import { createDevIdp, type DevIdp } from '../gateway/dev-idp.ts';
import { createGateway, type GatewayOptions } from '../gateway/gateway.ts';
import { databaseAccessLog, type AccessLogStore } from '../gateway/access-log-store.ts';
import { openGatewayDatabase, type GatewayDatabase } from '../gateway/db/database.ts';
import { createLogger, type Logger } from '../gateway/logging.ts';
import type { Notice, NoticeStore } from '../gateway/notice.ts';
import { createOidcClient, type OidcClient } from '../gateway/oidc.ts';
import { cookieName, sessionStoreKey } from '../gateway/session.ts';
import { memoryStore, redisStore, type SessionStore } from '../gateway/session-store.ts';
import { inProcessUpstream, type Upstream } from '../gateway/upstream.ts';
import { DEMO_CLIENT } from './backend.ts';
import { DEFAULT_GROUPS } from './groups.ts';
import { startRedis, type TestRedis } from './redis.ts';

export { DEFAULT_GROUPS };

export interface TestGatewayOptions {
  upstream: Upstream;
  /** The reference backend's database: its people sign in through the development provider. */
  db?: DatabaseSync;
  /** Sign in through another provider instead (then `db` is not needed). */
  oidc?: Omit<OidcSettings, 'allowInsecure'>;
  store?: SessionStore;
  idleSeconds?: number;
  maxSeconds?: number;
  /** GROUPS_RECHECK_S (default 900). */
  recheckSeconds?: number;
  serveApp?: (app: Hono) => void;
  /** The sessions' clock (tests of timeouts move it by hand). */
  now?: () => number;
  /** A port chosen beforehand (when a provider must know the redirect URI first); default any free one. */
  port?: number;
  /** Where the gateway logs (default: JSON lines on stdout). */
  logger?: Logger;
  /** The access log (default: in memory). */
  accessLog?: AccessLogStore;
  /** A confidentiality notice to accept, and where acceptances are kept (default: in memory). */
  notice?: Notice;
  notices?: NoticeStore;
}

export interface TestGateway {
  origin: string;
  gateway: Hono;
  /** The development provider (absent with `oidc`): tests change a person's groups there. */
  devIdp?: DevIdp;
  close(): Promise<void>;
}

/** The gateway on 127.0.0.1 (a real socket: the development provider needs node's request). */
export async function startTestGateway(options: TestGatewayOptions): Promise<TestGateway> {
  // The gateway needs the origin, known once the socket listens.
  const late: { gateway?: Hono } = {};
  const server = serve({ fetch: (request, env) => late.gateway!.fetch(request, env), port: options.port ?? 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = options.store ?? memoryStore();
  const auth: AuthConfig = {
    publicUrl: origin,
    groups: DEFAULT_GROUPS,
    sessions: {
      idleSeconds: options.idleSeconds ?? 1800,
      maxSeconds: options.maxSeconds ?? 36_000,
      ...(options.recheckSeconds ? { recheckSeconds: options.recheckSeconds } : {}),
    },
  };
  const devIdp = options.oidc ? undefined : createDevIdp({ publicUrl: origin, groups: DEFAULT_GROUPS, people: seededPeople(options.db!) });
  const settings: OidcSettings = options.oidc
    ? { ...options.oidc, allowInsecure: true }
    : {
        issuer: devIdp!.issuer,
        clientId: devIdp!.clientId,
        clientSecret: devIdp!.clientSecret,
        identifierClaim: 'preferred_username',
        groupsClaim: 'groups',
        allowInsecure: true,
      };
  const gateway = createGateway({
    upstream: options.upstream,
    auth: {
      config: auth,
      oidc: createOidcClient(settings, `${origin}/auth/callback`),
      store,
      signInSecret: settings.clientSecret,
      ...(options.now ? { now: options.now } : {}),
      ...(devIdp ? { devIdp, postLogoutRedirectUri: `${origin}/auth/signed-out` } : {}),
    },
    ...(options.serveApp ? { serveApp: options.serveApp } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.accessLog ? { accessLog: options.accessLog } : {}),
    ...(options.notice ? { notice: options.notice } : {}),
    ...(options.notices ? { notices: options.notices } : {}),
  });
  late.gateway = gateway;
  return {
    origin,
    gateway,
    ...(devIdp ? { devIdp } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        if (!options.store) void store.close();
      }),
  };
}

/**
 * Sign-in for gateway tests that are about something else (limits, headers, the journal,
 * compression): the real session store and cookie, with the session put straight into the store
 * instead of going through a provider. `cookieFor` returns the `Cookie` header value.
 */
export function directSignIn(options: { publicUrl?: string } = {}) {
  const store = memoryStore();
  const config: AuthConfig = {
    publicUrl: options.publicUrl ?? 'http://dashboard.test',
    groups: DEFAULT_GROUPS,
    sessions: { idleSeconds: 1800, maxSeconds: 36_000 },
  };
  const refuse = () => Promise.reject(new Error('directSignIn: this test does not sign in through a provider'));
  const oidc: OidcClient = { start: refuse, finish: refuse, endSessionUrl: async () => undefined };
  return {
    auth: { config, oidc, store },
    /** A live session for `identifier`; groups default to staff and admin. */
    async cookieFor(identifier: string, groups: readonly string[] = [DEFAULT_GROUPS.staff, DEFAULT_GROUPS.admin], name?: string): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      const now = Date.now();
      await store.set(
        sessionStoreKey(id),
        JSON.stringify({ identifier, ...(name ? { name } : {}), groups: [...groups], createdAt: now, lastSeenAt: now }),
        1800,
      );
      return `${cookieName(false)}=${id}`;
    },
  };
}

export interface SeededUpstream {
  /** The backend's database: its people sign in through the development provider. */
  db: DatabaseSync;
  upstream: Upstream;
  close(): void;
}

/** The reference backend on its usual test seed (seed 1, scale 0.1, from 2026-06-01), in memory and run in process as a gateway's upstream. */
export function seededUpstream(): SeededUpstream {
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 0.1, now: new Date('2026-06-01T00:00:00Z') });
  const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
  return { db, upstream: inProcessUpstream(backend, DEMO_CLIENT), close: () => db.close() };
}

/**
 * A silent gateway in front of `seededUpstream()` for the enclosing file or describe block: built
 * in its `beforeAll` (so `options` may read what earlier hooks set), closed in its `afterAll`.
 * Tests call its `request` as the gateway's.
 */
export function useSeededGateway(options: () => Omit<GatewayOptions, 'upstream'>): Pick<Hono, 'request'> {
  let built: { gateway: Hono; close(): void } | undefined;
  beforeAll(() => {
    const { upstream, close } = seededUpstream();
    built = { gateway: createGateway({ upstream, logger: createLogger({ level: 'silent' }), ...options() }), close };
  });
  afterAll(() => built?.close());
  return {
    request: (...args) => {
      if (!built) throw new Error('useSeededGateway: the gateway is called before its beforeAll has run');
      return built.gateway.request(...args);
    },
  };
}

/** One gateway of `useGatewaysSharingRedis`: `prefix` is its sessions' key prefix in Redis. */
export type SharingGatewayOptions = Omit<TestGatewayOptions, 'upstream' | 'db' | 'store'> & { prefix?: string };

/**
 * Gateways in process as behind a load balancer: their sessions in one Redis of the file's own
 * (Debian's redis-server, without persistence), in front of one seeded service whose people sign
 * in through the development provider. Started in the file's `beforeAll` (so `instances` may read
 * what earlier hooks set), stopped in its `afterAll`; read the getter in tests.
 */
export function useGatewaysSharingRedis<Name extends string>(instances: () => Record<Name, SharingGatewayOptions>): () => Record<Name, TestGateway> {
  let redis: TestRedis | undefined;
  let seeded: SeededUpstream | undefined;
  const stores: SessionStore[] = [];
  const started: TestGateway[] = [];
  let gateways: Record<Name, TestGateway> | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    seeded = seededUpstream();
    const named: Partial<Record<Name, TestGateway>> = {};
    for (const [name, { prefix, ...options }] of Object.entries(instances()) as [Name, SharingGatewayOptions][]) {
      const store = await redisStore(redis.url, prefix === undefined ? {} : { prefix });
      stores.push(store);
      const gateway = await startTestGateway({ ...options, upstream: seeded.upstream, db: seeded.db, store });
      started.push(gateway);
      named[name] = gateway;
    }
    gateways = named as Record<Name, TestGateway>;
  }, 60_000);
  afterAll(async () => {
    for (const gateway of started) await gateway.close();
    for (const store of stores) await store.close();
    seeded?.close();
    await redis?.stop();
  });
  return () => {
    if (!gateways) throw new Error('useGatewaysSharingRedis: the gateways are read before their beforeAll has run');
    return gateways;
  };
}

/**
 * Writes a note about `student` through a gateway (with the test's own `post`), its text carrying
 * `marker`, so that a test can search every answer for it; returns the new update's id.
 */
export async function postMarkedNote(
  post: (path: string, cookie: string, body: unknown) => Response | Promise<Response>,
  cookie: string,
  note: { student: string; audienceType: string; marker: string },
): Promise<string> {
  const created = await post('/api/notations/updates/', cookie, {
    audienceType: note.audienceType,
    canStudentView: false,
    details: `A note (${note.marker}).`,
    student: { identifier: note.student },
  });
  expect(created.status).toBe(201);
  return created.headers.get('location')!.split('/').at(-1)!;
}

export interface AccessLoggedGateway extends Pick<Hono, 'request'> {
  /** The gateway's own records, in memory. */
  readonly database: GatewayDatabase;
  readonly accessLog: AccessLogStore;
}

/**
 * A silent gateway keeping its access log in an in-memory database, for the enclosing file or
 * block: built in its `beforeAll` from `setup` (the upstream, what closes it, and the gateway's
 * other options, which may use the database), closed with its upstream in its `afterAll`.
 */
export function useAccessLoggedGateway(
  setup: (database: GatewayDatabase) => { upstream: Upstream; close: () => void; options: Omit<GatewayOptions, 'upstream' | 'accessLog'> },
): AccessLoggedGateway {
  let built: { gateway: Hono; database: GatewayDatabase; accessLog: AccessLogStore; close(): void } | undefined;
  const current = () => {
    if (!built) throw new Error('useAccessLoggedGateway: the gateway is used before its beforeAll has run');
    return built;
  };
  beforeAll(() => {
    const database = openGatewayDatabase(':memory:');
    const accessLog = databaseAccessLog(database);
    const { upstream, close, options } = setup(database);
    built = { gateway: createGateway({ upstream, logger: createLogger({ level: 'silent' }), accessLog, ...options }), database, accessLog, close };
  });
  afterAll(async () => {
    await built?.database.close();
    built?.close();
  });
  return {
    request: (...args) => current().gateway.request(...args),
    get database() {
      return current().database;
    },
    get accessLog() {
      return current().accessLog;
    },
  };
}
