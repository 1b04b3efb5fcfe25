import { spawn } from 'node:child_process';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request } from '@playwright/test';

/**
 * Each Playwright worker gets its own `npm start` server (built app, gateway, reference backend
 * seeded as the journeys expect), on a free port of 127.0.0.1, stopped with the worker. Files still
 * run one after another within a worker, so a journey sees exactly the writes of the files before
 * it on its own server, never a neighbour's writes in flight; two workers halve the suite's time on
 * two cores. `baseURL` points every page, context and request of the worker at its server.
 */
interface WorkerServer {
  origin: string;
}

async function startServer(env: Record<string, string>): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [new URL('../src/gateway/start.ts', import.meta.url).pathname], {
    // Data laid back from today: the dashboard's default ranges are relative to the real clock.
    // Each worker's journal is its own (in memory), as its backend's data is.
    // The journeys written before #30 read the seed as every staff member could; a file that tests
    // who may read what asks for the rules with `test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on' } })`.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SEED: '1', GATEWAY_DATABASE: ':memory:', ACCESS_ENFORCEMENT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString();
      const match = /Dashboard on (http:\/\/[^/\s]+)\//.exec(head);
      if (match) {
        child.stdout!.off('data', onData);
        // Keep draining what the server writes after this, unread.
        child.stdout!.resume();
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the dashboard exited with ${code} before listening:\n${head}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { origin, stop };
}

export const test = base.extend<object, { workerServer: WorkerServer; serverEnv: Record<string, string> }>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  workerServer: [
    async ({ serverEnv }, use) => {
      const server = await startServer(serverEnv);
      await use({ origin: server.origin });
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.origin),
});
