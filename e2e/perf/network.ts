import type { CDPSession, Page } from '@playwright/test';

/**
 * Network profiles of the bench (issue #14 item 6) and a byte counter, both through the Chrome
 * DevTools Protocol: `Network.emulateNetworkConditions` throttles the page's own connection, and
 * the bytes are the sum of `encodedDataLength` of every finished load (headers and compressed
 * bodies, as they crossed the wire).
 */
export interface NetworkProfile {
  name: string;
  /** Absent: no emulation (loopback). */
  emulate?: { downloadKbps: number; uploadKbps: number; latencyMs: number };
}

export const LOOPBACK: NetworkProfile = { name: 'loopback' };
export const CAMPUS_WIFI: NetworkProfile = { name: '20 Mbit/s, 40 ms', emulate: { downloadKbps: 20_000, uploadKbps: 10_000, latencyMs: 40 } };
export const PROFILES: readonly NetworkProfile[] = [LOOPBACK, CAMPUS_WIFI];

export interface ByteCounter {
  /** Bytes received since the page was instrumented or since the last reset. */
  bytes(): number;
  /** Requests finished since then, and how many of them were 304s. */
  requests(): { count: number; notModified: number };
  reset(): void;
  /**
   * From now on, count only what is sent after the first request that `isWrite` picks has
   * finished (its response fully received): the refetch a write causes, not the write itself nor
   * whatever was still loading before it.
   */
  afterWrite(isWrite: (request: { method: string; url: string }) => boolean): void;
  /** True once the write `afterWrite` waits for has finished. */
  writeDone(): boolean;
  /** The URLs requested since that write finished (what its refetch asked for). */
  urlsAfterWrite(): readonly string[];
  /** The URLs of the requests still in flight. */
  inFlight(): readonly string[];
  /**
   * Resolves once no request has been in flight for `quietMs` (Playwright's `networkidle` resolves
   * at once when the page reached it earlier, so it cannot wait for a refetch).
   */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
}

/** The parts of the DevTools Protocol's network events the counter reads. */
interface NetworkEvents {
  'Network.requestWillBeSent': { requestId: string; request: { method: string; url: string } };
  'Network.responseReceived': { requestId: string; response: { status: number; encodedDataLength: number } };
  'Network.loadingFinished': { requestId: string; encodedDataLength: number };
  'Network.loadingFailed': { requestId: string };
}

/**
 * `workerInit`: a script run in each of the page's workers before its own (as `addInitScript` is
 * in the page), e.g. the same `fetch` stand-in.
 */
