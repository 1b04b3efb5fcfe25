import type { Page } from '@playwright/test';

/**
 * Element Timing: when the browser painted the first element carrying `elementtiming="<identifier>"`
 * (its text), as the page's own clock reads it. Installed before the page loads; `paintedAt`
 * waits for that paint and answers its time.
 */
export async function watchFirstPaintOf(page: Page, identifier: string): Promise<{ paintedAt: (timeoutMs?: number) => Promise<number> }> {
  await page.addInitScript((id) => {
    const w = window as unknown as { __firstPaint?: number };
    new PerformanceObserver((list) => {
      const first = list.getEntries().find((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === id);
      if (first && w.__firstPaint === undefined) w.__firstPaint = (first as PerformanceEntry & { renderTime: number }).renderTime || first.startTime;
    }).observe({ type: 'element', buffered: true });
  }, identifier);
  return {
    paintedAt: async (timeoutMs = 30_000) => {
      await page.waitForFunction(() => (window as unknown as { __firstPaint?: number }).__firstPaint !== undefined, undefined, { timeout: timeoutMs });
      return page.evaluate(() => (window as unknown as { __firstPaint: number }).__firstPaint);
    },
  };
}
