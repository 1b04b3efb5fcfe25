import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The gateway under load (#15): `npm start`'s server (gateway + in-process reference backend at
 * SEED_SCALE) in one process, autocannon in a second, on a mixed read/write workload through a
 * signed-in session. Reports req/s, p50/p99, errors (non-2xx included) and the gateway's RSS at
 * start and end: memory must stay flat.
 */
export interface GatewayBench {
  seconds: number;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  rssStartMb: number;
  rssEndMb: number;
}

const START = new URL('../src/server/start.ts', import.meta.url).pathname;
const LOAD = new URL('./gateway-load.ts', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 102.4) / 10;

export async function benchGateway({ scale, seconds = 60, connections = 10 }: { scale: number; seconds?: number; connections?: number }): Promise<GatewayBench> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Access logs go on as in production (one JSON line per request), into /dev/null.
  const gateway = spawn(process.execPath, [START], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_SCALE: String(scale), DATABASE: ':memory:' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      const up = await fetch(`${origin}/healthz`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 600) throw new Error('the gateway did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const signIn = await fetch(`${origin}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"identifier":"E0001"}' });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const rssStartMb = rssMb(gateway.pid!);
    const load = spawn(process.execPath, [LOAD, origin, cookie, String(connections), String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    load.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await once(load, 'exit');
    const rssEndMb = rssMb(gateway.pid!);
    const result = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number; timeouts: number };
    return {
      seconds,
      connections,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx + result.timeouts,
      requests: result.requests.total,
      rssStartMb,
      rssEndMb,
    };
  } finally {
    gateway.kill('SIGTERM');
    await once(gateway, 'exit');
  }
}

export function formatGateway(b: GatewayBench): string {
  return [
    '| workload | connections | seconds | requests | req/s | p50 ms | p99 ms | errors | RSS start MB | RSS end MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| mixed: 4 reads + 2 writes (E4 POST, E13 PATCH) | ${b.connections} | ${b.seconds} | ${b.requests} | ${b.requestsPerSecond} | ${b.p50} | ${b.p99} | ${b.errors} | ${b.rssStartMb} | ${b.rssEndMb} |`,
  ].join('\n');
}
