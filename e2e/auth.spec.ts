import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from './fixtures.ts';
import { freePort, startExternalProvider, startStrictUpstream } from '../src/testing/proxy-fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { startDashboard } from './perf/browser.ts';
import { pickOnProvider, sameOrigin, screenshot, signIn } from './support.ts';

/**
 * Signing in for real: every journey goes through an OpenID provider (the development provider
 * of `npm start`, or one of the test's own in proxy mode), sessions end for real, and the gateway
 * enforces permissions by group. Seed (SEED=1, scale 1): E0005 Camille Cook is Faculty (staff
 * only), E0002 an Advisor (network editor), E0001 Staff (admin).
 */
test.describe.configure({ timeout: 120_000 });

const detailsOf = (page: Page) => page.getByRole('form', { name: 'New update' }).getByRole('textbox', { name: /^Details/ });
const timelineSummary = (page: Page) => page.getByTestId('timeline-summary');

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

test('sign in lands on the page asked for; act; sign out ends the session (the old cookie gets 401)', async ({ page, context }) => {
  await page.goto('/students/S000002?kinds=update');
  await pickOnProvider(page, 'Camille Cook');
  await expect(page).toHaveURL(/\/students\/S000002\?kinds=update$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Camille Cook');
  await expect(timelineSummary(page)).toBeVisible({ timeout: 20_000 });

  const text = `Auth journey ${Date.now()}: talked about next term.`;
  await page.getByRole('button', { name: 'Write an update' }).click();
  await detailsOf(page).fill(text);
  await page.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Update posted' })).toBeVisible();

  const old = (await context.cookies()).find((c) => c.name === 'ss_session')!;
  expect(old).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out of the development provider' })).toBeVisible();
  await screenshot(page, 'dev-idp-sign-out-light');
  await page.getByRole('button', { name: 'Yes, sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/signed-out$/);
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  const withOld = { headers: { cookie: `ss_session=${old.value}` } };
  expect((await page.request.get('/session', withOld)).status()).toBe(401);
  expect((await page.request.get('/api/notations/categories/', withOld)).status()).toBe(401);
  // And the app sends the next visit to the provider again.
  await page.goto('/students');
  await expect(page).toHaveURL(/\/dev-idp\/interaction\//);
});

const IDLE_S = 15;

test('the session ends mid-edit: back on the same page after signing in, the draft kept', async ({ page }) => {
  // The idle timeout leaves room for a slow host's page load: every request pushes it on, and a gap
  // between two requests longer than the timeout would end the session before the draft is typed.
  const dashboard = await startDashboard({ SESSION_IDLE_S: String(IDLE_S), SEED: '1', SEED_SCALE: '0.3' });
  try {
    const url = `${dashboard.origin}/students/S000002`;
    await page.goto(url);
    await pickOnProvider(page, 'E0005');
    await expect(page).toHaveURL(url);
    await expect(timelineSummary(page)).toBeVisible({ timeout: 20_000 });
    const name = await page.getByTestId('signed-in-as').textContent();
    const text = `Written while the session ran out ${Date.now()}.`;
    await page.getByRole('button', { name: 'Write an update' }).click();
    await detailsOf(page).fill(text);
    // Idle past SESSION_IDLE_S: the gateway has ended the session.
    await page.waitForTimeout(IDLE_S * 1000 + 1500);
    expect((await page.request.get(`${dashboard.origin}/session`)).status()).toBe(401);
    const toSignIn = page.waitForRequest((r) => r.url().startsWith(`${dashboard.origin}/auth/sign-in?returnTo=%2Fstudents%2FS000002`));
    await page.getByRole('button', { name: 'Post update' }).click();

    // The 401 sends the browser to sign in; the provider still knows the person, so it comes straight back.
    await toSignIn;
    await page.waitForURL(url, { timeout: 30_000 });
    if (/\/dev-idp\//.test(page.url())) await pickOnProvider(page, 'E0005');
    await expect(detailsOf(page)).toHaveValue(text, { timeout: 20_000 });
    // Said as what happened: the session had ended and the note was not posted (#31 item 6).
    await expect(
      page.getByText('Your session had ended, so this was not posted. You are signed in again and your text is restored: post it again.'),
    ).toBeVisible();
    await expect(page.getByTestId('signed-in-as')).toHaveText(name!);
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Update posted' })).toBeVisible();
  } finally {
    await stop(dashboard.child);
  }
});

test('a plain advisor may not edit categories or triggers: the session says why, and the gateway refuses (403)', async ({ page }) => {
  await signIn(page, 'E0002');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const session = (await (await page.request.get('/session')).json()) as { permissions: Record<string, boolean>; requiredGroups: { admin: string } };
  expect(session.permissions).toEqual({ editCategories: false, editTriggers: false, editNetworks: true });
  expect(session.requiredGroups.admin).toBe('success-admins');

  // Forcing it from the page (as a script could): refused at the gateway, naming the group.
  const forced = await page.evaluate(async () => {
    const put = await fetch('/api/notations/categories/1', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Renamed","isActive":true}',
    });
    const patch = await fetch('/api/notations/triggers/1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"additionalAdvice":"Forced"}',
    });
    return { put: put.status, type: put.headers.get('content-type'), detail: ((await put.json()) as { detail: string }).detail, patch: patch.status };
  });
  expect(forced).toMatchObject({ put: 403, type: 'application/problem+json', patch: 403 });
  expect(forced.detail).toContain("'success-admins'");
});

test('an admin can edit a category (E14 through the gateway: 204)', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const session = (await (await page.request.get('/session')).json()) as { permissions: Record<string, boolean> };
  expect(session.permissions).toEqual({ editCategories: true, editTriggers: true, editNetworks: true });
  const category = (await (await page.request.get('/api/notations/categories/1')).json()) as { name: string; isActive: boolean };
  const put = await page.request.put('/api/notations/categories/1', { headers: sameOrigin(page), data: { name: category.name, isActive: category.isActive } });
  expect(put.status()).toBe(204);
  // Without the page's Origin, the same write is refused as cross-site.
  expect((await page.request.put('/api/notations/categories/1', { data: { name: category.name, isActive: category.isActive } })).status()).toBe(403);
});

test('a student is refused: a clear page, and no session', async ({ page }) => {
  await page.goto('/students');
  await pickOnProvider(page, 'S000001');
  await expect(page.getByRole('heading', { name: 'Not permitted' })).toBeVisible();
  await expect(page.getByText('only for members of the group success-staff')).toBeVisible();
  await screenshot(page, 'not-permitted-light');
  expect((await page.request.get('/session')).status()).toBe(401);
});

test("the development provider's screen: accessible, light and dark, wide and narrow", async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/students');
      await expect(page.getByRole('heading', { name: 'Sign in to the advisor dashboard' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `development provider (${scheme}, ${width})`);
      await screenshot(page, `dev-idp-${scheme}-${width}`);
    }
  }
  // The filter narrows the list as one types.
  await page.getByLabel('Filter staff').fill('E0001');
  await expect(page.getByRole('form', { name: 'Staff' }).getByRole('button', { name: /E0001/ })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Staff' }).getByRole('button', { name: /E0002/ })).toBeHidden();
});

test('proxy mode (npm start with an E1–E19-only upstream and an external OpenID provider): sign-in works, pages degrade', async ({ page }) => {
  const upstream = await startStrictUpstream();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startExternalProvider({
    redirectUri: `${publicUrl}/auth/callback`,
    people: { 'ada.advisor': { name: 'Ada Advisor', groups: ['success-staff', 'success-network-editors'] } },
  });
  let child: ChildProcess | undefined;
  try {
    const dashboard = await startDashboard({
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      // Written before #30: Ada reads a student outside her network, as every staff member could then.
      ACCESS_ENFORCEMENT: 'off',
      UPSTREAM_URL: upstream.url,
      TOKEN_URL: upstream.tokenUrl,
      CLIENT_ID: upstream.credentials.clientId,
      CLIENT_SECRET: upstream.credentials.clientSecret,
      SUBSCRIPTION_KEY: upstream.credentials.subscriptionKey,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
    child = dashboard.child;
    await page.goto(`${publicUrl}/students/S000001`);
    // The provider's own screens (oidc-provider's development login, then consent).
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('ada.advisor');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').first().click();
    await page.locator('button[type="submit"]').first().click();
    await expect(page).toHaveURL(`${publicUrl}/students/S000001`);
    await expect(page.getByTestId('signed-in-as')).toHaveText('Ada Advisor');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(timelineSummary(page)).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'proxy-mode-student-light');
    expect(upstream.refused.length).toBeGreaterThan(0);
    const session = (await (await page.request.get(`${publicUrl}/session`)).json()) as Record<string, unknown>;
    expect(session).toMatchObject({ identifier: 'ada.advisor', name: 'Ada Advisor' });
    expect(session.person).toBeUndefined();
  } finally {
    if (child) await stop(child);
    await provider.close();
    await upstream.close();
  }
});