export async function instrument(page: Page, profile: NetworkProfile, options: { workerInit?: string } = {}): Promise<ByteCounter> {
  const cdp = await page.context().newCDPSession(page);
  const conditions = profile.emulate && {
    offline: false,
    latency: profile.emulate.latencyMs,
    downloadThroughput: (profile.emulate.downloadKbps * 1000) / 8,
    uploadThroughput: (profile.emulate.uploadKbps * 1000) / 8,
  };
  let bytes = 0;
  let count = 0;
  let notModified = 0;
  const responses = new Map<string, { status: number; encodedDataLength: number }>();
  const inFlight = new Map<string, string>();
  let lastActivity = Date.now();
  // afterWrite: the write's request id once sent, and the requests sent after it finished.
  let write: { isWrite: (request: { method: string; url: string }) => boolean; id?: string; done: boolean; after: Set<string>; urls: string[] } | undefined;
  const finished = (prefix: string, requestId: string, encodedDataLength: number | undefined) => {
    const id = prefix + requestId;
    inFlight.delete(id);
    // A worker's own script is asked for on the page's target and finishes on the worker's.
    if (prefix) inFlight.delete(requestId);
    lastActivity = Date.now();
    if (write && !write.done && id === write.id) write.done = true;
    if (encodedDataLength === undefined || (write && !write.after.has(id))) return;
    bytes += encodedDataLength;
    count += 1;
    if (responses.get(id)?.status === 304) notModified += 1;
  };
  // Request ids are per target: the page's, and each worker's prefixed with its session.
  const handlers = (prefix: string): { [K in keyof NetworkEvents]: (event: NetworkEvents[K]) => void } => ({
    'Network.requestWillBeSent': (event) => {
      const id = prefix + event.requestId;
      inFlight.set(id, event.request.url);
      lastActivity = Date.now();
      if (!write) return;
      if (write.done) {
        write.after.add(id);
        write.urls.push(event.request.url);
      } else if (write.id === undefined && write.isWrite({ method: event.request.method, url: event.request.url })) write.id = id;
    },
    'Network.responseReceived': (event) => responses.set(prefix + event.requestId, event.response),
    'Network.loadingFinished': (event) => finished(prefix, event.requestId, event.encodedDataLength),
    // A 304 whose (empty) body the client cancels ends as a failed load: its headers crossed all the same.
    'Network.loadingFailed': (event) => finished(prefix, event.requestId, responses.get(prefix + event.requestId)?.encodedDataLength),
  });
  const own = handlers('');
  for (const name of Object.keys(own) as (keyof NetworkEvents)[]) cdp.on(name, own[name] as (event: unknown) => void);

  // The page's workers (the list worker loads the triage queue) fetch on targets of their own,
  // which the page's emulation and events do not cover: attach to each as it starts (paused until
  // then), enable the same emulation and count its requests too.
  const workers = new Map<string, ReturnType<typeof handlers>>();
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message: text }) => {
    const event = JSON.parse(text) as { method?: string; params?: unknown };
    const handler = event.method ? workers.get(sessionId)?.[event.method as keyof NetworkEvents] : undefined;
    (handler as ((params: unknown) => void) | undefined)?.(event.params);
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => workers.delete(sessionId ?? ''));

  await cdp.send('Network.enable');
  if (conditions) await cdp.send('Network.emulateNetworkConditions', conditions);
  await onEachWorker(cdp, (sessionId, send) => {
    workers.set(sessionId, handlers(`${sessionId}:`));
    send('Network.enable');
    if (conditions) send('Network.emulateNetworkConditions', conditions);
    if (options.workerInit) send('Runtime.evaluate', { expression: options.workerInit });
  });
  return {
    bytes: () => bytes,
    requests: () => ({ count, notModified }),
    reset: () => {
      bytes = 0;
      count = 0;
      notModified = 0;
      write = undefined;
    },
    afterWrite: (isWrite) => {
      bytes = 0;
      count = 0;
      notModified = 0;
      write = { isWrite, done: false, after: new Set(), urls: [] };
    },
    writeDone: () => write?.done ?? false,
    urlsAfterWrite: () => write?.urls ?? [],
    inFlight: () => [...inFlight.values()],
    quiet: async (quietMs = 1000, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * Attaches to each worker the page starts, which waits (paused) until `onWorker` has sent it what
 * it needs first; messages to one worker arrive in order, so they run before its own code.
 */
async function onEachWorker(cdp: CDPSession, onWorker: (sessionId: string, send: (method: string, params?: object) => void) => void): Promise<void> {
  let message = 0;
  const sendTo = (sessionId: string, method: string, params: object = {}) =>
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++message, method, params }) }).catch(() => undefined);
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
    if (targetInfo.type === 'worker') onWorker(sessionId, (method, params) => sendTo(sessionId, method, params));
    if (waitingForDebugger) sendTo(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
}

/**
 * Runs `script` in each worker the page starts, before the worker's own code (as `addInitScript`
 * does in the page), through a DevTools session that enables nothing else: no network events, so
 * nothing slows the page it watches.
 */
export async function initWorkers(page: Page, script: string): Promise<void> {
  await onEachWorker(await page.context().newCDPSession(page), (_sessionId, send) => send('Runtime.evaluate', { expression: script }));
}

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
