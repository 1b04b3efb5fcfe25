import { expect, test, type Browser, type BrowserContext } from './fixtures.ts';
import { ROUTES } from '../src/app/route-table.ts';
import { screenshot, signIn, signInRequest } from './support.ts';

/**
 * #14.5: the gateway's HTML paints the signed-in shell — app bar, navigation, the page's h1 from
 * the route table — before any JavaScript runs, styled under the response's CSP nonce; the app
 * takes over in one frame, the heading where it was.
 */
const PAGES = ['/students', '/alerts', '/caseloads', '/admin/journal'];

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
    expect(html, url).toMatch(new RegExp(`<div id="app-shell"[^>]*>[\\s\\S]*<h1[^>]*>${route.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    // No inline script: the CSP's script-src stays 'self'.
    expect(html, url).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  }
});

async function shellBoxes(browser: Browser, baseURL: string, cookies: Awaited<ReturnType<BrowserContext['cookies']>>, path: string, size: { width: number; height: number }, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL, viewport: size, colorScheme, javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(path);
  const h1 = await page.locator('#app-shell h1').boundingBox();
  const bar = await page.locator('#app-shell header').evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, height: el.getBoundingClientRect().height }));
  await screenshot(page, `app-shell-no-js-${path.slice(1).replace(/\//g, '-')}-${size.width}-${colorScheme}`);
  await context.close();
  return { h1, bar, refused };
}

test('before JavaScript the shell is styled under the CSP, its h1 exactly where the app puts it; the app replaces it without a layout shift', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const cookies = await page.context().cookies();
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      for (const path of PAGES) {
        const before = await shellBoxes(browser, baseURL!, cookies, path, { width, height }, colorScheme);
        expect(before.refused, path).toEqual([]);
        expect(before.bar.height, path).toBe(width < 600 ? 56 : 64);
        expect(before.bar.background, path).toBe(colorScheme === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(31, 95, 168)');
        await page.goto(path);
        const h1 = page.locator('main h1');
        await expect(h1).toBeVisible();
        await expect(page.locator('#app-shell')).toHaveCount(0);
        const after = await h1.boundingBox();
        expect(Math.abs(after!.x - before.h1!.x), `${path} ${width} h1 x`).toBeLessThanOrEqual(1);
        expect(Math.abs(after!.y - before.h1!.y), `${path} ${width} h1 y`).toBeLessThanOrEqual(1);
        expect(Math.abs(after!.height - before.h1!.height), `${path} ${width} h1 height`).toBeLessThanOrEqual(1);
        // Layout shifts so far (the swap included), as the browser scores them for CLS.
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let sum = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) sum += entry.value;
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(sum), 300);
            }),
        );
        expect(shift, `${path} ${width} ${colorScheme} layout shift`).toBeLessThan(0.05);
      }
    }
  }
});
