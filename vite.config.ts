import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * `npm run dev`: the same gateway as `npm start` (sessions, credentials, the in-process reference
 * backend) mounted in Vite's dev server at /api and /session, so the token flow runs every day.
 */
function gateway(): Plugin {
  return {
    name: 'student-success-gateway',
    apply: 'serve',
    async configureServer(server) {
      const [{ getRequestListener }, { createStack }] = await Promise.all([
        import('@hono/node-server'),
        import('./src/server/stack.ts'),
      ]);
      const stack = createStack(process.env);
      const listener = getRequestListener(stack.gateway.fetch);
      server.config.logger.info(`  gateway: ${stack.describe}`);
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = req.url ?? '';
        // The change journal answers JSON to the app's fetch; a navigation there gets Vite's page.
        const journal = url.startsWith('/admin/journal') && /application\/json/.test(req.headers.accept ?? '');
        if (url.startsWith('/api/') || url === '/api' || url.startsWith('/session') || url === '/healthz' || url === '/readyz' || journal) void listener(req, res);
        else next();
      });
      server.httpServer?.once('close', () => stack.close());
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
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), gateway(), precompress()],
  server: { host: '127.0.0.1', port: 5173 },
  // The manifest tells `npm start` which chunks each page needs (src/server/route-preloads.ts).
  build: { sourcemap: true, chunkSizeWarningLimit: 800, manifest: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    // Each file starts its own seeded backend; two workers match the machine's two cores.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
