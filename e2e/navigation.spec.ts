import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

// Whole pages load from cold here (full navigations): allow for a busy machine.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

/**
 * One house for every page (issue 9): each page has its own document title from the route table,
 * focus lands on the page's h1 after each navigation, "Skip to content" is the first tab stop,
 * and an old `/alerts?category=…` link still opens, rewritten to `categories=…`.
 */

test('every page has its own title, and focus lands on its h1 after navigation', async ({ page }) => {
  await signIn(page);
  // `/` is "My students" (#32), first in the navigation.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('My students · Student Success');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toHaveText('My students');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).first().click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page).toHaveTitle('Alerts · Student Success');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused(slow);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students', exact: true }).first().click();
  await expect(page).toHaveTitle('Students · Student Success');
  await expect(page.getByRole('heading', { name: 'Students', exact: true, level: 1 })).toBeFocused();

  await page.goto('/students/S000001');
  await expect(page).toHaveTitle('Student · Student Success', slow);
  await page.goto('/nowhere');
  await expect(page).toHaveTitle('Page not found · Student Success', slow);
});

test('"Skip to content" is the first tab stop and moves focus to the page', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(slow);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/\/alerts$/);
});

test('an old /alerts?category= link opens and is rewritten as categories=', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await page.goto('/alerts?category=3&category=1');
  await expect(page).toHaveURL(/\/alerts\?categories=1%2C3$/, slow);
});
