import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { readBackendConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { readGatewayConfig, type GatewayConfig } from './gateway/config.ts';
import { createGateway, type GatewayOptions } from './gateway/gateway.ts';
import { fileJournal, memoryJournal, redisJournal, type JournalStore } from './gateway/journal.ts';
import { createLogger, type Logger } from './gateway/logging.ts';
import { inProcessUpstream, remoteUpstream } from './gateway/upstream.ts';

export interface Stack {
  gateway: Hono;
  config: GatewayConfig;
  describe: string;
  logger: Logger;
  /** From now on /readyz answers 503 (shutdown has begun). */
  beginShutdown(): void;
  close(): void;
}

/** The journal's home (journal.ts): a file, else the session store's Redis, else memory. */
function journalFor(config: GatewayConfig): JournalStore {
  if (config.journalFile) return fileJournal(config.journalFile);
  if (config.sessionStoreUrl) return redisJournal(config.sessionStoreUrl);
  return memoryJournal();
}

/**
 * The gateway with its upstream, from the environment: the real service when UPSTREAM_URL is
 * set, otherwise the reference backend in this process (same variables as `npm run backend`).
 */
export function createStack(env: Record<string, string | undefined>, serveApp?: (app: Hono) => void): Stack {
  const config = readGatewayConfig(env);
  const session = { secret: config.sessionSecret, secure: config.publicUrl?.startsWith('https://') ?? false };
  const logger = createLogger({ level: config.logLevel });
  const journal = journalFor(config);
  if (journal.kind === 'memory') logger.warn('the change journal is kept in memory and lost on restart; set JOURNAL_FILE or SESSION_STORE_URL to keep it');
  let draining = false;
  const common: Omit<GatewayOptions, 'upstream'> = {
    session,
    ...(serveApp ? { serveApp } : {}),
    timeouts: config.timeouts,
    logger,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    journal,
    adminIdentifiers: config.adminIdentifiers,
    ...(journal.check ? { readiness: { journal: journal.check } } : {}),
    draining: () => draining,
  };
  const lifecycle = { logger, beginShutdown: () => void (draining = true) };
  if (config.remote) {
    const upstream = remoteUpstream({ ...config.remote, timeouts: config.timeouts });
    return {
      gateway: createGateway({ upstream, ...common }),
      config,
      describe: `proxying /api to ${config.remote.url}`,
      ...lifecycle,
      close: () => void journal.close?.(),
    };
  }
  const backendConfig = readBackendConfig({ ...env, PORT: undefined, HOST: undefined });
  const started = performance.now();
  const { db, seeded } = openDatabase({ path: backendConfig.database, seed: backendConfig.seed, scale: backendConfig.seedScale, now: backendConfig.seedNow });
  const backend = createApp({ db, clients: [backendConfig.client], tokenTtlSeconds: backendConfig.tokenTtlSeconds });
  const upstream = inProcessUpstream(backend, backendConfig.client, config.timeouts);
  return {
    gateway: createGateway({ upstream, ...common }),
    config,
    ...lifecycle,
    describe: seeded
      ? `reference backend in process (${seeded.notations} notations seeded in ${Math.round(performance.now() - started)} ms)`
      : `reference backend in process (data from ${backendConfig.database})`,
    close: () => {
      void journal.close?.();
      db.close();
    },
  };
}
