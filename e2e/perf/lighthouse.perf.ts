import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startDashboard } from './browser.ts';
import { median } from './journey.ts';
import { benchPages, type BenchPage } from './pages.ts';
import { sessionCookie } from './sign-in.ts';

/**
 * Lighthouse, signed in, on every page of the route table (e2e/perf/pages.ts): performance
 * (issue 14: mobile ≥ 90, median of `runs`) and accessibility (issue 16: 100 on every page), mobile
 * (Lighthouse's default: simulated slow 4G and a 4× slower CPU) and desktop. Debian's Chromium
 * (or CHROMIUM_PATH). Each run starts cold: Lighthouse clears the origin's storage and cache.
 */
export interface LighthouseRow {
  route: string;
  path: string;
  mobile: number[];
  desktop: number[];
  accessibility: { mobile: number[]; desktop: number[] };
  /** Accessibility audits that failed in any run: id → title. */
  failing: Map<string, string>;
  /** The mobile run with the median score: its metrics and largest costs, to know what to fix. */
  mobileNotes: string;
  /** Runs Lighthouse could not score (its runtime error), left out of the medians. */
  errors: string[];
  seconds: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const score = (lhr: Lhr | undefined, category: string) => Math.round((lhr?.categories[category]?.score ?? Number.NaN) * 100);

function failingAccessibility(lhr: Lhr, into: Map<string, string>): void {
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    const items = (audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
    const where = items
      .map((item) => item.node?.selector)
      .filter(Boolean)
      .slice(0, 2)
      .join(', ');
    into.set(ref.id, `${audit.title}${where ? ` (${where})` : ''}`);
  }
}

function mobileNotes(lhr: Lhr): string {
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const mainThread = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel?: string; duration?: number }[] } | undefined)?.items ?? [];
  const top = mainThread
    .slice(0, 3)
    .map((item) => `${item.groupLabel} ${Math.round(item.duration ?? 0)} ms`)
    .join(', ');
  return `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}; main thread: ${top}`;
}

/**
 * The session as real cookies of the browser, not as an extra request header: the page's workers
 * (src/queries/run-list-job.ts) fetch with the browser's cookies, and Lighthouse's header reaches
 * only the page. Lighthouse's storage reset between runs leaves cookies alone.
 */
