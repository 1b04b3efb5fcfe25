import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { expectAboveFold, expectNoHorizontalOverflow, expectNoOverlap, layoutScreenshot, SCHEMES, SCREENS, useScreen, type Screen } from './layout.ts';
import { signIn } from './support.ts';

/**
 * Issue 16 on `/alerts`: the queue first on a desk and on a phone (grid rows / cards above the
 * fold, nothing wider than the screen), the drawer beside the grid's key columns, counts in one
 * stable row with the chart on demand, failures that say only what is true, the drawer's alert in
 * the URL, axe clean in both schemes. Screenshots go to e2e/screenshots/layout (not committed).
 */

const summaryOf = (page: Page) => page.getByTestId('triage-summary');
const firstRow = (page: Page) => page.getByRole('grid', { name: 'Alert queue', exact: true }).locator('[role="row"][data-id]').first();
const firstCard = (page: Page) => page.getByTestId('triage-card').first();
const primaryOf = (page: Page, screen: Screen) => (screen.name === 'phone' ? firstCard(page) : firstRow(page));
const drawerOf = (page: Page) => page.getByRole('region', { name: /^Alert for / });
/** The drawer's whole panel (the region's parent), not only its scrolling content. */
const drawerPaper = (page: Page) => drawerOf(page).locator('..');
const params = (page: Page) => new URL(page.url()).searchParams;
const isAlertList = (url: URL) => url.pathname === '/api/notations/alerts/' || url.pathname === '/api/notations/alerts';

async function openAlerts(page: Page, screen: Screen, path = '/alerts'): Promise<void> {
  await page.goto(path);
  await expect(summaryOf(page)).toHaveText(/ of [\d,]+ alerts? created from /, { timeout: 30_000 });
  // The rows' module loads after the first paint (a busy machine may take a while).
  await expect(primaryOf(page, screen)).toBeVisible({ timeout: 30_000 });
}

async function expectBesideDrawer(page: Page, key: Locator, label: string): Promise<void> {
  await expect(key, `${label} is shown`).toBeVisible();
  await expectNoOverlap(drawerPaper(page), key, label);
}

// A shared machine: the queue's load and lazy modules may take a while.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
});

for (const screen of SCREENS) {
  test(`/alerts at ${screen.width}×${screen.height}: the queue first, nothing sideways, the drawer beside it, axe clean in both schemes`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const scheme of SCHEMES) {
      await useScreen(page, screen, scheme);
      await openAlerts(page, screen);
      const label = `/alerts at ${screen.width}×${screen.height} (${scheme})`;
      // No keyboard popping up: nothing typed into has focus on arrival.
      expect(await page.evaluate(() => document.activeElement?.matches('input, textarea') ?? false), `${label}: a text field took focus on load`).toBe(false);
      await expectAboveFold(page, primaryOf(page, screen), label);
      await expectNoHorizontalOverflow(page, label);
      await expectNoSeriousA11yViolations(page, label);
      await layoutScreenshot(page, 'alerts', screen, scheme);

      if (screen.name === 'desktop') {
        await firstRow(page).locator('[data-field="details"]').click();
        await expect(drawerOf(page)).toBeVisible({ timeout: 15_000 });
        await expect.poll(() => params(page).get('alert')).toBe(await firstRow(page).getAttribute('data-id'));
        const grid = page.getByRole('grid', { name: 'Alert queue', exact: true });
        for (const name of ['Status', 'Age (days)', 'Details'])
          await expectBesideDrawer(page, grid.getByRole('columnheader', { name }), `${label}: the drawer over the ${name} column`);
        await expectBesideDrawer(page, firstRow(page).locator('[data-field="status"]'), `${label}: the drawer over the first row's status`);
        await expectNoHorizontalOverflow(page, `${label} with the drawer open`);
        await expectNoSeriousA11yViolations(page, `${label} with the drawer open`);
        await layoutScreenshot(page, 'alerts-drawer', screen, scheme);
      } else {
        // The card's own actions: select it, open it.
        await firstCard(page).getByRole('checkbox').check();
        await expect(page.getByRole('button', { name: /^Lower selected/ })).toHaveText(/\(1\)$/);
        await firstCard(page)
          .getByRole('button', { name: /^Open the alert for / })
          .click();
        await expect(drawerOf(page)).toBeVisible({ timeout: 15_000 });
        await expect.poll(() => params(page).get('alert')).toBe(await firstCard(page).getAttribute('data-id'));
        await expectNoHorizontalOverflow(page, `${label} with the drawer open`);
        await layoutScreenshot(page, 'alerts-drawer', screen, scheme);
      }
      await page.keyboard.press('Escape');
      // The drawer slides out (a transition), on a busy machine a while.
      await expect(drawerOf(page)).toBeHidden({ timeout: 15_000 });
      expect(params(page).get('alert')).toBeNull();
    }
  });
}

