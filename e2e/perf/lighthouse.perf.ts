import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startDashboard } from './browser.ts';
import { sessionCookie } from './sign-in.ts';

/**
 * Lighthouse performance, signed in, per page: mobile (Lighthouse's default: simulated slow 4G
 * and a 4× slower CPU) and desktop, median of `runs`. Debian's Chromium (or CHROMIUM_PATH).
 */
export interface LighthouseRow {
  page: string;
  mobile: number[];
  desktop: number[];
  /** The mobile run with the median score: its largest costs, to know what to fix. */
  mobileNotes: string;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function measureLighthouse(options: { scale?: number; runs?: number; pages?: readonly string[] } = {}): Promise<LighthouseRow[]> {
  const runs = options.runs ?? 3;
  const dashboard = await startDashboard({ SEED_SCALE: String(options.scale ?? 10) });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cookie = await sessionCookie(dashboard.origin);
    const pages = options.pages ?? ['/students', '/students/S000001', '/alerts'];
    const rows: LighthouseRow[] = [];
    for (const path of pages) {
      const row: LighthouseRow = { page: path, mobile: [], desktop: [], mobileNotes: '' };
      const mobileRuns: { score: number; notes: string }[] = [];
      for (let run = 0; run < runs; run += 1) {
        for (const form of ['mobile', 'desktop'] as const) {
          const result = await lighthouse(
            `${dashboard.origin}${path}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } },
            form === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          const score = Math.round((lhr?.categories.performance?.score ?? Number.NaN) * 100);
          row[form].push(score);
          if (form === 'mobile' && lhr) {
            const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
            const notes = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`;
            mobileRuns.push({ score, notes });
          }
        }
      }
      const middle = median(row.mobile);
      row.mobileNotes = mobileRuns.find((r) => r.score === middle)?.notes ?? '';
      rows.push(row);
    }
    return rows;
  } finally {
    chrome.kill();
    dashboard.child.kill('SIGTERM');
  }
}

export function formatLighthouse(rows: readonly LighthouseRow[]): string {
  return [
    '| page | mobile (median; runs) | desktop (median; runs) | mobile metrics (median run) |',
    '|---|---:|---:|---|',
    ...rows.map((r) => `| ${r.page} | ${median(r.mobile)} (${r.mobile.join(', ')}) | ${median(r.desktop)} (${r.desktop.join(', ')}) | ${r.mobileNotes} |`),
  ].join('\n');
}
