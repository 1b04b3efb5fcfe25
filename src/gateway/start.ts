import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { readGatewayConfig, type GatewayConfig } from './config.ts';
import { createServeApp } from './app-serving/serve-app.ts';
import { loadNotice } from './notice.ts';
import { createStack, type Stack } from './stack.ts';

/**
 * `npm start`: the built dashboard and the gateway (with its upstream) on one port. APP_DIR
 * overrides where the build is (default `dist/`).
 */
const root = process.env.APP_DIR ? `${process.env.APP_DIR.replace(/\/$/, '')}/` : new URL('../../dist/', import.meta.url).pathname;

function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

// A bad environment (e.g. UPSTREAM_URL without the OIDC settings) is refused before listening.
let config: GatewayConfig;
try {
  config = readGatewayConfig(process.env);
  if (config.noticeFile) loadNotice(config.noticeFile);
  if (!existsSync(`${root}index.html`)) throw new Error(`${root}index.html is missing: run \`npm run build\` first (npm start does).`);
} catch (error) {
  fail(error);
}

// Listen first: without PUBLIC_URL, the sign-in's redirect URI is where the server really listens (PORT=0 too).
let stack: Stack | undefined;
const server = serve({
  fetch: (request, env) => (stack ? stack.gateway.fetch(request, env) : new Response('Starting', { status: 503, headers: { 'retry-after': '1' } })),
  port: config.port,
  hostname: config.host,
  // A refused upload's rest is left unread (gateway/limits.ts); the default clean-up would read
  // up to 64 MiB of it. Bodies nobody read are still drained by Node itself after the answer.
  autoCleanupIncoming: false,
});
server.once('listening', () => {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listening = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  createStack({ ...process.env, ...(process.env.PUBLIC_URL ? {} : { PUBLIC_URL: listening }) }, createServeApp(root)).then(
    (created) => {
      stack = created;
      if (config.remote && !process.env.PUBLIC_URL) {
        created.logger.warn(`PUBLIC_URL is not set: sign-in returns to ${listening}/auth/callback. Set PUBLIC_URL to the dashboard's external origin.`);
      }
      created.logger.info({ address: address.address, port: address.port }, `Dashboard on ${listening}/ — ${created.describe}`);
    },
    (error: unknown) => fail(error),
  );
});
server.once('error', (error) => fail(error));

/**
 * Graceful shutdown (#15.4): /readyz turns 503, the listener stops accepting, idle keep-alive
 * connections close, in-flight requests finish — each bounded by the upstream deadlines — and only
 * then does the process exit. A request still running past those deadlines is cut.
 */
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  stack?.beginShutdown();
  stack?.logger.info({ signal }, 'shutting down: finishing in-flight requests');
  server.close(() => {
    void (stack?.close() ?? Promise.resolve()).finally(() => {
      stack?.logger.info('stopped');
      process.exit(0);
    });
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const graceMs = config.timeouts.tokenMs + config.timeouts.upstreamMs + 1_000;
  setTimeout(() => {
    stack?.logger.warn({ graceMs }, 'requests still running after the grace period; exiting');
    void stack?.close();
    process.exit(1);
  }, graceMs).unref();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
