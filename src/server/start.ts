import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createServeApp } from './serve-app.ts';
import { createStack } from './stack.ts';

/**
 * `npm start`: the built dashboard and the gateway (with its upstream) on one port. APP_DIR
 * overrides where the build is (default `dist/`).
 */
const root = process.env.APP_DIR ? `${process.env.APP_DIR.replace(/\/$/, '')}/` : new URL('../../dist/', import.meta.url).pathname;

let stack;
try {
  if (!existsSync(`${root}index.html`)) throw new Error(`${root}index.html is missing: run \`npm run build\` first (npm start does).`);
  stack = createStack(process.env, createServeApp(root));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const { gateway, config, describe, close, logger, beginShutdown } = stack;
const server = serve({ fetch: gateway.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info({ address: info.address, port: info.port }, `Dashboard on http://${info.address}:${info.port}/ — ${describe}`);
});

/**
 * Graceful shutdown (#15.4): /readyz turns 503, the listener stops accepting, idle keep-alive
 * connections close, in-flight requests finish — each bounded by the upstream deadlines — and only
 * then does the process exit. A request still running past those deadlines is cut.
 */
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  beginShutdown();
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  server.close(() => {
    close();
    logger.info('stopped');
    process.exit(0);
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const graceMs = config.timeouts.tokenMs + config.timeouts.upstreamMs + 1_000;
  setTimeout(() => {
    logger.warn({ graceMs }, 'requests still running after the grace period; exiting');
    close();
    process.exit(1);
  }, graceMs).unref();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
