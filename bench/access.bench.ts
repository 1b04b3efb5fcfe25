import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { launchChromium } from '../e2e/perf/browser.ts';
import { addSessionCookie } from '../e2e/perf/sign-in.ts';
import { instrument, CAMPUS_WIFI } from '../e2e/perf/network.ts';
import { startGatewayProcess, type GatewayProcess } from '../src/testing/gateway-process.ts';
import { startStrictUpstream, type StrictUpstream } from '../src/testing/proxy-fixtures.ts';
import { signInThroughProvider } from '../src/testing/sign-in.ts';

/**
 * What the access rules of #30 cost (issue 30, "Done when"):
 *
 * - reads: the same GETs, as an advisor, through the gateway with the rules and the access log on,
 *   through the same gateway build with the rules off (ACCESS_ENFORCEMENT=off; the access log
 *   cannot be turned off: it is the law's record), and straight to the service. Both gateways run
 *   side by side against one service and are measured in alternating rounds, so a busy host slows
 *   both alike; p50 and p99 are the medians of the rounds, and each gateway's CPU time per request
 *   (from /proc) says what the rules cost whatever else the host is doing.
 * - the triage of an advisor whose caseload is 300 students, cold (a new browser context), at
 *   20 Mbit/s and 40 ms, with the rules on, until the queue is complete; and how many calls the
 *   gateway made to the service for it, with the E15 cache cold (a new gateway) and warm (the
 *   same page again). The service is a strict E1–E19 one: without the caseload extension, so
 *   membership comes from E15 per student, the expensive case.
 */
export interface AccessBench {
  scale: number;
  advisor: string;
  caseload: number;
  /** cpuMsPerRequest: the gateway process's own CPU time (user + system) per answered request; undefined for the service or off Linux. */
  reads: { label: string; p50: number; p99: number; requestsPerSecond: number; errors: number; cpuMsPerRequest?: number }[];
  /** p50 added by the rules and the log, against the gateway with the rules off. */
  addedP50: number;
  triage: { service: string; cache: 'cold' | 'warm'; completeMs: number; alerts: number; upstreamCalls: number; bytes: number }[];
}

const LOAD = new URL('./access-load.ts', import.meta.url).pathname;
const ADVISOR = 'E0040';
const CASELOAD = 300;
const DAY_MS = 86_400_000;
const student = (n: number) => `S${String(n).padStart(6, '0')}`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/**
 * A process's CPU time so far (ms, user + system), from /proc: what the rules cost the gateway,
 * per request, whatever else the host is doing (latency on a busy host of two cores is not).
 */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

async function load(origin: string, headers: Record<string, string>, paths: string[], seconds: number): Promise<Result> {
  const child = spawn(process.execPath, [LOAD, JSON.stringify({ origin, headers, paths, connections: 10, seconds })], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(out) as Result;
}

async function serviceToken(upstream: StrictUpstream): Promise<Record<string, string>> {
  const response = await fetch(upstream.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: upstream.credentials.clientId, client_secret: upstream.credentials.clientSecret }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { 'Ocp-Apim-Subscription-Key': upstream.credentials.subscriptionKey, Authorization: `Bearer ${token}` };
}

/** Puts the advisor into the success networks of the first CASELOAD students (E15, then E16). */
async function giveCaseload(upstream: StrictUpstream, headers: Record<string, string>): Promise<void> {
  for (let n = 1; n <= CASELOAD; n += 1) {
    const url = `${upstream.url}/people/${student(n)}/successNetwork`;
    const network = (await (await fetch(url, { headers })).json()) as { values: { href: string }[] };
    const members = new Set(network.values.map((v) => decodeURIComponent(v.href.replace(/\/$/, '').split('/').at(-1)!)));
    members.add(ADVISOR);
    const put = await fetch(url, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify([...members].map((identifier) => ({ identifier }))),
    });
    if (put.status !== 204) throw new Error(`E16 for ${student(n)} answered ${put.status}`);
  }
}

