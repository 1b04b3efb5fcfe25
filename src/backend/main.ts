import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { readBackendConfig } from './config.ts';
import { openDatabase } from './db/open.ts';

/** `npm run backend`: the reference backend alone, API only. */
function main(): void {
  let config;
  try {
    config = readBackendConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const started = performance.now();
  const { db, seeded } = openDatabase({ path: config.database, seed: config.seed, scale: config.seedScale, now: config.seedNow });
  const took = Math.round(performance.now() - started);
  if (seeded) {
    console.log(
      `Seeded ${config.database === ':memory:' ? 'an in-memory database' : config.database} in ${took} ms (SEED=${config.seed}, SEED_SCALE=${config.seedScale}, day ${config.seedNow.toISOString().slice(0, 10)}): ` +
        `${seeded.students} students, ${seeded.staff} staff, ${seeded.notations} notations, ${seeded.comments} comments.`,
    );
  } else {
    console.log(`Using the data already in ${config.database} (not re-seeded).`);
  }
  const app = createApp({
    db,
    clients: [config.client],
    tokenTtlSeconds: config.tokenTtlSeconds,
    publicBaseUrl: config.publicBaseUrl,
  });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(`Reference backend listening on http://${host}:${info.port}/api (OpenAPI: /api/openapi.json)`);
  });
  const stop = () => {
    server.close(() => {
      db.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
