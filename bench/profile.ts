import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { visibleAlerts } from '../e2e/perf/alerts.perf.ts';
import { withJourney, type Journey } from '../e2e/perf/journey.ts';
import { CAMPUS_WIFI, instrument, LOOPBACK, type NetworkProfile } from '../e2e/perf/network.ts';

/**
 * Where the main thread's time goes on a slow CPU (#34 item 2; `BENCH_ONLY=profile npm run bench`): the triage and the student page,
 * opened cold with Chromium's CPU slowed (`Emulation.setCPUThrottlingRate`, BENCH_CPU_THROTTLE,
 * default 4) on loopback and at 20 Mbit/s / 40 ms. Two recordings at once: a trace of the main
 * thread (layout, style, paint, HTML parsing, compiling) and a sampling profile of its JavaScript,
 * each sample mapped through the build's source maps to the package or folder it runs in (zod,
 * React, MUI X's grid, the app's own modules…). The list worker's parsing is on another thread and
 * is not counted here: this is what stands between a person and a page that answers.
 */

export interface Breakdown {
  page: string;
  network: string;
  throttle: number;
  /** From navigation to the page's "done" signal. */
  elapsedMs: number;
  /** Main-thread time by category, milliseconds (throttled time: as the slow CPU spends it). */
  categories: Record<string, number>;
  /** The costliest functions, self time. */
  top: { where: string; ms: number }[];
}