const people = { [ADVISOR]: { name: 'Avery Advisor', groups: ['success-staff'] } };

async function gateway(upstream: StrictUpstream, dir: string, name: string, env: Record<string, string>): Promise<GatewayProcess> {
  const origin = new URL(upstream.url).origin;
  return startGatewayProcess({
    upstreamOrigin: origin,
    people,
    env: {
      APP_DIR: new URL('../dist/', import.meta.url).pathname,
      GATEWAY_DATABASE: process.env.TRY_MEMORY ? ':memory:' : join(dir, `${name}.sqlite`),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

async function stop(process: GatewayProcess): Promise<void> {
  process.child.kill('SIGTERM');
  await process.exited;
}

/**
 * Every alert of the range the advisor may see, by walking the gateway's pages as the advisor.
 * Pages of 200: a cold gateway checks the network of each student on a page, and a page of 1,000
 * alerts (up to 1,000 students) once took longer than the client would wait ("terminated").
 */
async function visibleAlerts(origin: string, cookie: string, from: string, to: string): Promise<number> {
  const size = 200;
  let count = 0;
  for (let page = 1; page <= 1000; page += 1) {
    const response = await fetch(`${origin}/api/notations/alerts/?page=${page}&pageSize=${size}&createdOnStart=${from}&createdOnEnd=${to}`, {
      headers: { cookie, accept: 'application/json' },
    });
    const body = (await response.json()) as { values: unknown[]; totalValues: number; pageSize: number };
    count += body.values.length;
    if (page * size >= body.totalValues) break;
  }
  return count;
}

/** The advisor's alert queue in Chromium, cold, on the emulated network: until the summary counts every alert the advisor may see. */
async function triage(origin: string, cookie: string, from: string, to: string, alerts: number) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
    await addSessionCookie(context, origin, cookie);
    const page = await context.newPage();
    const counter = await instrument(page, CAMPUS_WIFI);
    await page.goto(`/alerts?from=${from}&to=${to}`);
    const total = alerts.toLocaleString('en-US');
    await page.waitForFunction(
      (expected) => {
        const summary = document.querySelector('[data-testid="triage-summary"]')?.textContent ?? '';
        return summary.includes(`of ${expected} alert`) && document.querySelector('[role="grid"] [role="row"][data-id]') !== null;
      },
      total,
      { timeout: 120_000, polling: 'raf' },
    );
    const completeMs = await page.evaluate(() => performance.now());
    await counter.quiet();
    if (process.env.BENCH_DEBUG)
      console.log(
        'triage',
        completeMs,
        await page.evaluate(() =>
          [
            performance.getEntriesByType('navigation')[0] as PerformanceResourceTiming,
            ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]),
          ]
            .map(
              (e) =>
                `${e.name.slice(-60)} start ${Math.round(e.startTime)}/${Math.round(e.requestStart)} first byte ${Math.round(e.responseStart)} end ${Math.round(e.responseEnd)} ${e.transferSize} B`,
            )
            .join('\n'),
        ),
      );
    return { completeMs: Math.round(completeMs), bytes: counter.bytes() };
  } finally {
    await browser.close();
  }
}

