import { expect, test, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { layoutScreenshot, SCHEMES, SCREENS, useScreen } from './layout.ts';
import { signIn } from './support.ts';

/**
 * The composer on a student's page (issues 9 and 16): it collapses back to its openers keeping the
 * draft, and a failed save loses nothing: a 400 keeps the text with the field's error and no Retry,
 * a 503 keeps it with a Retry that posts it. Every test has its own browser context (own drafts).
 */

const STUDENT = '/students/S000004';
const form = (page: Page) => page.getByRole('form', { name: 'New update' });
const details = (page: Page) => form(page).getByRole('textbox', { name: /^Details/ });
const isUpdatesList = (url: URL) => url.pathname === '/api/notations/updates/';

async function openComposer(page: Page): Promise<void> {
  await signIn(page);
  await page.goto(STUDENT);
  // The machine may be busy: the first load of a page gets time.
  await expect(page.getByTestId('timeline-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Write an update' }).click();
  await expect(details(page)).toBeVisible();
}

/** Answers the next update POST with `status` and a problem body; reads go through. */
async function failNextPost(page: Page, status: number, body: Record<string, unknown>): Promise<void> {
  await page.route(
    isUpdatesList,
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Error', status, ...body }) })
        : route.fallback(),
    { times: 1 },
  );
}

test('the composer collapses back to its opener, which says the draft is kept; opening it again brings the text back', async ({ page }) => {
  test.setTimeout(120_000); // an axe pass and eight screenshots
  await openComposer(page);
  const text = `E2E collapse ${Date.now()}: call the family on Monday.`;
  await details(page).fill(text);
  await page.getByRole('button', { name: 'Collapse' }).click();

  await expect(form(page)).toHaveCount(0);
  const opener = page.getByRole('button', { name: 'Write an update (draft kept)' });
  await expect(opener).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  const [desktop, phone] = SCREENS;
  for (const scheme of SCHEMES) {
    await useScreen(page, desktop, scheme);
    await layoutScreenshot(page, 'composer-collapsed', desktop, scheme);
  }

  await opener.click();
  await expect(details(page)).toHaveValue(text);
  for (const screen of SCREENS) {
    for (const scheme of SCHEMES) {
      // The phone's page is laid out anew (tabs): a waiting draft opens its form by itself.
      await useScreen(page, screen, scheme);
      await expect(details(page)).toHaveValue(text);
      await form(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/screenshots/layout/composer-open-${screen.name}-${scheme}.png` });
    }
  }

  // On the phone too, Collapse closes back to the opener and keeps the draft.
  await page.getByRole('button', { name: 'Collapse' }).click();
  await expect(form(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Write an update (draft kept)' })).toBeFocused();
  for (const scheme of SCHEMES) {
    await useScreen(page, phone, scheme);
    await layoutScreenshot(page, 'composer-collapsed', phone, scheme);
  }
});

test('a 400 keeps the text with the field error and no Retry; a 503 keeps it with a Retry that posts it', async ({ page }) => {
  await openComposer(page);
  const text = `E2E refused ${Date.now()}: asked about tutoring.`;
  await details(page).fill(text);

  await failNextPost(page, 400, { detail: 'The request body is not valid.', errors: [{ in: 'body', name: 'details', message: 'must not contain that word' }] });
  await page.getByRole('button', { name: 'Post update' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The update was not posted. Your text is kept.' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(details(page)).toHaveValue(text);
  await expect(details(page)).toHaveAccessibleDescription(/Must not contain that word\./);
  await expect(details(page)).toBeFocused();

  await failNextPost(page, 503, { title: 'Service Unavailable', detail: 'Try again in a minute.' });
  await page.getByRole('button', { name: 'Post update' }).click();
  const unavailable = page.getByRole('alert').filter({ hasText: 'Try again in a minute.' });
  await expect(unavailable).toBeVisible();
  await expect(details(page)).toHaveValue(text);
  await unavailable.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Update posted' })).toBeVisible({ timeout: 15_000 });
  await expect(details(page)).toHaveValue('');
  await expect(page.getByTestId('timeline-row').first()).toContainText(text, { timeout: 30_000 });
});
