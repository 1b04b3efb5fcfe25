import type { Browser, BrowserContext, Page } from '@playwright/test';
import { launchChromium } from './browser.ts';
import { administrator, sessionCookie, signInContext } from './sign-in.ts';
import { benchTarget, throttleContext } from './target.ts';

/**
 * What every browser journey of the bench shares: a dashboard (`npm start`'s server, seeded at a
 * scale) and a browser, signed-in contexts, typed GETs of the API with the session's cookie, and
 * the in-page clock of a filter change (the input event's own time → the frame that shows the
 * grid's new row count, measured in the page, not with Playwright round trips).
 */
export interface Journey {
  origin: string;
  browser: Browser;
  /** The `Cookie` header of a signed-in session of an administrator (every permission). */
  cookie: string;
  /** A fresh browser context (cold cache), signed in; its pages' CPU slowed by BENCH_CPU_THROTTLE. */
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** A GET of `/api<path>` with the session, parsed as JSON. */
  get<T>(path: string): Promise<T>;
}

export async function withJourney<T>(scale: number, run: (journey: Journey) => Promise<T>): Promise<T> {
  const dashboard = await benchTarget().dashboard({ SEED_SCALE: String(scale) });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const origin = dashboard.origin;
    const identifier = await administrator(origin);
    const cookie = await sessionCookie(origin, identifier);
    const journey: Journey = {
      origin,
      browser,
      cookie,
      async newContext(viewport = { width: 1440, height: 900 }) {
        const context = await browser!.newContext({ baseURL: origin, viewport });
        await signInContext(context, origin, identifier);
        return throttleContext(context);
      },
      async get<R>(path: string) {
        const response = await fetch(`${origin}/api${path}`, { headers: { cookie, accept: 'application/json' } });
        if (!response.ok) throw new Error(`GET /api${path}: ${response.status}`);
        return (await response.json()) as R;
      },
    };
    return await run(journey);
  } finally {
    await browser?.close();
    dashboard.stop();
  }
}

interface ChangeWindow {
  __change?: { start?: number; end?: number; before?: string };
}

/** Arms the page for one change: the next click or key press starts the clock, a new grid row count stops it. */
export async function armChange(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as ChangeWindow;
    const pager = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '';
    const state: NonNullable<ChangeWindow['__change']> = { before: pager() };
    w.__change = state;
    // The event's own time: when the browser received the input, before any handler ran.
    const start = (event: Event) => (state.start = event.timeStamp);
    document.addEventListener('click', start, { capture: true, once: true });
    document.addEventListener('keydown', start, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (state.start === undefined || pager() === state.before) return;
      observer.disconnect();
      // The frame that shows it: after the next animation frame's rendering.
      requestAnimationFrame(() => setTimeout(() => (state.end = performance.now())));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** The armed change's time, or NaN when the row count did not change (nothing to measure). */
export async function changeTook(page: Page, timeoutMs = 5_000): Promise<number> {
  try {
    await page.waitForFunction(() => (window as unknown as ChangeWindow).__change?.end !== undefined, undefined, { timeout: timeoutMs, polling: 20 });
  } catch {
    return Number.NaN;
  }
  return page.evaluate(() => {
    const change = (window as unknown as ChangeWindow).__change!;
    return change.end! - change.start!;
  });
}

/** One measured change: arm, act, read the clock, let deferred work (a chart) settle. */
export async function timedChange(page: Page, act: () => Promise<void>): Promise<number> {
  await armChange(page);
  await act();
  const took = await changeTook(page);
  await page.waitForTimeout(300);
  return took;
}

export const median = (values: readonly number[]): number => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
export const ms = (value: number): string => (Number.isNaN(value) ? 'not measured' : `${Math.round(value)} ms`);
/** `median (max, n)` of the measured values. */
export const spread = (values: readonly number[]): string => {
  const measured = values.filter((v) => !Number.isNaN(v));
  if (measured.length === 0) return 'not measured';
  return `${ms(median(measured))} (max ${ms(Math.max(...measured))}, n=${measured.length})`;
};
/** `✓` when `value` meets the goal, `✗` when not, nothing when it was not measured. */
export const verdict = (value: number, meets: (v: number) => boolean): string => (Number.isNaN(value) ? '' : meets(value) ? ' ✓' : ' ✗');
