import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { codeSplitting } from './code-splitting.ts';

/**
 * `npm run dev`: the same gateway as `npm start` (sign-in through the development identity
 * provider, sessions, credentials, the in-process reference backend) mounted in Vite's dev server
 * at /api, /auth, /session and /dev-idp, so the OIDC and token flows run every day. The gateway
 * is built once the server listens: without PUBLIC_URL, sign-in returns to where Vite really is.
 */
function gateway(): Plugin {
  return {
    name: 'student-success-gateway',
    apply: 'serve',
    async configureServer(server) {
      const [{ getRequestListener }, { createStack }, { readGatewayConfig }] = await Promise.all([
        import('@hono/node-server'),
        import('./src/gateway/stack.ts'),
        import('./src/gateway/config.ts'),
      ]);
      readGatewayConfig(process.env);
      let listener: ReturnType<typeof getRequestListener> | undefined;
      let close = async () => {};
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        const port = typeof address === 'object' && address ? address.port : server.config.server.port;
        const publicUrl =
          process.env.PUBLIC_URL ?? `http://${server.config.server.host === true ? '127.0.0.1' : (server.config.server.host ?? '127.0.0.1')}:${port}`;
        void createStack({ ...process.env, PUBLIC_URL: publicUrl }).then(
          (stack) => {
            listener = getRequestListener(stack.gateway.fetch);
            gatewayFetch = (request) => stack.gateway.fetch(request);
            origin = publicUrl;
            close = stack.close;
            server.config.logger.info(`  gateway: ${stack.describe}`);
          },
          (error: unknown) => server.config.logger.error(`  gateway failed to start: ${error instanceof Error ? error.message : String(error)}`),
        );
      });
      let gatewayFetch: ((request: Request) => Response | Promise<Response>) | undefined;
      let origin = '';
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = req.url ?? '';
        const isPage =
          req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !/^\/(@|src\/|node_modules\/|__|api|auth|session|dev-idp)/.test(url);
        if (isPage && gatewayFetch) {
          // As with npm start: a page without a session goes to the identity provider, and back here.
          void Promise.resolve(gatewayFetch(new Request(`${origin}/session`, { headers: { cookie: req.headers.cookie ?? '' } }))).then(
            (answer) => {
              if (answer.status !== 401) return next();
              res.statusCode = 302;
              res.setHeader('location', `/auth/sign-in?returnTo=${encodeURIComponent(url)}`);
              res.end();
            },
            () => next(),
          );
          return;
        }
        // The change journal answers JSON to the app's fetch; a navigation there gets Vite's page.
        const journal = url.startsWith('/admin/journal') && /application\/json/.test(req.headers.accept ?? '');
        if (!/^\/(api|auth|session|dev-idp|healthz|readyz)(\/|\?|$)/.test(url) && !journal) return next();
        if (!listener) {
          res.statusCode = 503;
          res.setHeader('retry-after', '1');
          res.end('The gateway is starting');
          return;
        }
        void listener(req, res);
      });
      server.httpServer?.once('close', () => void close());
    },
  };
}

/** Writes .br and .gz beside each built asset, so `npm start` serves them without compressing per request. */
function precompress(): Plugin {
  return {
    name: 'student-success-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const path = join(dir, file);
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        // Brotli's best (11), once at build time: about 7 % fewer bytes than 9 on the start-up's files, every visit.
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), gateway(), precompress()],
  server: { host: '127.0.0.1', port: 5173 },
  // The manifest tells `npm start` which chunks each page needs (src/gateway/app-serving/route-preloads.ts).
  // Every browser the app supports has modulepreload: no polyfill in the entry.
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
    modulePreload: { polyfill: false },
    // Fewer, larger chunks: see code-splitting.ts.
    rolldownOptions: { output: { codeSplitting: codeSplitting(import.meta.dirname) } },
  },
  // List jobs run in a module worker (src/queries/run-list-job.ts): ES modules, so it may split chunks.
  worker: { format: 'es' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    // Each file starts its own seeded backend; two workers match the machine's two cores.
    maxWorkers: 2,
    testTimeout: 20_000,
    setupFiles: ['src/testing/setup-dom.ts'],
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // A request still in flight when a component test tears down its query client is aborted, and
    // a fetch nobody awaits any more rejects with AbortError: that is the teardown, not a fault.
    // Every other unhandled error still fails the run.
    onUnhandledError: (error) => (error as { name?: string }).name !== 'AbortError',
  },
});
