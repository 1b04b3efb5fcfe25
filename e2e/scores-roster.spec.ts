import { expect, test, type Page } from './fixtures.ts';
import { signIn, tick } from './support.ts';

/**
 * The cohort roster as a reader uses it after the pick got faster (rows handed to the grid through
 * its API, plain links and checkboxes in the cells): a second band replaces the first band's rows,
 * "Show all" brings everyone back, a row's checkbox selects it for the hand-off, and a student's
 * link opens the student page inside the app (no reload) while its address stays a real link.
 */

interface Envelope<T> {
  totalValues: number;
  values: T[];
}
interface Result {
  score: number;
  validityConcern: boolean;
  factor: { href: string };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

test.describe.configure({ timeout: 120_000 });

test('roster: bands replace the rows, all come back, a checked row is handed on, a student link stays in the app', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const list = await api<Envelope<{ id: number; title: string }>>(page, '/noncognitives/administrations/?pageSize=1000');
  const sized = await Promise.all(
    list.values.map(async (a) => ({ ...a, n: (await api<Envelope<unknown>>(page, `/noncognitives/administrations/${a.id}/results?pageSize=1`)).totalValues })),
  );
  const cohort = sized.sort((a, b) => b.n - a.n)[0]!;
  const body = await api<Envelope<{ href: string; values: Result[] }>>(
    page,
    `/noncognitives/administrations/${cohort.id}/results?expand=factors&pageSize=1000`,
  );
  const factorHref = body.values[0]!.values[0]!.factor.href;
  const scored = body.values
    .map((r) => ({ person: decodeURIComponent(r.href.split('/').at(-2)!), entry: r.values.find((v) => v.factor.href === factorHref) }))
    .filter((r) => r.entry && !r.entry.validityConcern);
  const bottom = new Set(scored.filter((r) => r.entry!.score <= 25).map((r) => r.person));
  const top = new Set(scored.filter((r) => r.entry!.score >= 76).map((r) => r.person));

  await page.goto(`/scores/${cohort.id}`);
  const card = page.getByTestId('factor-card').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const grid = page.getByRole('grid', { name: 'Respondents' });
  const pager = page.locator('.MuiTablePagination-displayedRows');
  await expect(pager).toHaveText(new RegExp(`of ${cohort.n.toLocaleString('en-US')}$`), { timeout: 20_000 });
  const shownIds = () => grid.locator('[data-field="id"][role="gridcell"]').allTextContents();

  await card.getByTestId('band-bottom').click();
  await expect(pager).toHaveText(new RegExp(`of ${bottom.size.toLocaleString('en-US')}$`));
  for (const id of await shownIds()) expect(bottom.has(id), id).toBe(true);

  // A second band of the same factor replaces the rows (not added to them, not left stale).
  await card.getByTestId('band-top').click();
  await expect(page).toHaveURL(/band=top/);
  await expect(pager).toHaveText(new RegExp(`of ${top.size.toLocaleString('en-US')}$`));
  const topShown = await shownIds();
  expect(topShown.length).toBeGreaterThan(0);
  // #31 item 15: the Validity column says something on every row.
  const validity = await grid.locator('[data-field="flagged"][role="gridcell"]').allTextContents();
  expect(validity.length).toBe(topShown.length);
  for (const text of validity) expect(text.trim()).toMatch(/^(no concern|concern)$/);
  for (const id of topShown) expect(top.has(id), id).toBe(true);

  // A row's checkbox (the grid's name for it) selects that respondent for the hand-off.
  const first = topShown[0]!;
  const row = grid.getByRole('row').filter({ has: page.locator(`[data-field="id"]`, { hasText: new RegExp(`^${first}$`) }) });
  // The row's only checkbox: its name turns from "Select row" to "Unselect row" once checked.
  await expect(row.getByRole('checkbox', { name: 'Select row' })).toBeVisible();
  const checkbox = row.getByRole('checkbox');
  await tick(checkbox);
  await expect(page.getByTestId('roster-handoff-count')).toHaveText('1 selected');
  const handoff = await page.getByRole('link', { name: /Apply a trigger to selected/ }).getAttribute('href');
  expect(new URL(handoff!, 'http://x').searchParams.get('students')).toBe(first);
  await checkbox.click();
  await expect(checkbox).not.toBeChecked();
  await expect(page.getByTestId('roster-handoff-count')).toHaveText(`${top.size} in view`);

  // Show all: every respondent again.
  await page.getByRole('button', { name: 'Show all respondents' }).click();
  await expect(pager).toHaveText(new RegExp(`of ${cohort.n.toLocaleString('en-US')}$`));

  // A student's link: a real address (opens in a new tab as such), and a click stays in the app.
  const student = grid.locator('[data-field="name"][role="gridcell"] a').first();
  const href = await student.getAttribute('href');
  expect(href).toMatch(/^\/students\/[^/]+$/);
  await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
  await student.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // And back: the cohort, as it was left.
  await page.goBack();
  await expect(pager).toHaveText(new RegExp(`of ${cohort.n.toLocaleString('en-US')}$`), { timeout: 20_000 });
  // The profile column is the last: scrolled into view (the grid renders the columns it shows).
  await grid.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
  const profile = grid.getByRole('link', { name: /^Score profile of / }).first();
  await expect(profile).toHaveAttribute('href', new RegExp(`^/scores/${cohort.id}/[^/]+$`));
  await profile.click();
  await expect(page).toHaveURL(new RegExp(`/scores/${cohort.id}/[^/?]+$`));
  await expect(page.getByRole('list', { name: /^Factor scores/ })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('roster: following the selected students from the list puts them on My students, marked Watching (#32 item 3)', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const list = await api<Envelope<{ id: number }>>(page, '/noncognitives/administrations/?pageSize=1000');
  let cohort = list.values[0]!;
  for (const a of list.values) {
    cohort = a;
    if ((await api<Envelope<unknown>>(page, `/noncognitives/administrations/${a.id}/results?pageSize=1`)).totalValues > 0) break;
  }
  await page.goto(`/scores/${cohort.id}`);
  const grid = page.getByRole('grid', { name: 'Respondents' });
  const ids = grid.locator('[data-field="id"][role="gridcell"]');
  await expect(ids.first()).toBeVisible({ timeout: 20_000 });
  const picked = (await ids.allTextContents()).slice(0, 2);
  for (const id of picked) {
    const row = grid.getByRole('row').filter({ has: page.locator(`[data-field="id"]`, { hasText: new RegExp(`^${id}$`) }) });
    await tick(row.getByRole('checkbox'));
  }
  await expect(page.getByTestId('roster-handoff-count')).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Follow selected (2)' }).click();
  await expect(page.getByText('Following 2 students: they are on My students.')).toBeVisible();

  await page.goto('/?show=watching');
  for (const id of picked) {
    const row = page.locator(`[data-testid="my-student"][data-student="${id}"]`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText('Watching')).toBeVisible();
  }
  const origin = { origin: new URL(page.url()).origin };
  for (const id of picked) expect((await page.request.delete(`/session/watch/${id}`, { headers: origin })).status()).toBe(204);
});
