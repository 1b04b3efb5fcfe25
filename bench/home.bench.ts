import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { launchChromium } from '../e2e/perf/browser.ts';
import { addSessionCookie } from '../e2e/perf/sign-in.ts';
import { instrument, CAMPUS_WIFI } from '../e2e/perf/network.ts';
import { startGatewayProcess, type GatewayProcess } from '../src/testing/gateway-process.ts';
import { startStrictUpstream, type StrictUpstream } from '../src/testing/proxy-fixtures.ts';
import { signInThroughProvider } from '../src/testing/sign-in.ts';
import { watchFirstPaintOf } from '../e2e/perf/element-timing.ts';

/**
 * The home of an advisor with a 700-student caseload (#32, "Done when"): "My students" cold (a
 * new browser context) at 20 Mbit/s / 40 ms, in front of the reference backend with its
 * extensions (the caseload from the extension), the rules on: when the first rows are painted
 * (the server's picture of them, home-picture.ts, or the app's own rows, whichever comes first),
 * when the app's own rows are there (live: links, Follow), when the page is complete (the answer
 * in and the network quiet), the bytes, and the calls the gateway made to the service for it.
 */
export interface HomeOpening {
  label: string;
  firstRowsMs: number;
  /** The app's own rows (interactive), which replace the picture. */
  liveRowsMs: number;
  completeMs: number;
  bytes: number;
  upstreamCalls: number;
  rows: number;
}

export interface HomeBench {
  scale: number;
  caseload: number;
  /** The gateway just started; then, a new browser, the gateway having shown the home before (its copy kept in step, notation-cache.ts). */
  openings: HomeOpening[];
  /** The gateway's resident memory after both openings. */
  rssMb: number;
}

const ADVISOR = 'E0041';
const CASELOAD = 700;
const student = (n: number) => `S${String(n).padStart(6, '0')}`;

async function serviceHeaders(upstream: StrictUpstream): Promise<Record<string, string>> {
  const response = await fetch(upstream.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: upstream.credentials.clientId, client_secret: upstream.credentials.clientSecret }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { 'Ocp-Apim-Subscription-Key': upstream.credentials.subscriptionKey, Authorization: `Bearer ${token}` };
}

/** Puts the advisor into the success networks of the first CASELOAD students. */
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

/** One opening of the home in a new browser context (nothing cached in the browser). */
async function openHome(browser: Browser, origin: string, cookie: string, upstream: StrictUpstream, label: string): Promise<HomeOpening> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  try {
    await addSessionCookie(context, origin, cookie);
    const page = await context.newPage();
    const counter = await instrument(page, CAMPUS_WIFI);
    const before = upstream.answered();
    // The first row's name painted (elementtiming="home-row"): the server's picture or the app's row.
    const firstRow = await watchFirstPaintOf(page, 'home-row');
    await page.goto('/', { waitUntil: 'commit' });
    const firstRowsMs = await firstRow.paintedAt(120_000);
    await page.waitForSelector('[data-testid="my-student"]', { timeout: 120_000 });
    const liveRowsMs = await page.evaluate(() => performance.now());
    await page.waitForSelector('[data-testid="my-students-source"]', { timeout: 120_000 });
    await counter.quiet();
    const completeMs = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return Math.max(0, ...entries.map((e) => e.responseEnd));
    });
    if (process.env.BENCH_DEBUG)
      console.log(
        label,
        firstRowsMs,
        await page.evaluate(() => {
          const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          return `document: request ${Math.round(n.requestStart)} response ${Math.round(n.responseStart)}–${Math.round(n.responseEnd)}, ${n.transferSize} bytes (${n.decodedBodySize} decoded), domInteractive ${Math.round(n.domInteractive)}, first contentful paint ${Math.round(fcp)}`;
        }),
        await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .map((e) => `${e.name.slice(-40)} start ${Math.round(e.startTime)}/${Math.round(e.requestStart)} end ${Math.round(e.responseEnd)}`)
            .join('\n'),
        ),
      );
    const rows = await page.evaluate(() =>
      Number(/(\d+) students? whose/.exec(document.querySelector('[data-testid="my-students-source"]')?.textContent ?? '')?.[1] ?? 0),
    );
    return {
      label,
      firstRowsMs: Math.round(firstRowsMs),
      liveRowsMs: Math.round(liveRowsMs),
      completeMs: Math.round(Math.max(completeMs, liveRowsMs)),
      bytes: counter.bytes(),
      upstreamCalls: upstream.answered() - before,
      rows,
    };
  } finally {
    await context.close();
  }
}

export async function measureHome(options: { scale?: number } = {}): Promise<HomeBench> {
  const scale = options.scale ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'home-bench-'));
  const upstream = await startStrictUpstream({ scale, extensions: true });
  let gateway: GatewayProcess | undefined;
  try {
    await giveCaseload(upstream, await serviceHeaders(upstream));
    gateway = await startGatewayProcess({
      upstreamOrigin: new URL(upstream.url).origin,
      people: { [ADVISOR]: { name: 'Avery Advisor', groups: ['success-staff'] } },
      env: {
        APP_DIR: new URL('../dist/', import.meta.url).pathname,
        GATEWAY_DATABASE: join(dir, 'gateway.sqlite'),
        LOG_LEVEL: 'warn',
        ACCESS_ENFORCEMENT: 'on',
        ACCESS_POLICY: 'relationship',
      },
    });
    const { cookie } = await signInThroughProvider(gateway.origin, ADVISOR);
    if (!cookie) throw new Error('the advisor could not sign in');
    const browser = await launchChromium();
    try {
      const openings: HomeOpening[] = [];
      for (const label of ['gateway just started', 'gateway has shown it before']) {
        openings.push(await openHome(browser, gateway.origin, cookie, upstream, label));
      }
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${gateway.child.pid!}/status`, 'utf8'))?.[1] ?? 0);
      return { scale, caseload: CASELOAD, openings, rssMb: Math.round(rssKb / 1024) };
    } finally {
      await browser.close();
    }
  } finally {
    if (gateway) {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatHome(b: HomeBench): string {
  const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  return [
    `"My students" of an advisor with ${b.caseload} students in caseload (${b.openings[0]?.rows ?? 0} listed), a new browser each time, 20 Mbit/s / 40 ms, rules on:`,
    '',
    '| opening | first rows painted ms | app’s rows live ms | complete ms | bytes | calls to the service | first rows ≤ 1,000 ms | complete ≤ 2,000 ms | bytes ≤ 1.5 MB |',
    '|---|---:|---:|---:|---:|---:|---|---|---|',
    ...b.openings.map(
      (o) =>
        `| ${o.label} | ${o.firstRowsMs} | ${o.liveRowsMs} | ${o.completeMs} | ${o.bytes} | ${o.upstreamCalls} | ${met(o.firstRowsMs <= 1000)} | ${met(o.completeMs <= 2000)} | ${met(o.bytes <= 1_500_000)} |`,
    ),
    '',
    `Gateway resident memory after both: ${b.rssMb} MB.`,
  ].join('\n');
}
