import type { BrowserContext, Page } from '@playwright/test';
import { signInThroughProvider } from '../../src/testing/sign-in.ts';
import { startDashboard } from './browser.ts';

/**
 * Which dashboard the browser journeys measure. By default each journey starts the working tree's
 * `npm start` server and signs in through its development OpenID provider; the A/B bench
 * (bench/ab-run.ts) points the journeys at one of two servers it keeps running instead, the
 * baseline's or the working tree's, each with its own way of signing in.
 */
export interface BenchTarget {
  /** The dashboard for one journey, seeded as `env` says: started for it, or lent (then `stop` leaves it running). */
  dashboard(env: Record<string, string>): Promise<{ origin: string; stop(): void }>;
  /** The `Cookie` header of a signed-in session of `identifier` on `origin`. */
  signIn(origin: string, identifier: string): Promise<string>;
}

export async function openIdSignIn(origin: string, identifier: string): Promise<string> {
  const { cookie } = await signInThroughProvider(origin, identifier);
  return cookie;
}

/**
 * The journeys predate who-may-read-what (#30) and run their servers with the rules off, as the
 * Playwright fixtures do: with them on, audiences hide alerts from a page of E7 whose
 * `totalValues` still counts them, and the triage would never show the range's total.
 */
export const JOURNEY_ENV = { ACCESS_ENFORCEMENT: 'off' } as const;

const WORKING_TREE: BenchTarget = {
  async dashboard(env) {
    const { origin, child } = await startDashboard({ ...JOURNEY_ENV, ...env });
    return { origin, stop: () => void child.kill('SIGTERM') };
  },
  signIn: openIdSignIn,
};

let current = WORKING_TREE;

export const benchTarget = (): BenchTarget => current;

/** Until `restore` is called, journeys measure `target`. */
export function useBenchTarget(target: BenchTarget): { restore(): void } {
  const previous = current;
  current = target;
  return { restore: () => void (current = previous) };
}

/**
 * BENCH_CPU_THROTTLE: how many times slower Chromium's CPU runs for the browser figures (1: not
 * throttled), so a fast machine shows what a slow laptop spends on script, parsing and layout.
 */
export function cpuThrottle(): number {
  const raw = process.env.BENCH_CPU_THROTTLE;
  if (raw === undefined || raw === '') return 1;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`BENCH_CPU_THROTTLE must be a number ≥ 1 (got ${raw})`);
  return rate;
}

/**
 * Slows the page's CPU (`Emulation.setCPUThrottlingRate`) through a DevTools session of its own
 * that stays open for the page's life (the emulation ends with the session) and survives its
 * navigations. Chromium throttles pages only: a worker answers "Operation is only supported for
 * pages, not workers", so what a page does in a worker (the triage's list worker) runs unslowed.
 */
export async function throttlePage(page: Page, rate = cpuThrottle()): Promise<void> {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Every page the context opens is throttled before anything loads in it. */
export function throttleContext(context: BrowserContext, rate = cpuThrottle()): BrowserContext {
  if (rate === 1) return context;
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await throttlePage(page, rate);
    return page;
  };
  return context;
}
