import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionCookie } from './sign-in.ts';
import { cpuThrottle } from './target.ts';

/**
 * A page load timed in a Chromium that nothing instruments, as a person's browser runs it.
 *
 * Playwright enables the DevTools network domain on every page it drives (for its request events
 * and routing): each request then costs the page's renderer and the browser process extra work,
 * about a millisecond, which a visit of a few dozen requests does not notice and the cohort's
 * fallback (3,900 requests) does, by about a third. Here a fresh Chromium (its own profile: a cold
 * cache) is driven over the DevTools protocol with the page, runtime and target domains only.
 */
export interface BareVisit {
  origin: string;
  path: string;
  /** Scripts run in the page before its own, and in each worker it starts before the worker's own. */
  pageInit: readonly string[];
  workerInit?: string;
  /** An expression that is a number (a `performance.now()` time) once the visit is done, else undefined. */
  done: string;
  timeoutMs?: number;
  viewport?: { width: number; height: number };
}

type Message = { id?: number; method?: string; params?: Record<string, unknown>; sessionId?: string; result?: unknown; error?: { message: string } };

/** The same browser choice as e2e/perf/browser.ts. */
const chromiumPath = () => process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : 'chromium');

export async function bareVisit(visit: BareVisit): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), 'bare-chromium-'));
  const { width, height } = visit.viewport ?? { width: 1440, height: 900 };
  const child = spawn(
    chromiumPath(),
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      `--window-size=${width},${height}`,
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${text.slice(-500)}`)));
    });
    const socket = new WebSocket(endpoint);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    let nextId = 0;
    const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    const listeners: ((message: Message) => void)[] = [];
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as Message;
      if (message.id !== undefined) {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) pending?.reject(new Error(message.error.message));
        else pending?.resolve(message.result);
      } else listeners.forEach((listener) => listener(message));
    });
    const send = <T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string) =>
      new Promise<T>((resolve, reject) => {
        const id = ++nextId;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });

    const { targetInfos } = await send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
    const target = targetInfos.find((info) => info.type === 'page');
    if (!target) throw new Error('chromium opened no page');
    const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId: target.targetId, flatten: true });
    const url = new URL(visit.path, visit.origin);
    const cookie = await sessionCookie(visit.origin);
    await send('Storage.setCookies', {
      cookies: cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' };
      }),
    });
    // The page domain (lifecycle events only): without it the scripts below are not installed.
    await send('Page.enable', {}, sessionId);
    // BENCH_CPU_THROTTLE: the page slowed as in Playwright's journeys (e2e/perf/target.ts; Chromium throttles no worker).
    const rate = cpuThrottle();
    if (rate !== 1) await send('Emulation.setCPUThrottlingRate', { rate }, sessionId);
    for (const source of visit.pageInit) await send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId);
    // Workers (and anything else the page starts) wait for us: their init first, then they run.
    listeners.push((message) => {
      if (message.method !== 'Target.attachedToTarget' || message.sessionId !== sessionId) return;
      const attached = message.params as { sessionId: string; targetInfo: { type: string }; waitingForDebugger: boolean };
      void (async () => {
        if (visit.workerInit && attached.targetInfo.type === 'worker')
          await send('Runtime.evaluate', { expression: visit.workerInit }, attached.sessionId).catch(() => undefined);
        if (attached.waitingForDebugger) await send('Runtime.runIfWaitingForDebugger', {}, attached.sessionId).catch(() => undefined);
      })();
    });
    await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId);
    await send('Page.navigate', { url: url.href }, sessionId);
    const deadline = Date.now() + (visit.timeoutMs ?? 180_000);
    while (Date.now() < deadline) {
      // Undefined while the page navigates (its context is replaced): asked again.
      const answer = await send<{ result: { value?: unknown } }>('Runtime.evaluate', { expression: visit.done, returnByValue: true }, sessionId).catch(
        () => undefined,
      );
      const result = answer?.result ?? {};
      if (typeof result.value === 'number') {
        await send('Browser.close').catch(() => undefined);
        return result.value;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${visit.path}: not done after ${visit.timeoutMs ?? 180_000} ms`);
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
    // Chromium's helper processes may still be writing to the profile as it exits: retried.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
