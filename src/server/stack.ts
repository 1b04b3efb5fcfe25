import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { readBackendConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { readGatewayConfig, type GatewayConfig } from './gateway/config.ts';
import { createGateway } from './gateway/gateway.ts';
import { inProcessUpstream, remoteUpstream } from './gateway/upstream.ts';

export interface Stack {
  gateway: Hono;
  config: GatewayConfig;
  describe: string;
  close(): void;
}

/**
 * The gateway with its upstream, from the environment: the real service when UPSTREAM_URL is
 * set, otherwise the reference backend in this process (same variables as `npm run backend`).
 */
export function createStack(env: Record<string, string | undefined>, serveApp?: (app: Hono) => void): Stack {
  const config = readGatewayConfig(env);
  const session = { secret: config.sessionSecret, secure: false };
  if (config.remote) {
    const upstream = remoteUpstream(config.remote);
    return {
      gateway: createGateway({ upstream, session, ...(serveApp ? { serveApp } : {}) }),
      config,
      describe: `proxying /api to ${config.remote.url}`,
      close: () => {},
    };
  }
  const backendConfig = readBackendConfig({ ...env, PORT: undefined, HOST: undefined });
  const started = performance.now();
  const { db, seeded } = openDatabase({ path: backendConfig.database, seed: backendConfig.seed, scale: backendConfig.seedScale, now: backendConfig.seedNow });
  const backend = createApp({ db, clients: [backendConfig.client], tokenTtlSeconds: backendConfig.tokenTtlSeconds });
  const upstream = inProcessUpstream(backend, backendConfig.client);
  return {
    gateway: createGateway({ upstream, session, ...(serveApp ? { serveApp } : {}) }),
    config,
    describe: seeded
      ? `reference backend in process (${seeded.notations} notations seeded in ${Math.round(performance.now() - started)} ms)`
      : `reference backend in process (data from ${backendConfig.database})`,
    close: () => db.close(),
  };
}
