import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../src/backend/app.ts';
import { openDatabase } from '../src/backend/db/open.ts';
import { DEMO_CLIENT } from '../src/testing/backend.ts';
import { startGatewayProcess } from '../src/testing/gateway-process.ts';
import { signInThroughProvider } from '../src/testing/sign-in.ts';

/**
 * What `/admin/outcomes` costs (#33, "Done when"): the 90-day window at SEED_SCALE, read by a
 * gateway in its own process (proxy mode) in front of the reference backend over HTTP.
 *
 * - cold: the gateway's first reading of the window — time, requests to the service, bytes to the
 *   browser;
 * - warm: a second opening (a new page, so no If-None-Match from the browser) — time, and how the
 *   service answered (goal ≤ 300 ms, mostly 304s); and a revalidation by the browser (its tag);
 * - the gateway's memory (RSS) before and at its peak while computing, sampled every 20 ms.
 */
export interface OutcomesBench {
  scale: number;
  alerts: number;
  runs: { label: string; ms: number; status: number; upstream: { requests: number; notModified: number; bytes: number }; bytesToBrowser: number }[];
  rssBeforeMb: number;
  rssPeakMb: number;
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

export async function measureOutcomes(options: { scale?: number } = {}): Promise<OutcomesBench> {
  const scale = options.scale ?? 10;
  const { db } = openDatabase({ path: ':memory:', seed: 1, scale, now: new Date() });
  const backend = createApp({ db, clients: [DEMO_CLIENT], tokenTtlSeconds: 3600, logError: () => {} });
  const counts = { requests: 0, notModified: 0, bytes: 0 };
  const app = new Hono();
  app.all('/api/*', async (c) => {
    const response = await backend.fetch(c.req.raw);
    if (/\/notations\/(alerts|triggers)\//.test(c.req.path)) {
      counts.requests += 1;
      if (response.status === 304) counts.notModified += 1;
      counts.bytes += Number(response.headers.get('content-length') ?? 0);
    }
    return response;
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const upstreamOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const gateway = await startGatewayProcess({ upstreamOrigin, env: { LOG_LEVEL: 'warn', UPSTREAM_TIMEOUT_MS: '60000' } });
  try {
    const { cookie } = await signInThroughProvider(gateway.origin, 'E0001');
    if (!cookie) throw new Error('the administrator could not sign in');
    const pid = gateway.child.pid!;
    const rssBefore = rssKb(pid);
    let peak = rssBefore;
    const runs: OutcomesBench['runs'] = [];
    let tag = '';
    let alerts = 0;
    for (const label of ['cold (first reading)', 'warm (second opening)', 'warm, browser revalidates (If-None-Match)']) {
      const before = { ...counts };
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
      const started = performance.now();
      const response = await fetch(`${gateway.origin}/admin/outcomes`, {
        headers: { cookie, accept: 'application/json', 'accept-encoding': 'br, gzip', ...(label.includes('If-None-Match') ? { 'if-none-match': tag } : {}) },
      });
      // The bytes as sent (compressed): undici decodes the body, so they are counted from the header or the decoded text's length.
      const body = await response.arrayBuffer();
      const ms = Math.round(performance.now() - started);
      clearInterval(sampler);
      peak = Math.max(peak, rssKb(pid));
      if (response.status === 200) {
        tag = response.headers.get('etag') ?? '';
        alerts = (JSON.parse(new TextDecoder().decode(body)) as { overall: { alerts: number } }).overall.alerts;
      }
      const sent = Number(response.headers.get('content-length') ?? Number.NaN);
      runs.push({
        label,
        ms,
        status: response.status,
        upstream: { requests: counts.requests - before.requests, notModified: counts.notModified - before.notModified, bytes: counts.bytes - before.bytes },
        bytesToBrowser: Number.isFinite(sent) ? sent : body.byteLength,
      });
    }
    return { scale, alerts, runs, rssBeforeMb: mb(rssBefore), rssPeakMb: mb(peak) };
  } finally {
    gateway.child.kill('SIGTERM');
    await gateway.exited;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    db.close();
  }
}

export function formatOutcomes(b: OutcomesBench): string {
  return [
    `90-day window, ${b.alerts.toLocaleString('en-US')} alerts (SEED_SCALE=${b.scale}); the service over HTTP, the gateway in its own process.`,
    '',
    '| opening | ms | status | service requests | of them 304 | service bytes | bytes to the browser |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...b.runs.map(
      (r) => `| ${r.label} | ${r.ms} | ${r.status} | ${r.upstream.requests} | ${r.upstream.notModified} | ${r.upstream.bytes} | ${r.bytesToBrowser} |`,
    ),
    '',
    `Gateway RSS: ${b.rssBeforeMb} MB before, ${b.rssPeakMb} MB at the peak while computing.`,
    `Warm goal ≤ 300 ms: ${(b.runs[1]?.ms ?? Infinity) <= 300 ? 'met' : 'NOT met'}.`,
  ].join('\n');
}