test('/alerts counts: one row in a fixed order, every category reachable, the chart on demand with every category named in full', async ({ page }) => {
  await useScreen(page, SCREENS[0]);
  await openAlerts(page, SCREENS[0]);
  const chips = page.getByTestId('category-chips').locator('[data-testid^="category-chip-"]');
  const order = await chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
  const names = (await chips.allTextContents()).map((text) => text.replace(/\s[\d,]+$/, '').trim());
  expect(order.length).toBeGreaterThan(12);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })));
  // One row: every chip on the same line, the row scrolling sideways inside the page.
  const tops = await chips.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);

  // A filter changes counts, not places; the last category is reachable and clickable.
  await page.getByTestId('status-chip-Lowered').click();
  await chips.last().click();
  await expect(chips.last()).toHaveAttribute('aria-pressed', 'true');
  expect(await chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual(order);

  await expect(page.getByTestId('category-chart')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show chart' }).click();
  const chart = page.getByTestId('category-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  const labels = await chart.locator('text').allTextContents();
  for (const name of names) expect(labels, `the chart names “${name}” in full`).toContain(name);
  await expectNoHorizontalOverflow(page, '/alerts with the chart open');
  await layoutScreenshot(page, 'alerts-chart', SCREENS[0], 'light');
  await page.getByRole('button', { name: 'Hide chart' }).click();
  await expect(chart).toHaveCount(0);
});

test('/alerts when the alerts fail to load: the error and Retry only (503); a 400 says why once, without Retry', async ({ page }) => {
  await useScreen(page, SCREENS[0]);
  const problem = (status: number, detail: string) => ({
    status,
    contentType: 'application/problem+json',
    body: JSON.stringify({ type: 'about:blank', title: status === 503 ? 'Service Unavailable' : 'Bad Request', status, detail }),
  });
  await page.route(isAlertList, (route) => route.fulfill(problem(503, 'The service is under maintenance.')));
  await page.goto('/alerts');
  const message = page.getByTestId('problem-message');
  await expect(message).toContainText('The service is under maintenance.', { timeout: 30_000 });
  await expect(page.getByText('The service is under maintenance.')).toHaveCount(1);
  await expect(message.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Nothing that failed is counted or called empty.
  await expect(page.getByTestId('status-chip-Open')).toHaveCount(0);
  await expect(summaryOf(page)).toHaveCount(0);
  await expect(page.getByTestId('triage-empty')).toHaveCount(0);
  await expect(page.getByText(/No alerts were raised|Open 0|Lowered 0/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/alerts failing (503)');
  await layoutScreenshot(page, 'alerts-failed', SCREENS[0], 'light');

  // The service is back: Retry loads the queue.
  await page.unroute(isAlertList);
  await message.getByRole('button', { name: 'Retry' }).click();
  await expect(summaryOf(page)).toHaveText(/ of [\d,]+ alerts? created from /, { timeout: 30_000 });
  await expect(page.getByTestId('problem-message')).toHaveCount(0);

  await page.route(isAlertList, (route) => route.fulfill(problem(400, 'createdOnStart is not a date.')));
  await page.goto('/alerts?from=2026-01-01');
  await expect(page.getByTestId('problem-message')).toContainText('createdOnStart is not a date.', { timeout: 30_000 });
  await expect(page.getByText('createdOnStart is not a date.')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(summaryOf(page)).toHaveCount(0);
  await expect(page.getByTestId('triage-empty')).toHaveCount(0);
});

test('/alerts?alert=<id> opens the drawer on that alert; closing removes it; Back and Forward open and close it', async ({ page }) => {
  await useScreen(page, SCREENS[0]);
  await openAlerts(page, SCREENS[0]);
  const id = (await page.getByRole('grid', { name: 'Alert queue', exact: true }).locator('[role="row"][data-id]').nth(2).getAttribute('data-id'))!;
  const student = (await page.locator(`[role="row"][data-id="${id}"] [data-field="student"]`).textContent())!.replace(/ \S+$/, '');

  // A shared link, in a fresh page.
  await page.goto(`/alerts?alert=${id}`);
  await expect(drawerOf(page)).toBeVisible({ timeout: 30_000 });
  await expect(drawerOf(page)).toHaveAccessibleName(`Alert for ${student}`);
  await expect(page.getByTestId('alert-position')).toHaveText(/^Alert 3 of /, { timeout: 30_000 });
  await expect(page.locator(`[role="row"][data-id="${id}"]`)).toHaveClass(/triage-row--open/, { timeout: 30_000 });

  await drawerOf(page).getByRole('button', { name: 'Close alert details' }).click();
  await expect(drawerOf(page)).toBeHidden();
  expect(params(page).get('alert')).toBeNull();
  await page.goBack();
  await expect(drawerOf(page)).toBeVisible({ timeout: 15_000 });
  expect(params(page).get('alert')).toBe(id);
  await page.goForward();
  await expect(drawerOf(page)).toBeHidden();

  // Moving with the arrows follows in the URL, without filling the history.
  await page.locator(`[role="row"][data-id="${id}"] [data-field="details"]`).click();
  await expect.poll(() => params(page).get('alert')).toBe(id);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('alert-position')).toHaveText(/^Alert 4 of /);
  await expect.poll(() => params(page).get('alert')).not.toBe(id);
  await page.goBack();
  await expect(drawerOf(page)).toBeHidden();

  // Not an alert id: a notice, no drawer.
  await page.goto('/alerts?alert=abc');
  await expect(page.getByTestId('filter-notice')).toContainText('“abc”');
  await expect(drawerOf(page)).toHaveCount(0);
});
