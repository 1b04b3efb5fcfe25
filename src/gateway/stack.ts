import type { Hono } from 'hono';
import { createApp } from '../backend/app.ts';
import { readBackendConfig } from '../backend/config.ts';
import { openDatabase } from '../backend/db/open.ts';
import { readGatewayConfig, type GatewayConfig, type OidcSettings } from './config.ts';
import { seededPeople } from '../backend/people-directory.ts';
import { createDevIdp, type DevIdp } from './dev-idp.ts';
import { createGateway } from './gateway.ts';
import type { ReadinessCheck } from './health.ts';
import { openGatewayDatabase } from './db/database.ts';
import { databaseGrants } from './access-grants.ts';
import { databaseBatches } from './batch-store.ts';
import { databaseSavedViews } from './saved-view-store.ts';
import { databaseAccessLog } from './access-log-store.ts';
import { databaseMembershipCache } from './membership-cache.ts';
import { databaseJournal } from './journal-store.ts';
import { databaseVisits } from './visit-store.ts';
import { databaseWatchList } from './watch-list-store.ts';
import { databaseNotices, loadNotice } from './notice.ts';
import { scheduleRetention } from './retention.ts';
import { databaseClaims } from './claims-store.ts';
import { databaseNotify } from './notify-store.ts';
import { keepingMailer, smtpMailer } from './mailer.ts';
import { createNotifier } from './notifier.ts';
import { serviceReader } from './service-reader.ts';
import { createLogger, type Logger } from './logging.ts';
import { createOidcClient } from './oidc.ts';
import { memoryStore, redisStore, type SessionStore } from './session-store.ts';
import { inProcessUpstream, remoteUpstream, type Upstream } from './upstream.ts';

export interface Stack {
  gateway: Hono;
  config: GatewayConfig;
  describe: string;
  logger: Logger;
  /** From now on /readyz answers 503 (shutdown has begun). */
  beginShutdown(): void;
  close(): Promise<void>;
}

/**
 * The gateway with its upstream and its sign-in, from the environment: the real service when
 * UPSTREAM_URL is set (then the institution's OpenID provider is required), otherwise the
 * reference backend in this process (same variables as `npm run backend`) and, unless OIDC_ISSUER
 * names another provider, the development provider at /dev-idp. Call `readGatewayConfig` first to
 * refuse a bad environment before listening; PUBLIC_URL defaults to where the server listens.
 */
