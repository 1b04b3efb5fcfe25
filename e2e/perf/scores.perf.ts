import type { BrowserContext, Page } from '@playwright/test';
import { median, ms, spread, timedChange, verdict, withJourney, type Journey } from './journey.ts';
import { bareVisit } from './bare-chromium.ts';
import { initWorkers, instrument, LOOPBACK, type NetworkProfile } from './network.ts';
import { largestCohort } from './pages.ts';

/**
 * Issue 11's measurements at SEED_SCALE=10: the largest cohort (≥ 3,000 respondents) opened cold,
 * over loopback or an emulated network (e2e/perf/network.ts).
 *
 * - painted: from navigation start until every factor's histogram is in the page and the next
 *   frame has been drawn, with the results extension and through the fallback (the extensions
 *   answering 404, E18 per respondent six at a time) — each in a fresh browser context; over
 *   loopback also in a fresh Chromium that nothing instruments (e2e/perf/bare-chromium.ts), whose
 *   figures are the ones judged: Playwright's network instrumentation costs every request time
 *   a person's browser does not spend, a third of the fallback's;
 * - bytes: every response of a visit as it crossed the wire (CDP `encodedDataLength`: headers
 *   and compressed bodies), until the network is quiet. Counted in visits of their own: the
 *   counter's DevTools network events cost the page about 1 ms a request, 15–20 % of the
 *   fallback's 3,900 requests, so over loopback the timed visits run without it (with the
 *   emulated network they need that session for the emulation, and keep it);
 * - roster filter change: from a click on a band (the `click` event's time) to the frame that
 *   shows the grid's new row count, measured in the page (on loopback: it is the page's own work).
 */
export interface ScoresPerf {
  profile: string;
  administrationId: number;
  title: string;
  respondents: number;
  factors: number;
  extension: Visit[];
  fallback: Visit[];
  /** Over loopback: the same visits in a Chromium nothing instruments (e2e/perf/bare-chromium.ts), painted ms. */
  bare?: { extension: number[]; fallback: number[] };
  /** The visits whose bytes were counted (over loopback, visits of their own). */
  counted: { extension: Visit; fallback: Visit };
  filterChangesMs: number[];
}

interface Visit {
  paintedMs: number;
  /** Absent for a visit timed without the byte counter. */
  bytes?: number;
  requests?: number;
}

interface PerfWindow {
  __cohort?: { painted?: number };
}

/** Installed before the page's scripts: notes the frame after the last histogram appeared. */
function watchHistograms(factors: number) {
  const w = window as unknown as PerfWindow;
  w.__cohort = {};
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('[data-testid="factor-histogram"]').length >= factors) {
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (w.__cohort!.painted = performance.now())));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * A real upstream without the two extensions: both answer 404 (in the page and in its list worker,
 * which loads the cohort's pages; so no proxy delay).
 */
function withoutExtensions() {
  const original = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    const missing =
      (/\/results$/.test(url.pathname) && url.searchParams.has('expand')) || (/\/people\/?$/.test(url.pathname) && url.searchParams.has('identifiers'));
    // Counted, so a run can tell that it went through the fallback (E18 per respondent).
    if (/\/results\/[^/]+\/factors$/.test(url.pathname)) (globalThis as { __e18?: number }).__e18 = ((globalThis as { __e18?: number }).__e18 ?? 0) + 1;
    if (missing) {
      return Promise.resolve(
        new Response(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such operation.' }), {
          status: 404,
          headers: { 'content-type': 'application/problem+json' },
        }),
      );
    }
    return original(input, init);
  };
}

async function visit(
  context: BrowserContext,
  profile: NetworkProfile,
  path: string,
  factors: number,
  fallback: boolean,
  count: boolean,
): Promise<{ page: Page; visit: Visit }> {
  const page = await context.newPage();
  const workerInit = `(${withoutExtensions.toString()})()`;
  const counter = count || profile.emulate ? await instrument(page, profile, fallback ? { workerInit } : {}) : undefined;
  if (fallback && !counter) await initWorkers(page, workerInit);
  if (fallback) await page.addInitScript(withoutExtensions);
  await page.addInitScript(watchHistograms, factors);
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as PerfWindow).__cohort?.painted !== undefined, undefined, { timeout: 180_000, polling: 50 });
  const paintedMs = await page.evaluate(() => (window as unknown as PerfWindow).__cohort!.painted!);
  if (!counter) return { page, visit: { paintedMs } };
  await counter.quiet(1000, 120_000);
  return { page, visit: { paintedMs, bytes: counter.bytes(), requests: counter.requests().count } };
}

