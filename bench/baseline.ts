import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The A/B bench's baseline (BENCH_BASELINE=<git ref>): that commit checked out in a git worktree
 * of its own, with its own dependencies and its own `vite build`, so its dashboard runs from its
 * own tree beside the working tree's. Built once per commit and reused by later runs.
 */
export interface Baseline {
  /** The ref as given, and the commit it names. */
  ref: string;
  sha: string;
  /** The worktree's root, ending in `/`. */
  root: string;
  /** What differs between builds of this project over time: how it starts and how one signs in. */
  adapter: BaselineAdapter;
}

export interface BaselineAdapter {
  /** `npm start`'s server script, relative to the root. */
  startScript: string;
  /**
   * How a browser gets a session: through the development OpenID provider (since the gateway has
   * had OpenID Connect), or before that by `POST /session { identifier }`.
   */
  signIn: 'openid' | 'post-session';
  /** The bench sections whose pages this build has (the cohort's scores came later). */
  sections: ReadonlySet<string>;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Reads what the commit's tree says about itself (its files), not a table of known commits. */
export function adapterFor(root: string): BaselineAdapter {
  const modern = existsSync(join(root, 'src/gateway/start.ts'));
  const legacy = existsSync(join(root, 'src/server/start.ts'));
  if (!modern && !legacy) throw new Error(`${root}: neither src/gateway/start.ts nor src/server/start.ts; this ref cannot be benched`);
  const router = ['src/app/route-table.ts', 'src/app/router.tsx'].map((file) => join(root, file)).filter((file) => existsSync(file));
  const hasScores = router.some((file) => readFileSync(file, 'utf8').includes('scores/:administrationId'));
  return {
    startScript: modern ? 'src/gateway/start.ts' : 'src/server/start.ts',
    signIn: modern ? 'openid' : 'post-session',
    sections: new Set(['timeline', 'alerts', ...(hasScores ? ['scores'] : [])]),
  };
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its output goes to stderr: the bench's own output (stdout) stays the tables.
    const child = spawn(command, args, { cwd, stdio: ['ignore', process.stderr, process.stderr], env: process.env });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${code}`))));
  });
}

/**
 * Checks out and builds `ref` (unless a previous run already did, for that commit). Its
 * dependencies: the working tree's own when both lockfiles are the same, else its lockfile's,
 * installed with `npm ci` (an older commit may want other versions than the working tree has).
 */
export async function prepareBaseline(ref: string, repo = process.cwd()): Promise<Baseline> {
  const sha = git(repo, 'rev-parse', '--verify', `${ref}^{commit}`);
  const root = join(process.env.BENCH_BASELINE_DIR ?? tmpdir(), `student-success-bench-${sha.slice(0, 12)}`) + '/';
  const built = join(root, '.bench-built');
  if (existsSync(built) && readFileSync(built, 'utf8').trim() === sha) {
    console.error(`baseline ${ref} (${sha.slice(0, 7)}): reusing the build in ${root}`);
    return { ref, sha, root, adapter: adapterFor(root) };
  }
  if (!existsSync(join(root, '.git'))) {
    // A worktree left by an interrupted run (directory gone, registration kept) is forgotten first.
    git(repo, 'worktree', 'prune');
    git(repo, 'worktree', 'add', '--detach', root, sha);
  }
  const lock = (dir: string) => (existsSync(join(dir, 'package-lock.json')) ? readFileSync(join(dir, 'package-lock.json'), 'utf8') : '');
  const modules = join(root, 'node_modules');
  // npm writes node_modules/.package-lock.json last: without it an install was cut short.
  if (!existsSync(join(modules, '.package-lock.json'))) {
    if (lock(root) === lock(repo) && existsSync(join(repo, 'node_modules'))) {
      rmSync(modules, { recursive: true, force: true });
      symlinkSync(realpathSync(join(repo, 'node_modules')), modules);
    } else {
      console.error(`baseline ${ref}: its package-lock.json differs from the working tree's: npm ci`);
      await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], root);
    }
  }
  console.error(`baseline ${ref} (${sha.slice(0, 7)}): vite build in ${root}`);
  await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], root);
  writeFileSync(built, `${sha}\n`);
  return { ref, sha, root, adapter: adapterFor(root) };
}
