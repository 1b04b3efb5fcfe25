import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The two screens every page is checked on (issue 16): a desk and a phone. */
export const SCREENS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Screen = (typeof SCREENS)[number];

export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** Sets the viewport and the colour scheme the app follows (`prefers-color-scheme`). */
export async function useScreen(page: Page, screen: Screen, scheme: Scheme = 'light'): Promise<void> {
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.emulateMedia({ colorScheme: scheme });
}

/**
 * The document does not scroll sideways, and no visible element reaches past the viewport's edges
 * unless an ancestor clips it (a grid's own scroller, a carousel): what a thumb would have to pan to.
 * Names up to five offenders.
 */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const doc = { scrollWidth: document.documentElement.scrollWidth, width };
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    const clippedByAncestor = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible') {
          const r = a.getBoundingClientRect();
          if (r.left >= -1 && r.right <= width + 1) return true;
        }
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || (style.position === 'fixed' && style.opacity === '0')) continue;
      // Visually hidden helpers (MUI's, the skip link before focus) are clipped to nothing.
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') continue;
      if ((rect.right > width + 1 || rect.left < -1) && !clippedByAncestor(el)) {
        offenders.push(`${describe(el)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
        if (offenders.length >= 5) break;
      }
    }
    return { doc, offenders };
  });
  expect(found.doc.scrollWidth, `${label}: the document scrolls sideways (${found.doc.scrollWidth} px in ${found.doc.width} px)`).toBeLessThanOrEqual(
    found.doc.width,
  );
  expect(found.offenders, `${label}: elements wider than the ${found.doc.width} px viewport`).toEqual([]);
}

/** `primary` (the page's work: the queue's first rows, the timeline's first items…) starts above the fold, with the page scrolled to the top. */
export async function expectAboveFold(page: Page, primary: Locator, label: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(primary, `${label}: primary content`).toBeVisible({ timeout: 30_000 });
  const height = page.viewportSize()?.height ?? 0;
  // Polled: a panel's placeholder may give way to the panel between two reads, and a swapped-out
  // element has no box for that instant. What the user sees once it settles is what counts.
  await expect
    .poll(async () => (await primary.boundingBox())?.y ?? Number.POSITIVE_INFINITY, {
      message: `${label}: primary content starts below the ${height} px fold (or has no box)`,
      timeout: 10_000,
    })
    .toBeLessThan(height - 24);
}

/** `over` (a drawer, a dialog beside the grid) does not cover any part of `under` (the grid's pinned columns…). */
export async function expectNoOverlap(over: Locator, under: Locator, label: string): Promise<void> {
  const a = await over.boundingBox();
  const b = await under.boundingBox();
  expect(a && b, `${label}: both have boxes`).toBeTruthy();
  const overlapX = Math.min(a!.x + a!.width, b!.x + b!.width) - Math.max(a!.x, b!.x);
  const overlapY = Math.min(a!.y + a!.height, b!.y + b!.height) - Math.max(a!.y, b!.y);
  expect(overlapX > 1 && overlapY > 1, `${label}: overlaps by ${Math.round(overlapX)}×${Math.round(overlapY)} px`).toBe(false);
}

/** A screenshot of the viewport (what a person sees first) and of the whole page, for a person to look at (git ignores e2e/screenshots). */
export async function layoutScreenshot(page: Page, name: string, screen: Screen, scheme: Scheme): Promise<void> {
  mkdirSync('e2e/screenshots/layout', { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/screenshots/layout/${name}-${screen.name}-${scheme}.png` });
  await page.screenshot({ path: `e2e/screenshots/layout/${name}-${screen.name}-${scheme}-full.png`, fullPage: true });
}

/**
 * The whole layout check of one page on one screen (issue 16): primary content above the fold, no
 * sideways overflow; then a screenshot in each scheme. `open` navigates to the page and waits for it.
 */
export async function checkLayout(page: Page, name: string, screen: Screen, primary: () => Locator, open: () => Promise<void>): Promise<void> {
  for (const scheme of SCHEMES) {
    await useScreen(page, screen, scheme);
    await open();
    const label = `${name} at ${screen.width}×${screen.height} (${scheme})`;
    await expectAboveFold(page, primary(), label);
    await expectNoHorizontalOverflow(page, label);
    await layoutScreenshot(page, name, screen, scheme);
  }
}

export interface Envelope<T> {
  totalValues: number;
  values: T[];
}

/** A GET of `/api<path>` with the page's session, which must succeed. */
export async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** A small cohort of the seed (quick to load) and one of its respondents. */
export async function smallCohort(page: Page): Promise<{ id: number; person: string }> {
  const list = await api<Envelope<{ id: number }>>(page, '/noncognitives/administrations/?pageSize=1000');
  for (const a of list.values) {
    const results = await api<Envelope<{ href: string }>>(page, `/noncognitives/administrations/${a.id}/results?pageSize=1`);
    if (results.totalValues > 0 && results.totalValues < 200) return { id: a.id, person: decodeURIComponent(results.values[0]!.href.split('/').at(-2)!) };
  }
  throw new Error('no small cohort in the seed');
}
