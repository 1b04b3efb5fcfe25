import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/** The same browser choice as playwright.config.ts: CHROMIUM_PATH, else Debian's, else Playwright's. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * `npm start`'s server (the build must exist) on 127.0.0.1 with the given environment; by default
 * the working tree's, or `script` run from `cwd` (the A/B bench's baseline, from its own tree).
 */
export async function startDashboard(
  env: Record<string, string>,
  options: { script?: string; cwd?: string } = {},
): Promise<{ origin: string; child: ChildProcess; log: string }> {
  const child = spawn(process.execPath, [options.script ?? new URL('../../src/gateway/start.ts', import.meta.url).pathname], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  const origin = await new Promise<string>((resolve, reject) => {
    // Kept only until the server says where it listens: the access log that follows (a line per
    // request, thousands in a cohort's fallback) was appended and searched again on every chunk,
    // quadratic work in the bench's own process that took CPU from the browser it measures.
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Dashboard on (http:\/\/[^/\s]+)\//.exec(log);
      if (!match) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`dashboard exited with ${code}:\n${log}`)));
  });
  return { origin, child, log };
}
