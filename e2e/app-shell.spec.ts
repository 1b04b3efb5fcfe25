import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures.ts';
import { ROUTES } from '../src/app/route-table.ts';
import { benchPages } from './perf/pages.ts';
import { screenshot, signIn, signInRequest } from './support.ts';

/**
 * #14.5: the gateway's HTML paints the signed-in shell — app bar, navigation, the page's h1 from
 * the route table (or, where it is data, as the server read it) — before any JavaScript runs, styled under the response's CSP nonce; the app
 * takes over in one frame, the heading where it was.
 */
test('the served HTML carries the shell with each page’s h1, and its stylesheet carries the CSP nonce', async ({ request }) => {
  await signInRequest(request, 'E0001');
  for (const route of ROUTES.filter((r) => !r.public)) {
    const url = route.path.replace(/:[A-Za-z]+/g, '1');
    const response = await request.get(url, { headers: { accept: 'text/html' } });
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce, url).toBeTruthy();
    expect(html, url).toContain(`<style id="app-shell-style" nonce="${nonce}">`);
    // A heading that is data (a cohort's title) is read by the server as the visitor (src/gateway/app-serving/data-headings.ts).
    const heading =
      route.headingFrom === 'administration'
        ? ((await (await request.get('/api/noncognitives/administrations/1')).json()) as { title: string }).title
        : (route.heading ?? route.title);
    expect(html, url).toMatch(
      new RegExp(`<div id="app-shell"[^>]*>[\\s\\S]*<h1[^>]*>${heading.replace(/&/g, '&amp;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`),
    );
    // No inline script: the CSP's script-src stays 'self'.
    expect(html, url).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  }
});

/** Where an h1 is and how its lines are set (its text is data on some pages: a name, a title, which may wrap). */
const headingOf = (el: Element) => {
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  return { x: box.x, y: box.y, height: box.height, text: el.textContent ?? '', fontSize: style.fontSize, lineHeight: style.lineHeight };
};

/** Where a paragraph is and how it is set. */
const paragraphOf = (el: Element) => {
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  return {
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    text: el.textContent ?? '',
    font: `${style.fontSize}/${style.lineHeight} ${style.fontWeight}`,
    color: style.color,
  };
};

async function shellBoxes(
  browser: Browser,
  baseURL: string,
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>,
  path: string,
  size: { width: number; height: number },
  colorScheme: 'light' | 'dark',
) {
  const context = await browser.newContext({ baseURL, viewport: size, colorScheme, javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(path);
  const h1 = await page.locator('#app-shell h1').evaluate(headingOf);
  const intro = (await page.locator('#app-shell .ss-intro').count()) ? await page.locator('#app-shell .ss-intro').evaluate(paragraphOf) : undefined;
  const bar = await page
    .locator('#app-shell header')
    .evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, height: el.getBoundingClientRect().height }));
  await screenshot(page, `app-shell-no-js-${path.slice(1).replace(/\//g, '-')}-${size.width}-${colorScheme}`);
  await context.close();
  return { h1, bar, intro, refused };
}

/** Every signed-in page of the route table, its parameters filled from the seeded backend (as the bench opens them). */
let urls: Promise<Map<string, string>> | undefined;
function urlOf(page: Page, route: string): Promise<string> {
  urls ??= benchPages(async <T>(path: string) => {
    const response = await page.request.get(`/api${path}`);
    if (!response.ok()) throw new Error(`GET /api${path}: ${response.status()}`);
    return (await response.json()) as T;
  }).then((pages) => new Map(pages.map((p) => [p.route, p.path])));
  return urls.then((map) => map.get(route)!);
}

/**
 * Pages whose own content still moves after the swap, for reasons of their own (not the shell's):
 * their layout shift is reported, and checked only up to the swap. Empty this as they are fixed.
 */
const OWN_SHIFTS: Record<string, string> = {
  '/scores/:administrationId': 'at times the cohort’s content moves 168 px down under the header as it loads, on a phone: src/features/scores',
};

const SCREENS = [
  [390, 844],
  [1440, 900],
] as const;

