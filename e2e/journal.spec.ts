import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { sameOrigin, screenshot, signInRequest } from './support.ts';

/**
 * #15.5 in the browser: an administrator finds who renamed a category, applied a trigger and
 * replaced a network, with the before and after, at /admin/journal (the address the category,
 * trigger and network pages link to, filtered by target).
 */
test('the journal shows a category rename, a trigger application and a network replacement with before and after', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signInRequest(page.request, 'E0001');
  await page.goto('/');
  const origin = sameOrigin(page);
  const category = (await (await page.request.get('/api/notations/categories/4')).json()) as { name: string; isActive: boolean };
  const renamed = `${category.name} (renamed)`;
  expect((await page.request.put('/api/notations/categories/4', { headers: origin, data: { name: renamed, isActive: category.isActive } })).status()).toBe(204);
  expect((await page.request.patch('/api/notations/triggers/2', { headers: origin, data: { studentIdentifiers: ['S000010', 'S000011'] } })).status()).toBe(204);
  expect(
    (await page.request.put('/api/people/S000097/successNetwork', { headers: origin, data: [{ identifier: 'E0005' }, { identifier: 'E0006' }] })).status(),
  ).toBe(204);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/journal?target=category%2F4');
  await expect(page.getByRole('heading', { name: 'Change journal', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Changes' });
  await expect(table.getByText(`name: ${category.name} → ${renamed}`)).toBeVisible();
  // Other journeys edit categories on the same server: this one's rename is among them.
  await expect(table.getByText('Category edited').first()).toBeVisible();

  await page.goto('/admin/journal');
  // People by name (#31 item 8), as the people extension knows them.
  const name = async (id: string) => {
    const p = (await (await page.request.get(`/api/people/${id}`)).json()) as { firstName: string; lastName: string };
    return `${p.firstName} ${p.lastName}`;
  };
  await expect(table.getByText(`Applied to 2 students: ${await name('S000010')}, ${await name('S000011')}`)).toBeVisible();
  await expect(table.getByText(`After: ${await name('E0005')}, ${await name('E0006')}`).first()).toBeVisible();
  await expect(table.getByText('After: E0005, E0006')).toHaveCount(0);
  await expect(table.getByText('network/S000097').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'journal (light)');
  await screenshot(page, 'journal-1440-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page, 'journal (dark)');
  await screenshot(page, 'journal-1440-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'journal-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'journal-390-light');

  // Filters live in the URL; someone who is not an administrator is told so.
  await page.goto('/admin/journal?operation=network.replace');
  await expect(page.getByLabel('Operation')).toContainText('Success network replaced');
  const advisor = await browser.newPage({ ...(baseURL ? { baseURL } : {}) });
  await signInRequest(advisor.request, 'E0002');
  await advisor.goto('/admin/journal');
  await expect(advisor.getByText('Only administrators may read the change journal')).toBeVisible();
  await advisor.close();
});

test('the journal pages older past the newest 100, filters by day, and says what each edit asked', async ({ page }) => {
  test.setTimeout(90_000);
  await signInRequest(page.request, 'E0001');
  await page.goto('/');
  const origin = sameOrigin(page);
  const category = (await (await page.request.get('/api/notations/categories/7')).json()) as { name: string; isActive: boolean };
  for (let i = 0; i <= 100; i += 1) {
    const name = i === 100 ? category.name : `${category.name} (${i})`;
    expect((await page.request.put('/api/notations/categories/7', { headers: origin, data: { name, isActive: category.isActive } })).status()).toBe(204);
  }
  await page.goto('/admin/journal?target=category%2F7');
  const table = page.getByRole('table', { name: 'Changes' });
  await expect(table.getByText(`Asked: name ${category.name}, isActive ${category.isActive}`)).toBeVisible();
  await expect(page.getByText('Showing the newest 100.')).toBeVisible();
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page).toHaveURL(/before=/);
  await expect(page.getByText('Showing older changes.')).toBeVisible();
  await expect(table.getByText(`Asked: name ${category.name} (0), isActive ${category.isActive}`)).toBeVisible();
  await page.getByRole('button', { name: 'Newest' }).click();
  await expect(page.getByText('Showing the newest 100.')).toBeVisible();

  await page.getByLabel('Until').fill('2020-01-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/until=2020-01-01/);
  await expect(page.getByText('No changes recorded for these filters.')).toBeVisible();
});