export async function measureAccess(options: { scale?: number; seconds?: number; rounds?: number } = {}): Promise<AccessBench> {
  const scale = options.scale ?? 10;
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 5;
  const dir = mkdtempSync(join(tmpdir(), 'access-bench-'));
  const upstream = await startStrictUpstream({ scale });
  const processes: GatewayProcess[] = [];
  try {
    const serviceHeaders = await serviceToken(upstream);
    await giveCaseload(upstream, serviceHeaders);
    const to = day(Date.now() + DAY_MS);
    const from = day(Date.now() - 90 * DAY_MS);

    // Cold: a gateway that has never read a network.
    const on = await gateway(upstream, dir, 'on', { ACCESS_ENFORCEMENT: 'on', ACCESS_POLICY: 'relationship' });
    processes.push(on);
    const { cookie: onCookie } = await signInThroughProvider(on.origin, ADVISOR);
    if (!onCookie) throw new Error('the advisor could not sign in');
    // What the page must show, computed on a second gateway so the first one's cache stays cold.
    const counting = await gateway(upstream, dir, 'count', { ACCESS_ENFORCEMENT: 'on', ACCESS_POLICY: 'relationship' });
    const { cookie: countCookie } = await signInThroughProvider(counting.origin, ADVISOR);
    const alerts = await visibleAlerts(counting.origin, countCookie!, from, to);
    await stop(counting);
    const triageRuns: AccessBench['triage'] = [];
    for (const cache of ['cold', 'warm'] as const) {
      const before = upstream.answered();
      const run = await triage(on.origin, onCookie, from, to, alerts);
      triageRuns.push({ service: 'E1–E19 only (membership from E15)', cache, ...run, alerts, upstreamCalls: upstream.answered() - before });
    }
    // The same advisor in front of the reference backend with its extensions (membership from the caseload).
    const whole = await startStrictUpstream({ scale, extensions: true });
    try {
      await giveCaseload(whole, await serviceToken(whole));
      const withCaseload = await gateway(whole, dir, 'whole', { ACCESS_ENFORCEMENT: 'on', ACCESS_POLICY: 'relationship' });
      processes.push(withCaseload);
      const { cookie } = await signInThroughProvider(withCaseload.origin, ADVISOR);
      for (const cache of ['cold', 'warm'] as const) {
        const before = whole.answered();
        const run = await triage(withCaseload.origin, cookie!, from, to, alerts);
        triageRuns.push({ service: 'with the caseload extension', cache, ...run, alerts, upstreamCalls: whole.answered() - before });
      }
      await stop(withCaseload);
      processes.pop();
    } finally {
      await whole.close();
    }

    // Reads: the rules on (the gateway above, warm now) and off, side by side, and the service direct.
    const off = await gateway(upstream, dir, 'off', { ACCESS_ENFORCEMENT: 'off' });
    processes.push(off);
    const { cookie: offCookie } = await signInThroughProvider(off.origin, ADVISOR);
    const updateIds = (
      (await (
        await fetch(`${on.origin}/api/notations/updates/?identifiers=${student(3)},${student(77)},${student(201)}&pageSize=20`, {
          headers: { cookie: onCookie },
        })
      ).json()) as {
        values: { id: number | string }[];
      }
    ).values.map((u) => u.id);
    const paths = [
      `/notations/alerts/?pageSize=50&createdOnStart=${from}&createdOnEnd=${to}`,
      ...[1, 7, 42, 150, 299].map((n) => `/people/${student(n)}/successNetwork`),
      ...[3, 77, 201].map((n) => `/notations/updates/?identifiers=${student(n)}&pageSize=50`),
      ...updateIds.slice(0, 3).map((id) => `/notations/updates/${id}`),
    ];
    // Every path answers 200 on each target, or the figures would time errors.
    for (const [origin, headers] of [
      [on.origin, { cookie: onCookie }],
      [off.origin, { cookie: offCookie! }],
      [new URL(upstream.url).origin, serviceHeaders],
    ] as const) {
      for (const path of paths) {
        const status = (await fetch(`${origin}/api${path}`, { headers: { ...headers, accept: 'application/json' } })).status;
        if (status !== 200) throw new Error(`GET ${origin}/api${path} answered ${status}`);
      }
    }
    const samples: Record<string, { p50: number[]; p99: number[]; rps: number[]; cpu: number[]; errors: number }> = {};
    const measure = async (label: string, origin: string, headers: Record<string, string>, prefix: string, pid?: number) => {
      const cpuBefore = cpuMs(pid);
      const result = await load(
        origin,
        headers,
        paths.map((p) => `${prefix}${p}`),
        seconds,
      );
      const cpuAfter = cpuMs(pid);
      const entry = (samples[label] ??= { p50: [], p99: [], rps: [], cpu: [], errors: 0 });
      if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) entry.cpu.push((cpuAfter - cpuBefore) / result.requests.total);
      entry.p50.push(result.latency.p50);
      entry.p99.push(result.latency.p99);
      entry.rps.push(result.requests.average);
      entry.errors += result.errors + result.non2xx + result.timeouts;
    };
    const serviceOrigin = new URL(upstream.url).origin;
    // A warm-up of each, then alternating rounds.
    await measure('warm-up on', on.origin, { cookie: onCookie }, '/api', on.child.pid);
    await measure('warm-up off', off.origin, { cookie: offCookie! }, '/api', off.child.pid);
    await measure('warm-up direct', serviceOrigin, serviceHeaders, '/api');
    for (let round = 0; round < rounds; round += 1) {
      await measure('gateway, rules and access log on', on.origin, { cookie: onCookie }, '/api', on.child.pid);
      await measure('gateway, rules off (access log on)', off.origin, { cookie: offCookie! }, '/api', off.child.pid);
      await measure('service direct (no gateway)', serviceOrigin, serviceHeaders, '/api');
    }
    const reads = Object.entries(samples)
      .filter(([label]) => !label.startsWith('warm-up'))
      .map(([label, s]) => ({
        label,
        p50: median(s.p50),
        p99: median(s.p99),
        requestsPerSecond: Math.round(median(s.rps)),
        errors: s.errors,
        ...(s.cpu.length > 0 ? { cpuMsPerRequest: Math.round(median(s.cpu) * 1000) / 1000 } : {}),
      }));
    const onP50 = reads[0]!.p50;
    const offP50 = reads[1]!.p50;
    return { scale, advisor: ADVISOR, caseload: CASELOAD, reads, addedP50: offP50 > 0 ? (onP50 - offP50) / offP50 : Number.NaN, triage: triageRuns };
  } finally {
    for (const p of processes) await stop(p).catch(() => undefined);
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the rules cost the gateway's CPU per request, which a busy host does not blur as it does latency. */
function cpuLine(on: number | undefined, off: number | undefined): string[] {
  if (on === undefined || off === undefined || off <= 0) return [];
  const added = (on - off) / off;
  return [
    `- Gateway CPU per request, rules on against off: ${on.toFixed(2)} against ${off.toFixed(2)} ms (${added >= 0 ? '+' : ''}${Math.round(added * 100)} %).`,
  ];
}

export function formatAccess(b: AccessBench): string {
  const percent = (v: number) => `${v >= 0 ? '+' : ''}${Math.round(v * 100)} %`;
  return [
    `Reads as an advisor (${b.advisor}, ${b.caseload} students in caseload), 10 connections, medians of alternating rounds:`,
    '',
    '| path | p50 ms | p99 ms | req/s | gateway CPU ms/request | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...b.reads.map((r) => `| ${r.label} | ${r.p50} | ${r.p99} | ${r.requestsPerSecond} | ${r.cpuMsPerRequest?.toFixed(2) ?? '—'} | ${r.errors} |`),
    '',
    `- Added at p50 by the rules and the log: ${percent(b.addedP50)} (goal ≤ +15 %): ${b.addedP50 <= 0.15 ? 'MET' : 'NOT MET'}.`,
    ...cpuLine(b.reads[0]?.cpuMsPerRequest, b.reads[1]?.cpuMsPerRequest),
    '',
    `Triage of that advisor in Chromium (a new browser context each time), 20 Mbit/s / 40 ms, rules on:`,
    '',
    '| service | membership cache | complete ms | alerts shown | calls to the service | bytes |',
    '|---|---|---:|---:|---:|---:|',
    ...b.triage.map((t) => `| ${t.service} | ${t.cache} | ${t.completeMs} | ${t.alerts} | ${t.upstreamCalls} | ${t.bytes} |`),
    '',
    ...b.triage.map((t) => `- ${t.service}, cache ${t.cache}: complete ≤ 1,500 ms ${t.completeMs <= 1500 ? 'MET' : 'NOT MET'}.`),
  ].join('\n');
}