export async function createStack(env: Record<string, string | undefined>, serveApp?: (app: Hono) => void): Promise<Stack> {
  const config = readGatewayConfig(env);
  const { auth } = config;
  // Read once, at start: a notice that cannot be read stops the start (start.ts checks it before listening too).
  const notice = config.noticeFile ? loadNotice(config.noticeFile) : undefined;
  const logger = createLogger({ level: config.logLevel });
  const store: SessionStore = auth.sessions.storeUrl
    ? await redisStore(auth.sessions.storeUrl, { timeoutMs: config.sessionStoreTimeoutMs, logger })
    : memoryStore();
  const database = openGatewayDatabase(config.database, { onPoolError: (error) => logger.warn({ err: error }, 'database connection lost; reconnecting') });
  const journal = databaseJournal(database);
  const accessLog = databaseAccessLog(database);
  const grants = databaseGrants(database);
  const membershipCache = databaseMembershipCache(database);
  const batches = databaseBatches(database);
  const savedViews = databaseSavedViews(database);
  const visits = databaseVisits(database);
  const watchList = databaseWatchList(database);
  const claims = databaseClaims(database);
  const notify = databaseNotify(database);
  const mailer = config.notify.smtpUrl ? smtpMailer(config.notify.smtpUrl, config.notify.mailFrom) : keepingMailer;
  // Migrations run now; a database not there yet is retried on use, and /readyz says so meanwhile.
  await database
    .ready()
    .catch((error: unknown) =>
      logger.error({ err: error }, `the gateway's database (${database.describe}) is unavailable; writes are refused until it answers`),
    );
  const retention = scheduleRetention({
    store: journal,
    alsoPurge: {
      accessLog: (olderThan) => accessLog.purge(olderThan),
      grants: (olderThan) => grants.purge(olderThan),
      reassignmentBatches: (olderThan) => batches.purge(olderThan),
      studentVisits: (olderThan) => visits.purge(olderThan),
      membershipCache: () => membershipCache.purge(Date.now() - config.accessCacheSeconds * 1000),
    },
    days: config.retentionDays,
    logger,
  });
  const closers: (() => void | Promise<void>)[] = [() => store.close(), () => retention.stop(), () => journal.close()];
  let upstream: Upstream;
  let describe: string;
  let devIdp: DevIdp | undefined;

  if (config.remote) {
    upstream = remoteUpstream({ ...config.remote, timeouts: config.timeouts });
    describe = `proxying /api to ${config.remote.url}`;
  } else {
    const backendConfig = readBackendConfig({ ...env, PORT: undefined, HOST: undefined });
    const started = performance.now();
    const { db, seeded } = openDatabase({ path: backendConfig.database, seed: backendConfig.seed, scale: backendConfig.seedScale, now: backendConfig.seedNow });
    closers.push(() => db.close());
    const backend = createApp({ db, clients: [backendConfig.client], tokenTtlSeconds: backendConfig.tokenTtlSeconds });
    upstream = inProcessUpstream(backend, backendConfig.client, config.timeouts);
    describe = seeded
      ? `reference backend in process (${seeded.notations} notations seeded in ${Math.round(performance.now() - started)} ms)`
      : `reference backend in process (data from ${backendConfig.database})`;
    if (!auth.oidc) {
      devIdp = createDevIdp({ publicUrl: auth.publicUrl, groups: auth.groups, people: seededPeople(db), logger });
    }
  }

  const oidcSettings: OidcSettings = auth.oidc ?? {
    issuer: devIdp!.issuer,
    clientId: devIdp!.clientId,
    clientSecret: devIdp!.clientSecret,
    identifierClaim: 'preferred_username',
    groupsClaim: 'groups',
    allowInsecure: auth.publicUrl.startsWith('http:'),
  };
  const oidc = createOidcClient(oidcSettings, `${auth.publicUrl}/auth/callback`);
  const readiness: Record<string, ReadinessCheck> = {};
  readiness.database = () => journal.check();
  if (store.check) readiness.sessions = store.check;
  let draining = false;
  const gateway = createGateway({
    upstream,
    auth: {
      config: auth,
      oidc,
      store,
      // Every instance has the same client secret: any of them can finish a sign-in another began.
      signInSecret: oidcSettings.clientSecret,
      ...(devIdp ? { devIdp, postLogoutRedirectUri: `${auth.publicUrl}/auth/signed-out` } : {}),
    },
    ...(serveApp ? { serveApp } : {}),
    timeouts: config.timeouts,
    logger,
    trustProxy: config.trustProxy,
    publicUrl: auth.publicUrl,
    journal,
    accessLog,
    accessCacheSeconds: config.accessCacheSeconds,
    alertResponseDays: config.alertResponseDays,
    membershipCache,
    grants,
    batches,
    savedViews,
    visits,
    watchList,
    attention: config.attention,
    claims,
    notify,
    mailServer: mailer.configured,
    access: config.access,
    ...(notice ? { notice, notices: databaseNotices(database) } : {}),
    ...(config.journalFile ? { journalCopy: config.journalFile } : {}),
    readiness,
    draining: () => draining,
  });
  const notifier = createNotifier({
    store: notify,
    claims,
    mailer,
    read: serviceReader(upstream, config.timeouts),
    logger,
    pollSeconds: config.notify.pollSeconds,
    responseDays: config.alertResponseDays,
    knownNetworks: () => membershipCache.byMember(),
    // The digest covers the students a person follows as well as their caseload (#32 items 3 and 7).
    watched: async (person) => (await watchList.list(person)).map((w) => w.student),
  });
  notifier.start();
  closers.unshift(
    () => notifier.stop(),
    () => mailer.close(),
  );
  const signIn = devIdp ? `development identity provider at ${devIdp.issuer}` : `sign-in through ${oidcSettings.issuer}`;
  return {
    gateway,
    config,
    logger,
    describe: `${describe}; ${signIn}; ${store.describe}; records in ${database.describe}`,
    beginShutdown: () => {
      draining = true;
    },
    close: async () => {
      for (const close of closers) await close();
    },
  };
}
