import type { APIRequestContext } from './fixtures.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { screenshot, signIn, signInRequest } from './support.ts';

/**
 * #33: the outcomes page for administrators (both schemes, desk and phone, axe clean), its CSV
 * export logged, and a staff member outside the admin and records groups refused.
 */

// The gateway reads every alert of 90 days on the first opening: seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

for (const scheme of ['light', 'dark'] as const) {
  test(`outcomes page at desk and phone size, ${scheme} scheme: figures, tables, axe clean`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, 'E0001');
    await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
    for (const [width, height, size] of [
      [1440, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/admin/outcomes');
      await expect(page.getByRole('heading', { name: 'Outcomes', level: 1 })).toBeVisible();
      await expect(page.getByTestId('outcome-overall')).toContainText('Raised');
      await expect(page.getByTestId('outcome-category').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Trend by week' })).toBeVisible();
      await expect(page.getByRole('img', { name: /Line chart of alerts raised/ })).toBeVisible();
      // Flagged categories first.
      const flags = await page.getByTestId('outcome-category').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-flagged') === 'true'));
      baseExpect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      // No sideways scrolling.
      baseExpect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await expectNoSeriousA11yViolations(page, `/admin/outcomes (${scheme}, ${size})`);
      await screenshot(page, `outcomes-${scheme}-${size}`);
    }
  });
}

test('a count opens its alerts in triage; the CSV export is logged before the file is given', async ({ page }) => {
  await signIn(page, 'E0001');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/outcomes');
  const firstCategory = page.getByTestId('outcome-category').first();
  await expect(firstCategory).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  baseExpect((await download).suggestedFilename()).toMatch(/^outcomes-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const log = (await (await page.request.get('/admin/access-log?person=E0001', { headers: { accept: 'application/json' } })).json()) as {
    values: { event: string; operation: string | null }[];
  };
  baseExpect(log.values.some((e) => e.event === 'export' && e.operation === 'outcomes.csv')).toBe(true);
  baseExpect(log.values.some((e) => e.event === 'read' && e.operation === 'admin.outcomes')).toBe(true);
  await firstCategory.getByRole('link', { name: /^\d+ alerts: open them in triage/ }).click();
  await expect(page).toHaveURL(/\/alerts\?status=all&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&categories=\d+/);
});

async function isAdvisor(request: APIRequestContext): Promise<boolean> {
  const session = (await (await request.get('/session')).json()) as { groups: string[]; requiredGroups: { admin: string; records?: string } };
  return !session.groups.includes(session.requiredGroups.admin) && !session.groups.includes(session.requiredGroups.records ?? 'success-records');
}

test('a staff member outside the admin and records groups is refused, with the reason', async ({ browser, baseURL }) => {
  let advisor: string | undefined;
  for (let n = 2; n <= 30 && !advisor; n += 1) {
    const id = `E${String(n).padStart(4, '0')}`;
    const context = await browser.newContext(baseURL ? { baseURL } : {});
    const page = await context.newPage();
    await signInRequest(page.request, id);
    if (await isAdvisor(page.request)) {
      advisor = id;
      const api = await page.request.get('/admin/outcomes', { headers: { accept: 'application/json' } });
      baseExpect(api.status()).toBe(403);
      baseExpect(api.headers()['content-type']).toMatch(/problem\+json/);
      await page.goto('/admin/outcomes');
      await expect(page.getByText(/Only administrators and members of .+ may read the outcomes/)).toBeVisible();
      await expect(page.getByTestId('outcome-overall')).toHaveCount(0);
    }
    await context.close();
  }
  baseExpect(advisor).toBeDefined();
});