/** The package or folder a source path belongs to, by what it is for. */
export function bucketOf(source: string): string {
  const s = source.replace(/\\/g, '/');
  if (/node_modules\/zod\//.test(s) || /\/src\/api\/(schemas|paging|client|http|links|expand)/.test(s)) return 'parsing and validating responses';
  if (/node_modules\/(react-dom|react|scheduler)\//.test(s)) return 'React render and commit';
  if (/node_modules\/@mui\/x-(data-grid|internals|virtualizer)/.test(s)) return 'MUI X grid';
  if (/node_modules\/@mui\/x-(charts|date-pickers)/.test(s)) return 'MUI X charts and pickers';
  if (/node_modules\/(@mui\/(material|system|styled-engine|utils)|@emotion)\//.test(s)) return 'MUI components and styles (emotion)';
  if (/node_modules\/@tanstack\//.test(s)) return 'TanStack Query and Virtual';
  if (/node_modules\/react-router/.test(s)) return 'React Router';
  if (/\/src\//.test(s)) return 'the app’s own code';
  return 'other JavaScript';
}

/** Main-thread trace events that are not JavaScript, by what the browser was doing. */
const BROWSER_WORK: Record<string, string> = {
  Layout: 'layout and style',
  UpdateLayoutTree: 'layout and style',
  RecalculateStyles: 'layout and style',
  'Document::updateStyleAndLayout': 'layout and style',
  Paint: 'paint and composite',
  PrePaint: 'paint and composite',
  Layerize: 'paint and composite',
  Commit: 'paint and composite',
  UpdateLayer: 'paint and composite',
  CompositeLayers: 'paint and composite',
  ParseHTML: 'HTML and CSS parsing',
  ParseAuthorStyleSheet: 'HTML and CSS parsing',
  'v8.compile': 'compiling scripts',
  'v8.compileModule': 'compiling scripts',
  'V8.CompileCode': 'compiling scripts',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Durations of the main thread's non-script work, nested events counted once (their outermost). */
function browserWork(events: readonly TraceEvent[]): Record<string, number> {
  // The page's renderer is the busiest of the renderers' main threads (others: about:blank, the browser's own pages).
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length;
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  const totals: Record<string, number> = {};
  if (!main) return totals;
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && BROWSER_WORK[e.name]);
  mine.sort((a, b) => a.ts - b.ts);
  let coveredUntil = 0;
  for (const event of mine) {
    if (event.ts < coveredUntil) continue;
    coveredUntil = event.ts + event.dur!;
    const category = BROWSER_WORK[event.name]!;
    totals[category] = (totals[category] ?? 0) + event.dur! / 1000;
  }
  return totals;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of the page's JavaScript by bucket, from the sampling profile mapped through the build's source maps. */
function scriptWork(profile: CpuProfile, dist: string): { buckets: Record<string, number>; functions: Map<string, number> } {
  const maps = new Map<string, TraceMap | undefined>();
  const mapOf = (url: string) => {
    const file = /\/assets\/([^/?#]+\.js)/.exec(url)?.[1];
    if (!file) return undefined;
    if (!maps.has(file)) {
      const path = join(dist, 'assets', `${file}.map`);
      maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : undefined);
    }
    return maps.get(file);
  };
  const where = new Map<number, { bucket: string; label: string }>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (!url) {
      // V8's own entries: (program) is the browser outside JavaScript (counted from the trace), (idle) nothing.
      const bucket =
        functionName === '(garbage collector)' ? 'garbage collection' : functionName === '(program)' || functionName === '(idle)' ? '' : 'other JavaScript';
      where.set(node.id, { bucket, label: functionName || '(native)' });
      continue;
    }
    const map = mapOf(url);
    const original = map ? originalPositionFor(map, { line: lineNumber + 1, column: Math.max(0, columnNumber) }) : undefined;
    const source = original?.source ?? url;
    where.set(node.id, {
      bucket: bucketOf(source),
      label: `${functionName || '(anonymous)'} ${source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${original?.line ?? ''}`,
    });
  }
  const buckets: Record<string, number> = {};
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const place = where.get(id);
    if (!place || !place.bucket) return;
    buckets[place.bucket] = (buckets[place.bucket] ?? 0) + ms;
    functions.set(place.label, (functions.get(place.label) ?? 0) + ms);
  });
  return { buckets, functions };
}

/** One cold opening of `path`, recorded until `done` resolves. */
async function record(journey: Journey, path: string, network: NetworkProfile, throttle: number, done: (page: Page) => Promise<void>): Promise<Breakdown> {
  const context = await journey.newContext();
  try {
    const page = await context.newPage();
    await instrument(page, network);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await journey.browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'] });
    await page.goto(path);
    await done(page);
    const elapsedMs = await page.evaluate(() => performance.now());
    const trace = JSON.parse((await journey.browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const script = scriptWork(profile, join(import.meta.dirname, '..', 'dist'));
    const categories = { ...script.buckets };
    for (const [category, ms] of Object.entries(browserWork(trace.traceEvents))) categories[category] = (categories[category] ?? 0) + ms;
    const top = [...script.functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([where, ms]) => ({ where, ms }));
    return { page: path, network: network.name, throttle, elapsedMs: Math.round(elapsedMs), categories, top };
  } finally {
    await context.close();
  }
}

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function measureProfile(options: { scale?: number; throttle?: number } = {}): Promise<Breakdown[]> {
  const scale = options.scale ?? 10;
  const throttle = options.throttle ?? 4;
  return withJourney(scale, async (journey) => {
    const from = day(Date.now() - 90 * DAY_MS);
    const to = day(Date.now() + DAY_MS);
    const alerts = await visibleAlerts(journey, from, to);
    const triageDone = async (page: Page) => {
      const said = () =>
        page
          .getByTestId('triage-summary')
          .textContent({ timeout: 1000 })
          .catch(() => 'no summary');
      await page
        .waitForFunction(
          (total) => {
            const summary = document.querySelector('[data-testid="triage-summary"]')?.textContent ?? '';
            return summary.includes(`of ${total} alert`) && document.querySelector('[role="grid"] [role="row"][data-id]') !== null;
          },
          alerts.toLocaleString('en-US'),
          { timeout: 180_000, polling: 200 },
        )
        .catch(async (error: unknown) => {
          throw new Error(`the triage did not complete (${alerts} alerts expected; the page says "${await said()}")`, { cause: error });
        });
    };
    const studentDone = async (page: Page) => {
      await page.locator('[elementtiming="timeline-row"]').first().waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
    };
    const homeDone = async (page: Page) => {
      await page.locator('[data-testid="my-students-source"]').waitFor({ timeout: 120_000 });
    };
    // BENCH_PROFILE_PAGES=home,alerts,student picks pages (default: all three).
    const wanted = new Set((process.env.BENCH_PROFILE_PAGES ?? 'home,alerts,student').split(',').map((p) => p.trim()));
    const results: Breakdown[] = [];
    for (const network of [LOOPBACK, CAMPUS_WIFI]) {
      if (wanted.has('home')) results.push(await record(journey, '/', network, throttle, homeDone));
      if (wanted.has('alerts')) results.push(await record(journey, `/alerts?from=${from}&to=${to}`, network, throttle, triageDone));
      if (wanted.has('student'))
        results.push(await record(journey, `/students/S000001?from=${day(Date.now() - 731 * DAY_MS)}`, network, throttle, studentDone));
    }
    return results;
  });
}

export function formatProfile(results: readonly Breakdown[]): string {
  const categories = [...new Set(results.flatMap((r) => Object.keys(r.categories)))].sort(
    (a, b) => results.reduce((n, r) => n + (r.categories[b] ?? 0), 0) - results.reduce((n, r) => n + (r.categories[a] ?? 0), 0),
  );
  const head = results.map((r) => `${r.page.split('?')[0]} · ${r.network}`);
  const lines = [
    `Main thread, CPU slowed ${results[0]?.throttle ?? '?'}× (milliseconds as the slow CPU spends them; the list worker's thread not counted):`,
    '',
    `| | ${head.join(' | ')} |`,
    `|---|${head.map(() => '---:').join('|')}|`,
    `| from navigation to done | ${results.map((r) => r.elapsedMs).join(' | ')} |`,
    ...categories.map((c) => `| ${c} | ${results.map((r) => Math.round(r.categories[c] ?? 0)).join(' | ')} |`),
    `| **busy in all** | ${results.map((r) => Math.round(Object.values(r.categories).reduce((n, v) => n + v, 0))).join(' | ')} |`,
  ];
  for (const r of results) {
    lines.push('', `Costliest functions, ${r.page.split('?')[0]} · ${r.network} (self time):`, '');
    for (const f of r.top) lines.push(`- ${Math.round(f.ms)} ms ${f.where}`);
  }
  return lines.join('\n');
}
