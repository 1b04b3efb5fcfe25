import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { as } from './access-people.ts';
import { expectNoHorizontalOverflow, smallCohort } from './layout.ts';
import { screenshot, signInRequest } from './support.ts';

/**
 * #32 item 4: a person names and keeps the triage's filters, finds them again after a reload,
 * renames and deletes them; a view's link, opened by a colleague who may see fewer students,
 * shows that colleague only their own students, with counts to match. People sign in through the
 * development OpenID provider; the gateway enforces who may open which student.
 */
test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on' } });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = { from: day(-120), to: day(0) };
const FILTERS = `?status=all&from=${RANGE.from}&to=${RANGE.to}`;

const summaryOf = (page: Page) => page.getByTestId('triage-summary');
/** "Showing 12 of 480 alerts created …", once the whole range is in. */
async function shownCounts(page: Page): Promise<[number, number]> {
  await expect(summaryOf(page)).toHaveText(/^Showing [\d,]+ of [\d,]+ alerts? created .*\.$/, { timeout: 60_000 });
  const [, shown, total] = /^Showing ([\d,]+) of ([\d,]+)/.exec((await summaryOf(page).textContent()) ?? '')!;
  return [Number(shown!.replace(/,/g, '')), Number(total!.replace(/,/g, ''))];
}

/** The alerts of the range the service lets this person read, counted page by page through the gateway. */
async function readableAlerts(request: APIRequestContext): Promise<number> {
  const base = `/api/notations/alerts/?createdOnStart=${RANGE.from}&createdOnEnd=${RANGE.to}&pageSize=1000`;
  const first = (await (await request.get(`${base}&page=1`)).json()) as { totalValues: number; values: unknown[] };
  let count = first.values.length;
  for (let page = 2; page <= Math.ceil(first.totalValues / 1000); page += 1) {
    count += ((await (await request.get(`${base}&page=${page}`)).json()) as { values: unknown[] }).values.length;
  }
  return count;
}

/** What the screen shows (the phone's full page is a long scroll of cards). */
async function viewportShot(page: Page, name: string) {
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}

async function saveView(page: Page, name: string) {
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
}

