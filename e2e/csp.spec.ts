import { expect, test, type Page } from './fixtures.ts';
import { pickOnProvider, screenshot, signIn, signInRequest } from './support.ts';

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
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
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

test('every other page of the app renders under the CSP with no violation', async ({ page }) => {
  test.setTimeout(240_000);
  const violations = await watchViolations(page);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  // The route table's pages not visited above (an administrator sees them all), and a missing one.
  for (const path of [
    '/students/S000001/network',
    '/caseloads',
    '/scores',
    '/admin/categories',
    '/admin/triggers',
    '/admin/triggers/1',
    '/admin/triggers/1/apply',
    '/no-such-page',
  ]) {
    const response = await page.goto(path);
    expect(response!.headers()['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 30_000 });
    // Lazy chunks, charts and pickers mount once the page is idle.
    await page.waitForTimeout(1_500);
    expect(await violations(), path).toEqual([]);
  }
});

/** The gateway's strict headers, as every page of this origin must carry them. */
function expectStrictHeaders(headers: Record<string, string>, where: string): void {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, where).toMatch(/script-src 'self'(;|$)/);
  expect(csp, where).toMatch(/frame-ancestors 'none'/);
  expect(csp, where).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['cache-control'], where).toBe('no-store');
}

test("the development identity provider's pages and the sign-out pages: the same strict headers, styled and scripted with no violation", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  // Without a session a page of the app goes straight to the provider's login screen.
  const login = await page.goto('/students');
  await expect(page).toHaveURL(/\/dev-idp\/interaction\//);
  expectStrictHeaders(login!.headers(), 'login screen');
  // Its stylesheet applies (a file: nothing inline) …
  await expect(page.locator('.notice')).toHaveCSS('border-left-width', '4px');
  // … and so does its script (the staff filter).
  const staff = page.getByRole('form', { name: 'Staff' }).getByRole('button');
  expect(await staff.count()).toBeGreaterThan(3);
  await page.getByLabel('Filter staff').fill('zz-nobody-zz');
  await expect(staff).toHaveCount(0);
  await page.getByLabel('Filter staff').fill('Camille');
  await expect(staff).toHaveCount(1);
  // Only the role that still lists someone keeps its heading.
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await screenshot(page, 'dev-idp-login-csp');
  expect(await violations()).toEqual([]);

  await pickOnProvider(page, 'Camille Cook');
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible(); // back where it began: /students

  // Signing out: the provider's own confirmation page (oidc-provider's), then the gateway's page.
  const confirmation = page.waitForResponse((r) => /\/dev-idp\/session\/end/.test(r.url()) && r.request().method() === 'GET' && r.status() === 200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  expectStrictHeaders((await confirmation).headers(), 'sign-out confirmation');
  const yes = page.getByRole('button', { name: 'Yes, sign out' });
  await expect(yes).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  expect(await violations()).toEqual([]);
  const signedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth/signed-out');
  await yes.click();
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  expectStrictHeaders((await signedOut).headers(), 'signed-out page');
  await expect(page.locator('main')).toHaveCSS('max-width', '760px');
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
