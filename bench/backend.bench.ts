import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * The reference backend's benchmark: a backend at SEED_SCALE (default 10) in one process, and
 * autocannon as the load generator in a second process, both on 127.0.0.1.
 */
export interface BenchRow {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const AUTOCANNON = new URL('../node_modules/autocannon/autocannon.js', import.meta.url).pathname;

export async function startBenchBackend(scale: number): Promise<{ baseUrl: string; seedMs: number; child: ChildProcess; log: string }> {
  const child = spawn(process.execPath, [new URL('../src/backend/main.ts', import.meta.url).pathname], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_SCALE: String(scale), DATABASE: ':memory:' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /listening on (http:\/\/\S+\/api)/.exec(log);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`backend exited with ${code}:\n${log}`)));
  });
  const seedMs = Number(/ in (\d+) ms/.exec(log)?.[1] ?? NaN);
  return { baseUrl, seedMs, child, log };
}

export async function token(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Runs autocannon in its own process and reads its JSON summary. */
export async function load(name: string, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<BenchRow> {
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await once(child, 'exit');
  const result = JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    name,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function benchBackend(options: { scale?: number; seconds?: number } = {}): Promise<{ rows: BenchRow[]; seedMs: number; notes: string[] }> {
  const scale = options.scale ?? 10;
  const seconds = options.seconds ?? 10;
  const backend = await startBenchBackend(scale);
  try {
    const headers = { 'Ocp-Apim-Subscription-Key': 'demo-subscription-key', Authorization: `Bearer ${await token(backend.baseUrl)}` };
    const get = async (path: string) => (await (await fetch(`${backend.baseUrl}${path}`, { headers })).json()) as Record<string, unknown>;
    // A typical student (not the seed's one heavy student) and a respondent of the newest scored administration.
    const student = 'S000100';
    const admins = (await get(`/noncognitives/administrations/?personIdentifier=${student}`)).values as { id: number }[];
    const administration = admins[0]!.id;
    const alertsTotal = (await get('/notations/alerts/?pageSize=1')).totalValues as number;
    const targets: [string, string][] = [
      ['(a) E7 pageSize=1000&expand=student,categories', `/notations/alerts/?pageSize=1000&expand=student,categories`],
      [`(b) E1 identifiers=${student}`, `/notations/updates/?identifiers=${student}`],
      [`(c) E18 administration ${administration}, ${student}`, `/noncognitives/administrations/${administration}/results/${student}/factors`],
    ];
    const rows: BenchRow[] = [];
    for (const [name, path] of targets) {
      await load(name, `${backend.baseUrl}${path}`, headers, 1, 2); // warm-up, not reported
      rows.push(await load(name, `${backend.baseUrl}${path}`, headers, 1, seconds));
      rows.push(await load(name, `${backend.baseUrl}${path}`, headers, 4, seconds));
    }
    const notes = [
      `SEED_SCALE=${scale}: ${/Seeded[^\n]*/.exec(backend.log)?.[0] ?? ''}`,
      `${alertsTotal} alerts in all; each row ran ${seconds} s after a 2 s warm-up.`,
    ];
    return { rows, seedMs: backend.seedMs, notes };
  } finally {
    backend.child.kill('SIGTERM');
  }
}

export function formatTable(rows: BenchRow[]): string {
  const header = '| request | connections | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|---:|';
  return [header, ...rows.map((r) => `| ${r.name} | ${r.connections} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`)].join('\n');
}
