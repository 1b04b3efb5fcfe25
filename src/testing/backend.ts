import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../backend/app.ts';
import { openDatabase } from '../backend/db/open.ts';

export interface TestBackend {
  origin: string;
  baseUrl: string;
  token: string;
  subscriptionKey: string;
  clientId: string;
  clientSecret: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

export interface TestBackendOptions {
  seed?: number;
  scale?: number;
  /** The seed's start day, ISO; default 2026-06-01. */
  now?: string;
  tokenTtlSeconds?: number;
  databasePath?: string;
}

export const DEMO_CLIENT = { clientId: 'demo-client', clientSecret: 'demo-secret', subscriptionKey: 'demo-subscription-key' };

/** A real reference backend on 127.0.0.1 with a fresh database and a token for the demo client. */
export async function startBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const { db } = openDatabase({
    path: options.databasePath ?? ':memory:',
    seed: options.seed ?? 1,
    scale: options.scale ?? 1,
    now: new Date(`${options.now ?? '2026-06-01'}T00:00:00Z`),
  });
  const app = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: options.tokenTtlSeconds ?? 3600, logError: () => {} });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/api`;
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return {
    origin,
    baseUrl,
    token,
    ...DEMO_CLIENT,
    headers: { 'Ocp-Apim-Subscription-Key': DEMO_CLIENT.subscriptionKey, Authorization: `Bearer ${token}` },
    close: () => closeServing(server, db),
  };
}

/** Stops `server` (its keep-alive sockets too, which would hold close() open), then closes `db`. */
export function closeServing(server: ReturnType<typeof serve>, db: { close(): void }): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => {
      db.close();
      resolve();
    });
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
