import type { BrowserContext, Page } from '@playwright/test';
import { launchChromium, startDashboard } from './browser.ts';

/**
 * Issue 11's measurements at SEED_SCALE=10: the largest cohort (≥ 3,000 respondents) opened cold.
 *
 * - painted: from navigation start until every factor's histogram is in the page and the next
 *   frame has been drawn, with the results extension and through the fallback (the extensions
 *   answering 404, E18 per respondent six at a time) — each in a fresh browser context;
 * - bytes: the transfer size of every response of that visit (resource timing, compressed);
 * - roster filter change: from a click on a band (the `click` event's time) to the frame that
 *   shows the grid's new row count, measured in the page.
 */
export interface ScoresPerf {
  administrationId: number;
  title: string;
  respondents: number;
  factors: number;
  extension: Visit[];
  fallback: Visit[];
  filterChangesMs: number[];
}

interface Visit {
  paintedMs: number;
  bytes: number;
  requests: number;
}

interface PerfWindow {
  __cohort?: { painted?: number };
  __change?: { start?: number; end?: number; before?: string };
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

/** A real upstream without the two extensions: both answer 404 (in the page, so no proxy delay). */
function withoutExtensions() {
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    const missing = (/\/results$/.test(url.pathname) && url.searchParams.has('expand')) || (/\/people\/?$/.test(url.pathname) && url.searchParams.has('identifiers'));
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

async function visit(context: BrowserContext, path: string, factors: number, fallback: boolean): Promise<{ page: Page; visit: Visit }> {
  const page = await context.newPage();
  if (fallback) await page.addInitScript(withoutExtensions);
  await page.addInitScript(watchHistograms, factors);
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as PerfWindow).__cohort?.painted !== undefined, undefined, { timeout: 120_000, polling: 50 });
  const result = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      paintedMs: (window as unknown as PerfWindow).__cohort!.painted!,
      bytes: entries.reduce((sum, e) => sum + e.transferSize, navigation?.transferSize ?? 0),
      requests: entries.length + 1,
    };
  });
  return { page, visit: result };
}

async function armChange(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as PerfWindow;
    const pager = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '';
    const state: NonNullable<PerfWindow['__change']> = { before: pager() };
    w.__change = state;
    document.addEventListener('click', (event) => (state.start = event.timeStamp), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (state.start === undefined || pager() === state.before) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (state.end = performance.now())));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function changeTook(page: Page): Promise<number> {
  try {
    await page.waitForFunction(() => (window as unknown as PerfWindow).__change?.end !== undefined, undefined, { timeout: 5_000 });
  } catch {
    return Number.NaN;
  }
  return page.evaluate(() => {
    const change = (window as unknown as PerfWindow).__change!;
    return change.end! - change.start!;
  });
}

export async function measureScores(options: { scale?: number; runs?: number } = {}): Promise<ScoresPerf> {
  const scale = options.scale ?? 10;
  const runs = options.runs ?? 3;
  const dashboard = await startDashboard({ SEED_SCALE: String(scale) });
  const browser = await launchChromium();
  try {
    const newContext = async () => {
      const context = await browser.newContext({ baseURL: dashboard.origin, viewport: { width: 1440, height: 900 } });
      await context.request.post('/session', { data: { identifier: 'E0001' } });
      return context;
    };
    // The largest cohort, by the results list's totals; its factor count from its first respondent.
    const setup = await newContext();
    const get = async <T>(path: string) => (await (await setup.request.get(`/api${path}`)).json()) as T;
    const list = await get<{ values: { id: number; title: string }[] }>('/noncognitives/administrations/?pageSize=1000');
    let best = { id: 0, title: '', respondents: -1 };
    for (const a of list.values) {
      const { totalValues } = await get<{ totalValues: number }>(`/noncognitives/administrations/${a.id}/results?pageSize=1`);
      if (totalValues > best.respondents) best = { id: a.id, title: a.title, respondents: totalValues };
    }
    const first = await get<{ values: { href: string }[] }>(`/noncognitives/administrations/${best.id}/results?pageSize=1`);
    const scores = await get<{ values: unknown[] }>(new URL(first.values[0]!.href).pathname.replace(/^\/api/, ''));
    const factors = scores.values.length;
    await setup.close();

    const path = `/scores/${best.id}`;
    const extension: Visit[] = [];
    const fallback: Visit[] = [];
    let filterChangesMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await newContext();
      const { page, visit: v } = await visit(context, path, factors, false);
      extension.push(v);
      if (run === 0) {
        // Band clicks as a person makes them: each changes the roster's rows.
        await page.getByRole('grid', { name: 'Respondents' }).waitFor({ timeout: 30_000 });
        await page.waitForTimeout(500);
        const bands = page.locator('[data-testid^="band-"]');
        const count = Math.min(await bands.count(), 9);
        filterChangesMs = [];
        for (let i = 0; i < count; i++) {
          await armChange(page);
          await bands.nth(i).click();
          filterChangesMs.push(await changeTook(page));
          await page.waitForTimeout(300);
        }
      }
      await context.close();
    }
    for (let run = 0; run < Math.max(1, runs - 1); run++) {
      const context = await newContext();
      fallback.push((await visit(context, path, factors, true)).visit);
      await context.close();
    }
    return { administrationId: best.id, title: best.title, respondents: best.respondents, factors, extension, fallback, filterChangesMs };
  } finally {
    await browser.close();
    dashboard.child.kill('SIGTERM');
  }
}

const median = (values: readonly number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const spread = (values: readonly number[]) => {
  const measured = values.filter((v) => !Number.isNaN(v));
  return `${ms(median(measured))} (max ${ms(Math.max(...measured))}, n=${measured.length})`;
};

export function formatScores(r: ScoresPerf): string {
  return [
    '| measurement | value | target |',
    '|---|---:|---|',
    `| largest cohort: ${r.title} (administration ${r.administrationId}) | ${r.respondents.toLocaleString('en-US')} respondents × ${r.factors} factors | ≥ 3,000 |`,
    `| cold, every histogram painted, with the results extension (median of ${r.extension.length}) | ${spread(r.extension.map((v) => v.paintedMs))} | ≤ 1,000 ms |`,
    `| cold, every histogram painted, through the fallback (E18 × ${r.respondents.toLocaleString('en-US')}, 6 at a time; median of ${r.fallback.length}) | ${spread(r.fallback.map((v) => v.paintedMs))} | ≤ 10,000 ms |`,
    `| roster filter change: a band's click → grid's new row count painted (median) | ${spread(r.filterChangesMs)} | ≤ 100 ms |`,
    `| bytes transferred, with the extension (whole visit, compressed) | ${kib(median(r.extension.map((v) => v.bytes)))} in ${median(r.extension.map((v) => v.requests))} requests | — |`,
    `| bytes transferred, through the fallback | ${kib(median(r.fallback.map((v) => v.bytes)))} in ${median(r.fallback.map((v) => v.requests))} requests | — |`,
  ].join('\n');
}