test('save a triage view, reload, it is listed; rename it, delete it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInRequest(page.request, 'E0001');
  await page.goto(`/alerts${FILTERS}`);
  await shownCounts(page);
  await saveView(page, 'Last 120 days, every status');

  await page.goto('/alerts');
  await shownCounts(page);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Last 120 days, every status' }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === `/alerts${FILTERS}`);
  await page.reload();
  const [shown, total] = await shownCounts(page);
  expect(shown).toBe(total);

  // Listed after the reload, renamed and deleted with the keyboard.
  await page.getByRole('button', { name: 'Saved views' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Last 120 days, every status' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Rename, delete or share…' }).focus();
  await page.keyboard.press('Enter');
  const manage = page.getByRole('dialog', { name: 'Your views of the triage' });
  await manage.getByRole('button', { name: 'Rename Last 120 days, every status' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename view' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('Four months');
  await page.keyboard.press('Enter');
  await expect(rename).toBeHidden();
  await expect(manage.getByRole('link', { name: 'Four months' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Saved views' }).click();
  await expect(page.getByRole('menuitem', { name: 'Four months' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
  await manage.getByRole('button', { name: 'Delete Four months' }).click();
  await manage.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(manage.getByText('No saved views of this page.')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Saved views' }).click();
  await expect(page.getByRole('menuitem', { name: 'No saved views of this page yet' })).toBeVisible();
});

test('a saved view shared and opened by someone who may see less', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await as(browser, baseURL, 'E0001');
  await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await admin.page.goto(`/alerts${FILTERS}`);
  const [adminShown, adminTotal] = await shownCounts(admin.page);
  expect(adminShown).toBe(adminTotal);
  await saveView(admin.page, 'Everything, 120 days');
  await admin.page.getByRole('button', { name: 'Saved views' }).click();
  await admin.page.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
  await admin.page.getByRole('button', { name: 'Copy link to Everything, 120 days' }).click();
  const link = await admin.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${new URL(baseURL!).origin}/alerts${FILTERS}`);

  // A staff member outside the records group: only the students whose network they are in.
  let colleagueId: string | undefined;
  for (let n = 2; n <= 40 && !colleagueId; n += 1) {
    const id = `E${String(n).padStart(4, '0')}`;
    const who = await as(browser, baseURL, id);
    const session = (await (await who.request.get('/session')).json()) as { groups: string[] };
    if (!session.groups.includes('success-records') && !session.groups.includes('success-admins')) colleagueId = id;
    await who.context.close();
  }
  const colleague = await as(browser, baseURL, colleagueId!);
  const readable = await readableAlerts(colleague.request);
  expect(readable).toBeLessThan(adminTotal);
  await colleague.page.goto(link);
  const [shown, total] = await shownCounts(colleague.page);
  expect({ shown, total }).toEqual({ shown: readable, total: readable });
  // The link is not theirs to rename or delete: their own list is empty.
  await colleague.page.getByRole('button', { name: 'Saved views' }).click();
  await expect(colleague.page.getByRole('menuitem', { name: 'No saved views of this page yet' })).toBeVisible();
  await colleague.page.keyboard.press('Escape');
  await screenshot(colleague.page, 'saved-view-shared-colleague-1440-light');

  // A view of the journal, opened by the same colleague, is the journal's own refusal.
  await admin.page.goto('/admin/journal?operation=alert.create');
  await saveView(admin.page, 'Alerts raised');
  await colleague.page.goto('/admin/journal?operation=alert.create');
  await expect(colleague.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(colleague.page.getByTestId('journal-entry')).toHaveCount(0);
  await expect(colleague.page.getByText(/administrator/i).first()).toBeVisible();
  await Promise.all([admin.context.close(), colleague.context.close()]);
});

test('the saved views menu and list at 1440×900 and 390×844, light and dark, pass axe', async ({ page }) => {
  test.setTimeout(240_000);
  await signInRequest(page.request, 'E0001');
  await page.goto(`/admin/access-log?person=E0001`);
  await saveView(page, 'Sign-ins');
  await page.goto(`/alerts${FILTERS}`);
  await shownCounts(page);
  await saveView(page, 'A long name for a view of every alert of the last four months, all statuses');
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByRole('button', { name: 'Saved views' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: /A long name/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `saved views menu ${width} ${scheme}`);
      await viewportShot(page, `saved-views-menu-${width}-${scheme}`);
      await menu.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
      const manage = page.getByRole('dialog', { name: 'Your views of the triage' });
      await expect(manage.getByRole('link', { name: /A long name/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `saved views list ${width} ${scheme}`);
      await viewportShot(page, `saved-views-list-${width}-${scheme}`);
      if (width === 390) await expectNoHorizontalOverflow(page, `saved views list ${scheme}`);
      const box = await manage.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await manage.getByRole('button', { name: 'Close' }).click();
      await expect(manage).toBeHidden();
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  await expect(page.getByRole('dialog', { name: 'Save current view' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'save dialog 390 dark');
  await viewportShot(page, 'saved-views-save-390-dark');
  await page.keyboard.press('Escape');
  // The access log's own view, from its toolbar.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/admin/access-log');
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Sign-ins' }).click();
  await expect(page).toHaveURL(/\/admin\/access-log\?person=E0001$/);
  await screenshot(page, 'saved-views-access-log-1440-light');

  // A cohort's view keeps that cohort's own filters.
  const cohort = await smallCohort(page);
  await page.goto(`/scores/${cohort.id}?flagged=include`);
  await expect(page.getByRole('button', { name: 'Saved views' })).toBeVisible({ timeout: 60_000 });
  await saveView(page, 'With flagged scores');
  await page.goto(`/scores/${cohort.id}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Saved views' }).click();
  await expect(page.getByRole('menuitem', { name: 'With flagged scores' })).toBeVisible();
  await viewportShot(page, 'saved-views-cohort-390-light');
  await page.getByRole('menuitem', { name: 'With flagged scores' }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === `/scores/${cohort.id}?flagged=include`);
  await expect(page.getByLabel('Include scores with a validity concern')).toBeChecked();
});