export async function signInChrome(port: number, origin: string, cookie: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.setCookie(
      ...cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const MAX_RETRIES = 3;

export async function measureLighthouse(options: { scale?: number; runs?: number; pages?: readonly string[] } = {}): Promise<LighthouseRow[]> {
  const runs = options.runs ?? 3;
  // While iterating: BENCH_LIGHTHOUSE_FORMS=mobile skips desktop; BENCH_LIGHTHOUSE_JSON=<dir> keeps each report (its traces' audits: bootup-time, long-tasks, network-requests…).
  const forms = (process.env.BENCH_LIGHTHOUSE_FORMS?.split(',') ?? ['mobile', 'desktop']).filter(
    (f): f is 'mobile' | 'desktop' => f === 'mobile' || f === 'desktop',
  );
  const jsonDir = process.env.BENCH_LIGHTHOUSE_JSON;
  if (jsonDir) mkdirSync(jsonDir, { recursive: true });
  const dashboard = await startDashboard({ SEED_SCALE: String(options.scale ?? 10) });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cookie = await sessionCookie(dashboard.origin);
    await signInChrome(chrome.port, dashboard.origin, cookie);
    const get = async <T>(path: string): Promise<T> => (await (await fetch(`${dashboard.origin}/api${path}`, { headers: { cookie } })).json()) as T;
    const all = await benchPages(get);
    // BENCH_LIGHTHOUSE_PAGES picks by the route table's path or by URL.
    const pages: BenchPage[] = options.pages ? all.filter((p) => options.pages!.includes(p.route) || options.pages!.includes(p.path)) : all;
    const rows: LighthouseRow[] = [];
    for (const { route, path } of pages) {
      const started = Date.now();
      const row: LighthouseRow = {
        route,
        path,
        mobile: [],
        desktop: [],
        accessibility: { mobile: [], desktop: [] },
        failing: new Map(),
        mobileNotes: '',
        errors: [],
        seconds: 0,
      };
      const mobileRuns: { score: number; notes: string }[] = [];
      // A run Lighthouse cannot score (NO_NAVSTART, now and then on this machine) is run again, up
      // to MAX_RETRIES times per page and form: each median is of `runs` scored runs.
      const failures = { mobile: 0, desktop: 0 };
      const wanted = (form: 'mobile' | 'desktop') => row[form].length < runs && failures[form] <= MAX_RETRIES;
      while (forms.some(wanted)) {
        for (const form of forms.filter(wanted)) {
          const failed = (why: string) => {
            row.errors.push(`${form}: ${why}`);
            failures[form] += 1;
          };
          let result: Awaited<ReturnType<typeof lighthouse>>;
          try {
            result = await lighthouse(
              `${dashboard.origin}${path}`,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
              form === 'desktop' ? desktopConfig : undefined,
            );
          } catch (error) {
            failed(error instanceof Error ? error.message.slice(0, 120) : String(error));
            continue;
          }
          const lhr = result?.lhr;
          if (!lhr || lhr.runtimeError || Number.isNaN(score(lhr, 'performance'))) {
            failed(lhr?.runtimeError?.code ?? 'no result');
            continue;
          }
          if (jsonDir) writeFileSync(`${jsonDir}/${path.replace(/[^A-Za-z0-9]+/g, '_')}-${form}-${row[form].length}.json`, JSON.stringify(lhr));
          row[form].push(score(lhr, 'performance'));
          row.accessibility[form].push(score(lhr, 'accessibility'));
          failingAccessibility(lhr, row.failing);
          if (form === 'mobile') mobileRuns.push({ score: score(lhr, 'performance'), notes: mobileNotes(lhr) });
        }
      }
      row.mobileNotes = mobileRuns.find((r) => r.score === median(row.mobile))?.notes ?? '';
      row.seconds = Math.round((Date.now() - started) / 1000);
      rows.push(row);
    }
    return rows;
  } finally {
    chrome.kill();
    dashboard.child.kill('SIGTERM');
  }
}

const runsOf = (values: readonly number[]) => (values.length === 0 ? 'no run scored' : `**${median(values)}** (${values.join(', ')})`);
const mark = (value: number, goal: number) => (Number.isNaN(value) ? '' : value >= goal ? ' ✓' : ' ✗');

export function formatLighthouse(rows: readonly LighthouseRow[]): string {
  const lines = [
    '| page | URL | mobile performance (goal ≥ 90) | desktop performance | accessibility mobile / desktop (goal 100) | mobile metrics (median run) | time |',
    '|---|---|---:|---:|---:|---|---:|',
    ...rows.map((r) => {
      const a11y = Math.min(median(r.accessibility.mobile), median(r.accessibility.desktop));
      return `| ${r.route} | ${r.path} | ${runsOf(r.mobile)}${mark(median(r.mobile), 90)} | ${runsOf(r.desktop)} | ${median(r.accessibility.mobile)} / ${median(r.accessibility.desktop)}${mark(a11y, 100)} | ${r.mobileNotes} | ${r.seconds} s |`;
    }),
  ];
  const failed = rows.filter((r) => r.errors.length > 0);
  if (failed.length > 0) {
    lines.push('', 'Runs Lighthouse could not score (each run again, up to three times a page and form; left out of the medians):', '');
    for (const r of failed) lines.push(`- ${r.route}: ${r.errors.join('; ')}`);
  }
  const missing = rows.filter((r) => r.failing.size > 0);
  if (missing.length > 0) {
    lines.push('', 'Accessibility audits that failed (any run, mobile or desktop):', '');
    for (const r of missing) lines.push(`- ${r.route}: ${[...r.failing].map(([id, title]) => `\`${id}\` ${title}`).join('; ')}`);
  }
  return lines.join('\n');
}
