import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { routePreloads, withPreloads, type BuildManifest } from './route-preloads.ts';
import { readGatewayConfig, type GatewayConfig } from './gateway/config.ts';
import { createStack, type Stack } from './stack.ts';
import { staticAssets } from './static-assets.ts';

/** `npm start`: the built dashboard and the gateway (with its upstream) on one port. */
const root = new URL('../../dist/', import.meta.url).pathname;

function serveApp(app: Hono): void {
  const indexHtml = readFileSync(`${root}index.html`, 'utf8');
  const manifestPath = `${root}.vite/manifest.json`;
  const preloadsFor = existsSync(manifestPath) ? routePreloads(JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest) : () => [];
  // The app's page for any URL that is not a file, naming that page's chunks (route-preloads.ts).
  const page = serveHtml((path) => withPreloads(indexHtml, preloadsFor(path)));
  app.get('/', page);
  app.get('/index.html', page);
  app.use('/assets/*', staticAssets(`${root}assets`));
  // Hashed assets never change (source maps included); the HTML always revalidates.
  app.use('/assets/*', async (c, next) => {
    await next();
    c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('/*', serveStatic({ root, precompressed: true }));
  // A chunk that is not there is a 404, never the app's HTML parsed as a script.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', page);
}

function serveHtml(render: (path: string) => string) {
  return (c: Context) => {
    c.header('cache-control', 'no-cache');
    return c.html(render(c.req.path));
  };
}

function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

// A bad environment (e.g. UPSTREAM_URL without the OIDC settings) is refused before listening.
let config: GatewayConfig;
try {
  config = readGatewayConfig(process.env);
  if (!existsSync(`${root}index.html`)) throw new Error('dist/index.html is missing: run `npm run build` first (npm start does).');
} catch (error) {
  fail(error);
}

// Listen first: without PUBLIC_URL, the sign-in's redirect URI is where the server really listens (PORT=0 too).
let stack: Stack | undefined;
const server = serve({
  fetch: (request, env) => (stack ? stack.gateway.fetch(request, env) : new Response('Starting', { status: 503, headers: { 'retry-after': '1' } })),
  port: config.port,
  hostname: config.host,
});
server.once('listening', () => {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listening = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  createStack({ ...process.env, ...(process.env.PUBLIC_URL ? {} : { PUBLIC_URL: listening }) }, serveApp).then(
    (created) => {
      stack = created;
      if (config.remote && !process.env.PUBLIC_URL) {
        console.warn(`PUBLIC_URL is not set: sign-in returns to ${listening}/auth/callback. Set PUBLIC_URL to the dashboard's external origin.`);
      }
      console.log(`Dashboard on ${listening}/ — ${created.describe}`);
    },
    (error: unknown) => fail(error),
  );
});
server.once('error', (error) => fail(error));
const stop = () => {
  server.close(() => {
    void (stack?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
