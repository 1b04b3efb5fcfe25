import { expect, test, type Page } from './fixtures.ts';
import { SCHEMES, SCREENS, layoutScreenshot, useScreen } from './layout.ts';
import { signIn } from './support.ts';

/** #31 item 10 in a browser, where the clamp is measured: a long note in a few lines with "Show more", a short one whole. */

const rowsOf = (page: Page) => page.getByTestId('timeline-row');

test('a long note of the timeline shows a few lines with "Show more"; a short one has no button', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await page.goto('/students/S000003?kinds=update');
  await expect(rowsOf(page).first()).toBeVisible({ timeout: 20_000 });
  const long = Array.from({ length: 10 }, (_, i) => `Paragraph ${i + 1}: met with the student about the study plan, attendance and next steps.`).join('\n');
  await page.getByRole('button', { name: 'Write an update' }).click();
  await page
    .getByRole('form', { name: 'New update' })
    .getByRole('textbox', { name: /^Details/ })
    .fill(long);
  await page.getByRole('button', { name: 'Post update' }).click();
  const row = rowsOf(page).first();
  await expect(row).toContainText('Paragraph 1:');
  for (const screen of SCREENS) {
    for (const scheme of SCHEMES) {
      await useScreen(page, screen, scheme);
      const more = row.getByRole('button', { name: 'Show more' });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      // Clamped: the last paragraph is in the document but cut off below the fourth line.
      const text = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
      expect(await text.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await layoutScreenshot(page, 'timeline-long-note', screen, scheme);
      await row.screenshot({ path: `e2e/screenshots/layout/timeline-long-note-row-${screen.name}-${scheme}.png` });
    }
  }
  await useScreen(page, SCREENS[0], 'light');
  await row.getByRole('button', { name: 'Show more' }).click();
  await expect(row.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByText(/Paragraph 10:/)).toBeVisible();
  await row.screenshot({ path: 'e2e/screenshots/layout/timeline-long-note-row-open-desktop-light.png' });
  // A note that fits in four lines has no button, however long the page is.
  const short = rowsOf(page).filter({ hasNotText: 'Paragraph' }).first();
  await expect(short).toBeVisible();
  await expect(short.getByRole('button', { name: /^Show (more|less)$/ })).toHaveCount(0);
});
