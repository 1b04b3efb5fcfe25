import { afterAll, beforeAll } from 'vitest';
import { startBackend } from './backend.ts';
import { startGatewayProcess, type GatewayProcess, type GatewayProcessOptions } from './gateway-process.ts';
import { postgresBin, startPostgres, type TestPostgres } from './postgres.ts';
import { startRedis, type TestRedis } from './redis.ts';

export interface TwoInstancesOptions {
  /** More settings for both processes, read once the file's earlier `beforeAll` hooks have run (e.g. its SMTP server's URL). */
  env?: () => Record<string, string>;
  /** Who their OpenID provider knows (default: E0001, an administrator). */
  people?: GatewayProcessOptions['people'];
}

/**
 * Two gateway processes as `npm start` runs them, as behind a load balancer: on one PostgreSQL and
 * one Redis of the file's own, in front of one reference backend over HTTP. Started before the
 * file's tests and stopped after them (an instance a test killed is left as it is); call it at the
 * top of the file and read the getter in tests.
 */
export function twoGatewayInstances(options: TwoInstancesOptions = {}): () => [GatewayProcess, GatewayProcess] {
  let postgres: TestPostgres | undefined;
  let redis: TestRedis | undefined;
  let closeUpstream = async () => {};
  let instances: GatewayProcess[] = [];

  beforeAll(async () => {
    if (!postgresBin()) throw new Error("PostgreSQL is missing: install Debian's postgresql (.ci/run does)");
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const backend = await startBackend({ scale: 0.1 });
    closeUpstream = () => backend.close();
    const env = { GATEWAY_DATABASE: postgres.url, SESSION_STORE_URL: redis.url, ...options.env?.() };
    const start = () => startGatewayProcess({ upstreamOrigin: backend.origin, env, ...(options.people ? { people: options.people } : {}) });
    instances = await Promise.all([start(), start()]);
  }, 90_000);

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    await closeUpstream();
    await redis?.stop();
    await postgres?.remove();
  });

  return () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('twoGatewayInstances: the instances are read before their beforeAll has run');
    return [a, b];
  };
}