/** Band clicks as a person makes them, each changing the roster's rows. */
async function bandClicks(page: Page): Promise<number[]> {
  await page.getByRole('grid', { name: 'Respondents' }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const bands = page.locator('[data-testid^="band-"]');
  const count = Math.min(await bands.count(), 9);
  const took: number[] = [];
  for (let i = 0; i < count; i++) took.push(await timedChange(page, () => bands.nth(i).click()));
  return took;
}

/** How many factors the cohort's first respondent has (the histograms to wait for). */
async function factorCount(journey: Journey, administrationId: number): Promise<number> {
  const first = await journey.get<{ values: { href: string }[] }>(`/noncognitives/administrations/${administrationId}/results?pageSize=1`);
  const scores = await journey.get<{ values: unknown[] }>(new URL(first.values[0]!.href).pathname.replace(/^\/api/, ''));
  return scores.values.length;
}

export async function measureScores(options: { scale?: number; runs?: number; profile?: NetworkProfile } = {}): Promise<ScoresPerf> {
  const scale = options.scale ?? 10;
  const profile = options.profile ?? LOOPBACK;
  const runs = options.runs ?? 3;
  return withJourney(scale, async (journey) => {
    const cohort = await largestCohort(journey.get);
    const factors = await factorCount(journey, cohort.id);
    const path = `/scores/${cohort.id}`;
    const extension: Visit[] = [];
    const fallback: Visit[] = [];
    let filterChangesMs: number[] = [];
    // Over loopback, the visits in a browser nothing instruments: first, on a server nothing has loaded yet.
    let bare: ScoresPerf['bare'];
    if (!profile.emulate) {
      const timed = (isFallback: boolean) =>
        bareVisit({
          origin: journey.origin,
          path,
          pageInit: [...(isFallback ? [`(${withoutExtensions.toString()})()`] : []), `(${watchHistograms.toString()})(${factors})`],
          ...(isFallback ? { workerInit: `(${withoutExtensions.toString()})()` } : {}),
          // A fallback run counts only once it went through E18 for (most of) the cohort.
          done: isFallback
            ? `window.__cohort && window.__e18 >= ${Math.ceil(cohort.respondents / 2)} ? window.__cohort.painted : undefined`
            : 'window.__cohort && window.__cohort.painted',
        });
      bare = { extension: [], fallback: [] };
      // A fresh browser each, quick to start: more runs than Playwright's, for a steadier median.
      for (let run = 0; run < runs + 2; run++) bare.extension.push(await timed(false));
      for (let run = 0; run < runs; run++) bare.fallback.push(await timed(true));
    }
    const once = async (isFallback: boolean, count: boolean, then?: (page: Page) => Promise<void>): Promise<Visit> => {
      const context = await journey.newContext();
      const { page, visit: v } = await visit(context, profile, path, factors, isFallback, count);
      await then?.(page);
      await context.close();
      return v;
    };
    for (let run = 0; run < runs; run++) {
      extension.push(await once(false, false, run === 0 && !profile.emulate ? async (page) => void (filterChangesMs = await bandClicks(page)) : undefined));
    }
    // The fallback is thousands of requests: fewer runs (one over the emulated network).
    for (let run = 0; run < (profile.emulate ? 1 : Math.max(1, runs - 1)); run++) fallback.push(await once(true, false));
    // Over loopback the timed visits were not counted: one counted visit of each.
    const counted = profile.emulate
      ? { extension: extension[0]!, fallback: fallback[0]! }
      : { extension: await once(false, true), fallback: await once(true, true) };
    return {
      profile: profile.name,
      administrationId: cohort.id,
      title: cohort.title,
      respondents: cohort.respondents,
      factors,
      extension,
      fallback,
      ...(bare ? { bare } : {}),
      counted,
      filterChangesMs,
    };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

export function formatScores(r: ScoresPerf): string {
  const emulated = r.profile !== LOOPBACK.name;
  // Six at a time over a 40 ms round trip: respondents / 6 round trips at the least.
  const fallbackGoal = emulated ? `≤ 10,000 ms on loopback; here ≥ ${ms((r.respondents / 6) * 40)} of round trips alone` : '≤ 10,000 ms';
  // Over loopback the verdicts go to the browser nothing instruments (what a person's browser does);
  // Playwright's figures stand beside them, its network instrumentation included.
  const bare = r.bare;
  const extensionRow = (label: string, values: readonly number[], judged: boolean) =>
    `| cold, every histogram painted, with the results extension, ${label} (median of ${values.length}) | ${spread(values)}${judged ? verdict(median(values), (v) => v <= 1_000) : ''} | ≤ 1,000 ms |`;
  const fallbackRow = (label: string, values: readonly number[], judged: boolean) =>
    `| cold, every histogram painted, through the fallback (E18 × ${r.respondents.toLocaleString('en-US')}, 6 at a time), ${label} (median of ${values.length}) | ${spread(values)}${judged && !emulated ? verdict(median(values), (v) => v <= 10_000) : ''} | ${fallbackGoal} |`;
  const playwright = bare ? 'in Playwright (its network domain on)' : 'in Playwright';
  return [
    `Network: ${r.profile}`,
    '',
    '| measurement | value | goal |',
    '|---|---:|---|',
    `| largest cohort: ${r.title} (administration ${r.administrationId}) | ${r.respondents.toLocaleString('en-US')} respondents × ${r.factors} factors${verdict(r.respondents, (v) => v >= 3_000)} | ≥ 3,000 |`,
    ...(bare ? [extensionRow('in a Chromium nothing instruments', bare.extension, true)] : []),
    extensionRow(
      playwright,
      r.extension.map((v) => v.paintedMs),
      !bare,
    ),
    ...(bare ? [fallbackRow('in a Chromium nothing instruments', bare.fallback, true)] : []),
    fallbackRow(
      playwright,
      r.fallback.map((v) => v.paintedMs),
      !bare,
    ),
    ...(emulated
      ? []
      : [
          `| roster filter change: a band's click → grid's new row count painted (median) | ${spread(r.filterChangesMs)}${verdict(median(r.filterChangesMs), (v) => v <= 100)} | ≤ 100 ms |`,
        ]),
    `| bytes transferred, with the extension (whole visit, as on the wire) | ${kib(r.counted.extension.bytes ?? 0)} in ${r.counted.extension.requests ?? 0} requests | — |`,
    `| bytes transferred, through the fallback | ${kib(r.counted.fallback.bytes ?? 0)} in ${r.counted.fallback.requests ?? 0} requests | — |`,
    ...(emulated
      ? []
      : [
          `| the counted visits, painted (Playwright with the byte counter's network events too; not judged) | extension ${ms(r.counted.extension.paintedMs)}, fallback ${ms(r.counted.fallback.paintedMs)} | — |`,
        ]),
  ].join('\n');
}
