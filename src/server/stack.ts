import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { readBackendConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { readGatewayConfig, type GatewayConfig, type OidcSettings } from './gateway/config.ts';
import { createDevIdp, seededPeople, type DevIdp } from './gateway/dev-idp.ts';
import { createGateway } from './gateway/gateway.ts';
import { createOidcClient } from './gateway/oidc.ts';
import { memoryStore, redisStore, type SessionStore } from './gateway/session-store.ts';
import { inProcessUpstream, remoteUpstream, type Upstream } from './gateway/upstream.ts';

export interface Stack {
  gateway: Hono;
  config: GatewayConfig;
  describe: string;
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
  const store: SessionStore = auth.sessions.storeUrl ? await redisStore(auth.sessions.storeUrl) : memoryStore();
  const closers: (() => void | Promise<void>)[] = [() => store.close()];
  let upstream: Upstream;
  let describe: string;
  let devIdp: DevIdp | undefined;

  if (config.remote) {
    upstream = remoteUpstream(config.remote);
    describe = `proxying /api to ${config.remote.url}`;
  } else {
    const backendConfig = readBackendConfig({ ...env, PORT: undefined, HOST: undefined });
    const started = performance.now();
    const { db, seeded } = openDatabase({ path: backendConfig.database, seed: backendConfig.seed, scale: backendConfig.seedScale, now: backendConfig.seedNow });
    closers.push(() => db.close());
    const backend = createApp({ db, clients: [backendConfig.client], tokenTtlSeconds: backendConfig.tokenTtlSeconds });
    upstream = inProcessUpstream(backend, backendConfig.client);
    describe = seeded
      ? `reference backend in process (${seeded.notations} notations seeded in ${Math.round(performance.now() - started)} ms)`
      : `reference backend in process (data from ${backendConfig.database})`;
    if (!auth.oidc) {
      devIdp = createDevIdp({ publicUrl: auth.publicUrl, groups: auth.groups, people: seededPeople(db) });
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
  const gateway = createGateway({
    upstream,
    auth: {
      config: auth,
      oidc,
      store,
      ...(devIdp ? { devIdp, postLogoutRedirectUri: `${auth.publicUrl}/auth/signed-out` } : {}),
    },
    ...(serveApp ? { serveApp } : {}),
  });
  const signIn = devIdp ? `development identity provider at ${devIdp.issuer}` : `sign-in through ${oidcSettings.issuer}`;
  return {
    gateway,
    config,
    describe: `${describe}; ${signIn}; ${store.describe}`,
    close: async () => {
      for (const close of closers) await close();
    },
  };
}
