import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './proxy-fixtures.ts';

/** Debian's redis-server (.ci/run installs it); REDIS_SERVER_PATH names another. */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  process: ChildProcess;
  /** Stops it (SIGTERM) and waits for it to exit; safe to call twice. */
  stop(): Promise<void>;
}

/** A redis-server of the test's own on a free loopback port, without persistence, ready to use. */
export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (.ci/run does)`);
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
