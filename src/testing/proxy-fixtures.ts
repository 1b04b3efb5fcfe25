import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import Provider from 'oidc-provider';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';
import { closeServing, DEMO_CLIENT } from './backend.ts';

/**
 * What a proxy-mode test needs from outside the dashboard: a service that has only E1–E19 (as a
 * real upstream does) and an OpenID provider of its own on another port.
 */

/** A free port on 127.0.0.1 (for a server whose URL must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** E1–E19 by method and path (service.md), plus the token endpoint; everything else is 404. */
const CONTRACT: [string, RegExp][] = [
  ['GET', /^\/notations\/updates\/?$/],
  ['GET', /^\/notations\/updates\/[^/]+\/?$/],
  ['GET', /^\/notations\/updates\/[^/]+\/comments\/?$/],
  ['POST', /^\/notations\/updates\/?$/],
  ['GET', /^\/notations\/dataInsights\/?$/],
  ['GET', /^\/notations\/dataInsights\/[^/]+\/?$/],
  ['GET', /^\/notations\/alerts\/?$/],
  ['GET', /^\/notations\/alerts\/[^/]+\/categories\/?$/],
  ['GET', /^\/notations\/alerts\/[^/]+\/comments\/[^/]+\/?$/],
  ['GET', /^\/notations\/encouragements\/?$/],
  ['GET', /^\/notations\/encouragements\/types\/[^/]+\/?$/],
  ['GET', /^\/notations\/triggers\/[^/]+\/?$/],
  ['PATCH', /^\/notations\/triggers\/[^/]+\/?$/],
  ['PUT', /^\/notations\/categories\/[^/]+\/?$/],
  ['GET', /^\/people\/[^/]+\/successNetwork\/?$/],
  ['PUT', /^\/people\/[^/]+\/successNetwork\/?$/],
  ['GET', /^\/noncognitives\/administrations\/?$/],
  ['GET', /^\/noncognitives\/administrations\/[^/]+\/results\/[^/]+\/factors\/?$/],
  ['GET', /^\/noncognitives\/assessments\/[^/]+\/factors\/[^/]+\/?$/],
  ['POST', /^\/oauth2\/token\/?$/],
];

export interface StrictUpstream {
  url: string;
  tokenUrl: string;
  credentials: typeof DEMO_CLIENT;
  /** Paths that were refused as extensions (the dashboard asked, and degraded). */
  refused: string[];
  /** How many requests were passed on to the service (E1–E19 and the token endpoint): what a page costs upstream. */
  answered(): number;
  close(): Promise<void>;
}

/** The reference backend behind a filter that answers 404 to every extension of decisions.md §9. */
export async function startStrictUpstream(
  options: { now?: string; scale?: number; /** Pass the extensions too (the reference backend whole, counted). */ extensions?: boolean } = {},
): Promise<StrictUpstream> {
  const { db } = openDatabase({
    path: ':memory:',
    seed: 1,
    scale: options.scale ?? 0.3,
    now: new Date(`${options.now ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`),
  });
  const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
  const refused: string[] = [];
  let answered = 0;
  const app = new Hono();
  app.all('/api/*', (c) => {
    const path = new URL(c.req.url).pathname.slice('/api'.length);
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (!options.extensions && !CONTRACT.some(([m, pattern]) => m === method && pattern.test(path))) {
      refused.push(`${c.req.method} ${path}`);
      return c.json({ status: 404, title: 'Not found', detail: 'Not found' }, 404);
    }
    answered += 1;
    return backend.fetch(c.req.raw);
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return {
    url,
    tokenUrl: `${url}/oauth2/token`,
    credentials: DEMO_CLIENT,
    refused,
    answered: () => answered,
    close: () => closeServing(server, db),
  };
}

export interface ExternalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * An OpenID provider of the test's own, configured as an institution might: oidc-provider's
 * defaults (its development login form takes any login and password, then a consent screen; the
 * ID token carries only `sub`, the profile and groups come from UserInfo; client_secret_basic).
 */
export async function startExternalProvider(options: {
  redirectUri: string;
  postLogoutRedirectUri?: string;
  people: Record<string, { name: string; groups: string[]; email?: string }>;
  /** How the client was registered to authenticate (default: the OIDC default, client_secret_basic). */
  authMethod?: 'client_secret_basic' | 'client_secret_post';
}): Promise<ExternalProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'dashboard';
  const clientSecret = randomBytes(16).toString('hex');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        ...(options.authMethod ? { token_endpoint_auth_method: options.authMethod } : {}),
        ...(options.postLogoutRedirectUri ? { post_logout_redirect_uris: [options.postLogoutRedirectUri] } : {}),
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'test' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'], groups: ['groups'] },
    scopes: ['openid', 'profile', 'email', 'groups'],
    findAccount: (_ctx: unknown, sub: string) => {
      const person = options.people[sub];
      return {
        accountId: sub,
        claims: () => ({
          sub,
          preferred_username: sub,
          ...(person ? { name: person.name, groups: person.groups, ...(person.email ? { email: person.email } : {}) } : { groups: [] }),
        }),
      };
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface DecodingUpstream {
  url: string;
  tokenUrl: string;
  credentials: typeof DEMO_CLIENT;
  /** The backend itself, for a gateway that runs it in process over the same data. */
  app: Hono;
  /** `METHOD raw-request-target` of every request that reached it, as it arrived. */
  seen: string[];
  /** Reads a path below the API base as a client of the service (the truth, not the gateway's view). */
  read(path: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The whole reference backend on a socket, reading paths as it does (it decodes `%63` to `c`), as
 * a real API manager in front of a service may: what a gateway forwards is what gets done.
 */
export async function startDecodingUpstream(options: { now?: string; scale?: number } = {}): Promise<DecodingUpstream> {
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale: options.scale ?? 0.1, now: new Date(`${options.now ?? '2026-06-01'}T00:00:00Z`) });
  const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
  const seen: string[] = [];
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request, env: { incoming?: { url?: string } }) => {
      seen.push(`${request.method} ${env.incoming?.url ?? new URL(request.url).pathname}`);
      return backend.fetch(request, env);
    },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  let token: Promise<string> | undefined;
  const tokenOnce = () =>
    (token ??= Promise.resolve(
      backend.request('/api/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret }),
      }),
    ).then(async (r) => ((await r.json()) as { access_token: string }).access_token));
  return {
    url,
    tokenUrl: `${url}/oauth2/token`,
    credentials: DEMO_CLIENT,
    app: backend,
    seen,
    read: async (path) => {
      const response = await backend.request(`/api${path}`, {
        headers: { authorization: `Bearer ${await tokenOnce()}`, 'ocp-apim-subscription-key': DEMO_CLIENT.subscriptionKey },
      });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      return response.json() as Promise<unknown>;
    },
    close: () => closeServing(server, db),
  };
}
