import type { Page } from '@playwright/test';

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
  /**
   * Resolves once no request has been in flight for `quietMs` (Playwright's `networkidle` resolves
   * at once when the page reached it earlier, so it cannot wait for a refetch).
   */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
}

export async function instrument(page: Page, profile: NetworkProfile): Promise<ByteCounter> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.emulate) {
    const { downloadKbps, uploadKbps, latencyMs } = profile.emulate;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: (downloadKbps * 1000) / 8,
      uploadThroughput: (uploadKbps * 1000) / 8,
    });
  }
  let bytes = 0;
  let count = 0;
  let notModified = 0;
  const statuses = new Map<string, number>();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  // afterWrite: the write's request id once sent, and the requests sent after it finished.
  let write: { isWrite: (request: { method: string; url: string }) => boolean; id?: string; done: boolean; after: Set<string> } | undefined;
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastActivity = Date.now();
    if (!write) return;
    if (write.done) write.after.add(event.requestId);
    else if (write.id === undefined && write.isWrite({ method: event.request.method, url: event.request.url })) write.id = event.requestId;
  });
  cdp.on('Network.responseReceived', (event) => statuses.set(event.requestId, event.response.status));
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
    if (write && !write.done && event.requestId === write.id) write.done = true;
    if (write && !write.after.has(event.requestId)) return;
    bytes += event.encodedDataLength;
    count += 1;
    if (statuses.get(event.requestId) === 304) notModified += 1;
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
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
      write = { isWrite, done: false, after: new Set() };
    },
    writeDone: () => write?.done ?? false,
    quiet: async (quietMs = 1000, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
