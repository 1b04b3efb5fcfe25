import { expect, test } from './fixtures.ts';
import { screenshot, signIn, signInRequest } from './support.ts';

const SECRETS = ['demo-secret', 'demo-subscription-key'];

// Each journey now signs in through the identity provider's screens first.
test.describe.configure({ timeout: 60_000 });

test('no credential reaches the browser, while /api answers for the signed-in person', async ({ page, context }) => {
  const traffic: string[] = [];
  const headers: string[] = [];
  page.on('request', (request) => {
    headers.push(JSON.stringify(request.headers()));
    traffic.push(`${request.method()} ${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`);
  });
  page.on('response', async (response) => {
    headers.push(JSON.stringify(response.headers()));
    const body = await response.text().catch(() => '');
    traffic.push(`${response.status()} ${response.url()} ${JSON.stringify(response.headers())} ${body}`);
  });

  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('signed-in-as')).toContainText('Cook');
  const rows = page.getByRole('grid', { name: 'Alert queue' }).locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  expect(await rows.count()).toBeGreaterThan(5);
  await screenshot(page, 'alerts-gateway-light');

  // The page's data came from /api, answered with data …
  expect(traffic.some((t) => /^200 http:\/\/127\.0\.0\.1:\d+\/api\/notations\/alerts\//.test(t))).toBe(true);
  // … and nothing the browser sent or received carries a credential.
  const all = traffic.join('\n');
  for (const secret of SECRETS) expect(all).not.toContain(secret);
  const allHeaders = headers.join('\n').toLowerCase();
  expect(allHeaders).not.toContain('ocp-apim-subscription-key');
  expect(allHeaders).not.toContain('"authorization"');
  expect(all).not.toMatch(/"access_token"\s*:/);
  // The session cookie is HttpOnly: scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('ss_session');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'ss_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
});

test('without a session /api answers 401 and a page goes straight to the identity provider', async ({ page, request }) => {
  expect((await request.get('/api/notations/alerts/')).status()).toBe(401);
  const first = await request.get('/students/S000001', { maxRedirects: 0 });
  expect(first.status()).toBe(302);
  expect(first.headers().location).toMatch(/\/dev-idp\/auth\?/);
  await page.goto('/students/S000001');
  await expect(page).toHaveURL(/\/dev-idp\/interaction\//);
  await expect(page.getByText('This is the development identity provider')).toBeVisible();
  await screenshot(page, 'sign-in-light');
});

test('signing out ends the session', async ({ page, context }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const old = (await context.cookies()).find((c) => c.name === 'ss_session')!;
  await page.getByRole('button', { name: 'Sign out' }).click();
  // RP-initiated logout at the provider, then the dashboard's own signed-out page.
  await page.getByRole('button', { name: 'Yes, sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/signed-out$/);
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  expect((await page.request.get('/api/notations/alerts/', { headers: { cookie: `ss_session=${old.value}` } })).status()).toBe(401);
});

test("the page's own chunks are named in its HTML, so they load alongside the entry script", async ({ request }) => {
  await signInRequest(request, 'E0005');
  const student = await (await request.get('/students/S000001')).text();
  expect(student).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/student-page-[\w-]+\.js">/);
  expect(student).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/layout-[\w-]+\.js">/);
  const students = await (await request.get('/students')).text();
  expect(students).toMatch(/students-page-[\w-]+\.js/);
  expect(students).not.toMatch(/student-page-[\w-]+\.js/);
});
