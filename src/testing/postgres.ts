import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './proxy-fixtures.ts';

/**
 * A throwaway PostgreSQL cluster of the test's own: Debian's `postgresql` (.ci/run installs it),
 * `initdb` into a temporary folder, the server on a free loopback port, removed afterwards. Run as
 * the `postgres` user when the tests run as root (the server refuses root). PG_BIN names another
 * installation's bin folder.
 */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export interface TestPostgres {
  url: string;
  /** Stops the server (a fast shutdown) but keeps its data: `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder; safe to call twice. */
  remove(): Promise<void>;
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is missing: install Debian's postgresql (.ci/run does) or set PG_BIN");
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const init = spawnSync(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {
    ...as,
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  let server: ChildProcess | undefined;
  const killOnExit = () => server?.kill('SIGQUIT');
  process.once('exit', killOnExit);

  const start = async () => {
    const child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        join(dir, 'data'),
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
      ],
      { ...as, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    server = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`postgres exited with ${code}: ${out}`)));
    });
  };
  const stop = async () => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT'); // fast shutdown: open connections are closed
    await exited;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: async () => {
      await stop();
      process.removeListener('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
