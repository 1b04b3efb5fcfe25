import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { sameOrigin, screenshot, signIn, signInRequest } from './support.ts';

/**
 * #32 items 5, 6 and 7 in the browser, through the development OpenID provider: opt in on
 * /settings; an alert the person raised, claimed ("I'm on it") and lowered by someone else shows
 * up in "Raised by me" with its outcome, and its e-mail in the outbox (no mail server here).
 */
test.use({ serverEnv: { NOTIFY_POLL_S: '1' } });

const STUDENT = 'S000140';

test('settings, a claim in the drawer, triage and the student page, raised by me, and the outbox', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Camille Cook', '/settings');
  const me = ((await (await page.request.get('/session')).json()) as { identifier: string; name?: string }).identifier;
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Outbox (not sent: no mail server configured)' })).toBeVisible();
  await page.getByLabel(/E-mail me when an alert I raised is lowered/).check();
  await page.getByRole('radio', { name: 'Daily' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  expect(await (await page.request.get('/me/notifications')).json()).toMatchObject({ alertLowered: true, digest: 'daily' });

  // An alert Camille raises; she says she is on it, in the drawer.
  const raised = await page.request.post('/api/notations/alerts/', {
    headers: sameOrigin(page),
    data: {
      audienceType: 'All',
      canStudentView: false,
      createdBy: { identifier: me },
      details: 'Missed three labs in a row (e2e).',
      student: { identifier: STUDENT },
    },
  });
  expect(raised.status()).toBe(201);
  const alert = ((await raised.json()) as { href: string }).href.split('/').at(-1)!;
  await page.goto(`/alerts?alert=${alert}`);
  await page.getByRole('button', { name: "I'm on it" }).click();
  await expect(page.getByTestId('claim-control').getByTestId('claim-chip')).toContainText('On it:');
  await expect(page.getByTestId('triage-claim').first()).toContainText('On it:');
  await screenshot(page, 'claims-drawer-1440-light');
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/students/${STUDENT}`);
  await expect(page.getByTestId('claim-chip').first()).toContainText('On it:');

  // Someone else lowers it, with a comment: the claim goes, and Camille's e-mail is kept in her outbox.
  const other = await browser.newContext(baseURL ? { baseURL } : {});
  await signInRequest(other.request, 'E0002');
  const lowered = await other.request.post(`/api/notations/alerts/${alert}/comments`, {
    headers: { origin: new URL(page.url()).origin },
    data: { createdBy: { identifier: 'E0002' }, details: 'Met her; the labs are rescheduled (e2e).', usedToLowerAlert: true },
  });
  expect(lowered.status()).toBe(201);
  await other.close();

  await page.goto('/alerts?raisedBy=me');
  const raisedPanel = page.getByRole('region', { name: 'Raised by me' });
  await expect(raisedPanel).toBeVisible();
  await expect(raisedPanel.getByTestId('raised-row').filter({ hasText: 'labs are rescheduled (e2e)' })).toHaveCount(1);
  await screenshot(page, 'raised-by-me-1440-light');
  // Clearing the filters (the creator among them) ends "raised by me": the link says so, the panel goes.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/raisedBy=/);
  await expect(raisedPanel).toBeHidden();

  await page.goto('/settings');
  await expect(page.getByText(/Your alert about .*S000140.* was lowered/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/labs are rescheduled \(e2e\)/)).toBeVisible();
  await screenshot(page, 'settings-1440-light');
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Outbox (not sent: no mail server configured)' })).toBeVisible();
  await screenshot(page, 'settings-390-dark');
  await expectNoSeriousA11yViolations(page);
});
