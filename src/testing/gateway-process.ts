import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { ROUTE_MODULES } from '../gateway/app-serving/route-preloads.ts';
import { DEMO_CLIENT } from './backend.ts';
import { freePort, startExternalProvider, type ExternalProvider } from './proxy-fixtures.ts';

export interface GatewayProcess {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  /** The institution's OpenID provider that npm start requires in proxy mode (#10). */
  provider: ExternalProvider;
  origin: string;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/** A minimal built app: enough for the gateway to serve pages and its preload manifest. */
export function appDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-app-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-1.js'), 'console.log(1);\n');
  writeFileSync(join(dir, 'assets', 'index-1.js.map'), '{"version":3}');
  const manifest = Object.fromEntries(ROUTE_MODULES.flatMap((r) => r.modules).map((m, i) => [m, { file: `assets/chunk-${i}.js` }]));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

export interface GatewayProcessOptions {
  /** The reference backend served over HTTP (proxy mode), e.g. `http://127.0.0.1:4000`. */
  upstreamOrigin: string;
  /** What to run (default: `npm start`'s start.ts). */
  script?: string;
  /** Node's own flags for the process (after `--expose-gc`). */
  nodeFlags?: string[];
  env?: Record<string, string>;
  /** Who the OpenID provider knows, with their groups (default: E0001, an administrator). */
  people?: Record<string, { name: string; groups: string[]; email?: string }>;
}

/**
 * The gateway as `npm start` runs it, in its own process and over real sockets, in proxy mode,
 * signing in through an OpenID provider of its own (E0001, an administrator). Its records are in
 * memory unless `env` names GATEWAY_DATABASE.
 */
export async function startGatewayProcess(options: GatewayProcessOptions): Promise<GatewayProcess> {
  const { upstreamOrigin } = options;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startExternalProvider({
    redirectUri: `${publicUrl}/auth/callback`,
    people: options.people ?? { E0001: { name: 'Natalie Park', groups: ['success-staff', 'success-admins'] } },
  });
  // Piped stdio (and an IPC channel): stdin, stdout and stderr are streams.
  const child = spawn(
    process.execPath,
    ['--expose-gc', ...(options.nodeFlags ?? []), options.script ?? new URL('../gateway/start.ts', import.meta.url).pathname],
    {
      stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        APP_DIR: appDir(),
        UPSTREAM_URL: `${upstreamOrigin}/api`,
        TOKEN_URL: `${upstreamOrigin}/api/oauth2/token`,
        CLIENT_ID: DEMO_CLIENT.clientId,
        CLIENT_SECRET: DEMO_CLIENT.clientSecret,
        SUBSCRIPTION_KEY: DEMO_CLIENT.subscriptionKey,
        UPSTREAM_TIMEOUT_MS: '8000',
        GATEWAY_DATABASE: ':memory:',
        ...options.env,
      },
    },
  ) as ChildProcessByStdio<Writable, Readable, Readable>;
  const logs: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => provider.close());
  let buffered = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.port === 'number') resolve(`http://127.0.0.1:${entry.port}`);
      }
    });
    void exited.then((code) => reject(new Error(`gateway exited with ${code}`)));
    // A quieter LOG_LEVEL does not print where it listens: then it is ready when /healthz answers.
    if (options.env?.LOG_LEVEL && !['info', 'debug', 'trace'].includes(options.env.LOG_LEVEL)) void untilHealthy(publicUrl, exited).then(resolve, reject);
  });
  return { child, provider, origin, logs, exited };
}

async function untilHealthy(origin: string, exited: Promise<unknown>): Promise<string> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 1200 && !gone; i += 1) {
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return origin;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the gateway did not answer /healthz within 120 s');
}

export interface DevProcess {
  origin: string;
  /** Everything written so far. */
  output(): { stdout: string; stderr: string };
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * `npm start` as a newcomer runs it: the reference backend in process and the development
 * provider, from `cwd` (where its default database file goes), on a free port.
 */
export async function startDevProcess(options: { cwd?: string; env?: Record<string, string> } = {}): Promise<DevProcess> {
  const app = mkdtempSync(join(tmpdir(), 'dev-app-'));
  mkdirSync(join(app, 'assets'));
  writeFileSync(join(app, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  const child = spawn(process.execPath, [new URL('../gateway/start.ts', import.meta.url).pathname], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { PATH: process.env.PATH ?? '', APP_DIR: app, PORT: '0', HOST: '127.0.0.1', SEED_SCALE: '0.05', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
      const port = /"port":(\d+)/.exec(stdout)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    void exited.then(() => reject(new Error(`npm start exited: ${stderr}`)));
  });
  return {
    origin,
    output: () => ({ stdout, stderr }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