for (const route of ROUTES.filter((r) => !r.public)) {
  test(`${route.path}: before JavaScript the shell is styled under the CSP, its h1 exactly where the app puts it; the app replaces it without a layout shift`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Eight page loads (two screens, two schemes, with and without JavaScript) on a busy machine.
    test.setTimeout(300_000);
    await signIn(page);
    const cookies = await page.context().cookies();
    const path = await urlOf(page, route.path);
    // When the app removed the served shell (the swap), to tell its frame from the page's own later shifts.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.readyState !== 'loading' && !document.getElementById('app-shell')) {
          observer.disconnect();
          // The frame that draws the swap has been rendered by the second animation frame after it.
          requestAnimationFrame(() => requestAnimationFrame(() => ((window as { swapDrawnBy?: number }).swapDrawnBy = performance.now())));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [width, height] of SCREENS) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme });
        const before = await shellBoxes(browser, baseURL!, cookies, path, { width, height }, colorScheme);
        expect(before.refused, path).toEqual([]);
        expect(before.bar.height, path).toBe(width < 600 ? 56 : 64);
        expect(before.bar.background, path).toBe(colorScheme === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(31, 95, 168)');
        await page.goto(path);
        const h1 = page.locator('main h1');
        await expect(h1).toBeVisible();
        await expect(page.locator('#app-shell')).toHaveCount(0);
        const after = await h1.evaluate(headingOf);
        const shell = before.h1;
        const where = `${path} ${width}×${height} ${colorScheme}`;
        expect(Math.abs(after.x - shell.x), `${where}: h1 x (shell ${shell.x}, app ${after.x})`).toBeLessThanOrEqual(1);
        expect(Math.abs(after.y - shell.y), `${where}: h1 y (shell ${shell.y}, app ${after.y})`).toBeLessThanOrEqual(1);
        expect(after.fontSize, `${where}: h1 font size`).toBe(shell.fontSize);
        expect(after.lineHeight, `${where}: h1 line height`).toBe(shell.lineHeight);
        // Where the app's heading says what the shell's does, it is the same box (a name or a title from the data may wrap to more lines).
        if (after.text === shell.text)
          expect(Math.abs(after.height - shell.height), `${where}: h1 height (shell ${shell.height}, app ${after.height})`).toBeLessThanOrEqual(1);
        // A fixed opening sentence the shell painted is the page's own, in the same place and type.
        if (route.intro) {
          const appIntro = await page.locator('main').getByText(route.intro.text, { exact: true }).evaluate(paragraphOf);
          const shellIntro = before.intro!;
          expect(shellIntro.text, `${where}: the shell's intro`).toBe(route.intro.text);
          expect(appIntro.text, `${where}: the page's intro`).toBe(shellIntro.text);
          for (const key of ['x', 'y', 'width', 'height'] as const)
            expect(Math.abs(appIntro[key] - shellIntro[key]), `${where}: intro ${key} (shell ${shellIntro[key]}, app ${appIntro[key]})`).toBeLessThanOrEqual(1);
          expect(appIntro.font, `${where}: intro type`).toBe(shellIntro.font);
          expect(appIntro.color, `${where}: intro colour`).toBe(shellIntro.color);
        }
        // Layout shifts so far (the swap included), as the browser scores them for CLS; what moved, to say so on failure.
        const shift = await page.evaluate(
          () =>
            new Promise<{ sum: number; atSwap: number; moved: string[] }>((resolve) => {
              let sum = 0;
              // The shift of the frames up to and including the swap's own.
              let atSwap = 0;
              const swapDrawnBy = (window as { swapDrawnBy?: number }).swapDrawnBy ?? Number.POSITIVE_INFINITY;
              const moved: string[] = [];
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & {
                  value: number;
                  hadRecentInput: boolean;
                  sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
                })[]) {
                  if (entry.hadRecentInput) continue;
                  sum += entry.value;
                  if (entry.startTime <= swapDrawnBy) atSwap += entry.value;
                  for (const source of entry.sources ?? []) {
                    const node =
                      source.node instanceof Element
                        ? `${source.node.tagName.toLowerCase()}.${[...source.node.classList].slice(0, 2).join('.')} “${(source.node.textContent ?? '').slice(0, 40)}”`
                        : String(source.node?.nodeName);
                    moved.push(
                      `${entry.value.toFixed(3)} ${node} y ${source.previousRect.y}→${source.currentRect.y} h ${source.previousRect.height}→${source.currentRect.height}`,
                    );
                  }
                }
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve({ sum, atSwap, moved }), 300);
            }),
        );
        await screenshot(page, `app-shell-app-${path.slice(1).replace(/\//g, '-')}-${width}-${colorScheme}`);
        const known = OWN_SHIFTS[route.path];
        if (known) test.info().annotations.push({ type: 'own layout shift', description: `${where}: ${shift.sum.toFixed(3)} (${known})` });
        expect(known ? shift.atSwap : shift.sum, `${where}: layout shift (${shift.moved.join('; ')})`).toBeLessThan(0.05);
      }
    }
  });
}
