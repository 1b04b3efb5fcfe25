import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { screenshot, signInRequest } from './support.ts';

/**
 * #30 item 5 in the browser: an administrator reading one person's access log ends every session
 * of that person, after a dialog that says what happens; the person's next request is refused, and
 * the log lists the end.
 */
test('an administrator ends every session of a person from the access log; the person is signed out at once', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const person = await browser.newContext(baseURL ? { baseURL } : {});
  const theirs = await person.newPage();
  await signInRequest(theirs.request, 'E0002');
  expect((await theirs.request.get('/session')).status()).toBe(200);

  await signInRequest(page.request, 'E0001');
  await page.setViewportSize({ width: 1440, height: 900 });
  // Not filtered by one person: nobody's sessions to end.
  await page.goto('/admin/access-log');
  await expect(page.getByRole('heading', { name: 'Access log', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /End every session/ })).toHaveCount(0);

  await page.goto('/admin/access-log?person=E0002');
  await page.getByRole('button', { name: 'End every session of E0002' }).click();
  const dialog = page.getByRole('dialog', { name: 'End every session of E0002?' });
  await expect(dialog).toContainText('signed out of the dashboard at once, in every browser and on every instance');
  await expectNoSeriousA11yViolations(page, 'end sessions dialog');
  await screenshot(page, 'end-sessions-dialog-1440-light');
  // Cancel leaves everything as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await theirs.request.get('/session')).status()).toBe(200);

  await page.getByRole('button', { name: 'End every session of E0002' }).click();
  await dialog.getByRole('button', { name: 'End sessions' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Every session of E0002 ended' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accesses' }).getByText('Session ended: every session ended by the administrator E0001').first()).toBeVisible();

  // The person: refused at once.
  expect((await theirs.request.get('/session')).status()).toBe(401);
  expect((await theirs.request.get('/api/notations/categories/')).status()).toBe(401);
  // A page goes through sign-in again (the development provider, still remembering them, lets them straight back in).
  const documents: string[] = [];
  theirs.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await theirs.goto('/');
  await expect(theirs.getByRole('navigation').first()).toBeVisible();
  expect(documents).toContain('/auth/callback');
  await person.close();

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page, 'access log after ending sessions (dark)');
  await screenshot(page, 'end-sessions-1440-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'End every session of E0002' }).click();
  await expect(dialog).toBeVisible();
  await screenshot(page, 'end-sessions-dialog-390-dark');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'end-sessions-390-light');

  // A refusal is said in the dialog, which stays open; nothing claims success.
  await page.goto('/admin/access-log?person=not%20an%20identifier');
  await page.getByRole('button', { name: 'End every session of not an identifier' }).click();
  const refused = page.getByRole('dialog', { name: 'End every session of not an identifier?' });
  await refused.getByRole('button', { name: 'End sessions' }).click();
  await expect(refused.getByRole('alert')).toContainText('The sessions were not ended: Name the person by their identifier');
  await expect(page.getByText(/Every session of .* ended at/)).toHaveCount(0);
});
