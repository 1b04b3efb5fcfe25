import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { signInThroughProvider } from '../src/testing/sign-in.ts';

/**
 * The gateway under load (#15): `npm start`'s server (gateway + in-process reference backend at
 * SEED_SCALE, on a database file, the change journal in a file, as in production) in one
 * process, autocannon in a second, on a mixed read/write workload through a session signed in at
 * the development identity provider. After a warm-up on the same workload, reports req/s,
 * p50/p99, errors (transport errors, timeouts and every non-2xx answer) and the gateway's RSS at
 * start and end, each as read from /proc and after a full garbage collection (the server runs
 * with --expose-gc and answers an IPC message with its memory: src/gateway/measured-start.ts).
 * Memory is flat when the settled RSS grows by less than FLAT_MB.
 */
export interface GatewayBench {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers by status code, e.g. { 200: 1234, 201: 200 }. */
  statusCodes: Record<string, number>;
  requests: number;
  rssStartMb: number;
  rssEndMb: number;
  settledStartMb: number;
  settledEndMb: number;
  flat: boolean;
}

/** Growth of the settled RSS over the run that still counts as flat. */
export const FLAT_MB = 20;

const START = new URL('../src/gateway/measured-start.ts', import.meta.url).pathname;
const LOAD = new URL('./gateway-load.ts', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

const mb = (value: number) => Math.round(value * 10) / 10;
const rssMb = (pid: number) => mb(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

async function runLoad(origin: string, cookie: string, connections: number, seconds: number): Promise<Result> {
  const load = spawn(process.execPath, [LOAD, origin, cookie, String(connections), String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  load.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const [code] = (await once(load, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(out) as Result;
}

export async function benchGateway({
  scale,
  seconds = 60,
  warmupSeconds = 10,
  connections = 10,
}: {
  scale: number;
  seconds?: number;
  warmupSeconds?: number;
  connections?: number;
}): Promise<GatewayBench> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  // Access logs go on as in production (one JSON line per request), into /dev/null.
  const gateway = spawn(process.execPath, ['--expose-gc', START], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_SCALE: String(scale),
      DATABASE: join(dir, 'bench.db'),
      JOURNAL_FILE: join(dir, 'journal.jsonl'),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const settled = () =>
    new Promise<number>((resolve) => {
      gateway.once('message', (message: { memory: { rssMb: number } }) => resolve(message.memory.rssMb));
      gateway.send('memory');
    });
  try {
    for (let i = 0; ; i += 1) {
      const up = await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 1200) throw new Error('the gateway did not start within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The workload edits triggers (E13): an administrator of the seed.
    const cookie = await adminCookie(origin);
    await runLoad(origin, cookie, connections, warmupSeconds);
    const rssStartMb = rssMb(gateway.pid!);
    const settledStartMb = await settled();
    const result = await runLoad(origin, cookie, connections, seconds);
    const rssEndMb = rssMb(gateway.pid!);
    const settledEndMb = await settled();
    const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
    return {
      seconds,
      warmupSeconds,
      connections,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx + result.timeouts,
      statusCodes,
      requests: result.requests.total,
      rssStartMb,
      rssEndMb,
      settledStartMb,
      settledEndMb,
      flat: settledEndMb - settledStartMb < FLAT_MB,
    };
  } finally {
    gateway.kill('SIGTERM');
    await once(gateway, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs in through the development provider as the first seeded person who may edit triggers. */
async function adminCookie(origin: string): Promise<string> {
  for (let i = 1; i <= 50; i += 1) {
    const identifier = `E${String(i).padStart(4, '0')}`;
    const { cookie } = await signInThroughProvider(origin, identifier).catch(() => ({ cookie: '' }));
    if (!cookie) continue;
    const session = (await (await fetch(`${origin}/session`, { headers: { cookie } })).json()) as { permissions?: { editTriggers?: boolean } };
    if (session.permissions?.editTriggers) return cookie;
  }
  throw new Error('no administrator among E0001–E0050');
}

export function formatGateway(b: GatewayBench): string {
  const growth = mb(b.settledEndMb - b.settledStartMb);
  return [
    '| workload | connections | seconds | requests | req/s | p50 ms | p99 ms | errors | RSS start MB | RSS end MB | after GC: start → end MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| mixed: 4 reads + 2 writes (E4 POST, E13 PATCH) | ${b.connections} | ${b.seconds} | ${b.requests} | ${b.requestsPerSecond} | ${b.p50} | ${b.p99} | ${b.errors} | ${b.rssStartMb} | ${b.rssEndMb} | ${b.settledStartMb} → ${b.settledEndMb} |`,
    '',
    `- Answers by status: ${
      Object.entries(b.statusCodes)
        .map(([code, count]) => `${code} × ${count}`)
        .join(', ') || 'none'
    }; start taken after a ${b.warmupSeconds} s warm-up on the same workload.`,
    `- Memory: ${b.flat ? 'FLAT' : 'NOT FLAT'} (settled RSS ${growth >= 0 ? '+' : ''}${growth} MB over ${b.seconds} s; flat means less than +${FLAT_MB} MB).`,
    `- Errors: ${b.errors === 0 ? 'none' : `${b.errors} (FAIL: the load test expects 0)`}.`,
  ].join('\n');
}
