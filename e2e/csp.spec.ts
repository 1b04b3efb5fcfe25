import { expect, test, type Page } from '@playwright/test';
import { signIn, signInRequest } from './support.ts';

/**
 * #15.3: the app works under the gateway's strict Content-Security-Policy — no inline script, MUI's
 * styles admitted by the response's nonce — and the browser reports no violation on any page.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|load|execute)/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

test('students, a student, alerts and the journal render under the CSP with no violation', async ({ page }) => {
  // Four pages on a shared two-core machine.
  test.setTimeout(150_000);
  const violations = await watchViolations(page);
  await signIn(page);
  const response = await page.goto('/students');
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).not.toMatch(/unsafe-inline/);
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  // Styled by emotion under the nonce: MUI's button styles are applied (not the browser's defaults).
  const styled = await page.evaluate(() => [...document.querySelectorAll('style[data-emotion]')].every((s) => (s as HTMLStyleElement).nonce !== ''));
  expect(styled).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  expect(await violations()).toEqual([]);

  await page.goto('/students/S000001');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(await violations()).toEqual([]);

  await page.goto('/alerts');
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Alert queue' }).locator('[role="row"][data-id]').first()).toBeVisible({ timeout: 45_000 });
  await page.waitForTimeout(1_500);
  // The date pickers load when the page is idle; give them a moment to mount.
  await page.waitForTimeout(1_000);
  expect(await violations()).toEqual([]);

  await page.goto('/admin/journal');
  await expect(page.getByRole('heading', { name: 'Change journal', level: 1 })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(await violations()).toEqual([]);
});

test('the framing, caching and file rules hold on the built app', async ({ request }) => {
  await signInRequest(request, 'E0001');
  const page = await request.get('/students');
  expect(page.headers()['cache-control']).toBe('private, no-cache');
  expect(page.headers()['x-frame-options']).toBe('DENY');
  expect((await request.get('/api/notations/alerts/')).headers()['cache-control']).toBe('no-store');
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(404);
  expect(favicon.headers()['content-type']).not.toMatch(/html/);
  expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
  const html = await page.text();
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  expect((await request.get(`${entry}.map`)).status()).toBe(404);
  const missing = await request.get('/assets/not-there-1234.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).not.toMatch(/immutable|max-age=31536000/);
  const health = await request.get('/healthz');
  expect(await health.json()).toMatchObject({ status: 'ok' });
});
