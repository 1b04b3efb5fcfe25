import { readFileSync } from 'node:fs';
import { SCHEMES, SCREENS, layoutScreenshot, useScreen } from './layout.ts';
import { expect, test, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { screenshot, signIn } from './support.ts';

/**
 * Issue 11's journeys: the administrations, a cohort's distributions and roster (band → those
 * respondents → CSV), validity-concern inclusion, a comparison, a student's profile and trend,
 * the fallback without the cohort extensions; axe and screenshots in both schemes and sizes.
 */

interface Envelope<T> {
  totalValues: number;
  values: T[];
}
interface Admin {
  id: number;
  title: string;
  status: string;
  startDate: string;
}
interface Result {
  score: number;
  validityConcern: boolean;
  assessmentId: number;
  factor: { href: string };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** The administrations with their respondent counts, newest first. */
async function administrations(page: Page): Promise<(Admin & { respondents: number })[]> {
  const list = await api<Envelope<Admin>>(page, '/noncognitives/administrations/?pageSize=1000');
  return Promise.all(
    list.values.map(async (a) => ({
      ...a,
      respondents: (await api<Envelope<unknown>>(page, `/noncognitives/administrations/${a.id}/results?pageSize=1`)).totalValues,
    })),
  );
}

/** Hand count of one factor's bottom band (1–25), flagged scores left out, straight from the API. */
async function cohortScores(page: Page, id: number) {
  const body = await api<Envelope<{ href: string; values: Result[] }>>(page, `/noncognitives/administrations/${id}/results?expand=factors&pageSize=1000`);
  return body.values.map((r) => ({ person: decodeURIComponent(r.href.split('/').at(-2)!), values: r.values }));
}

test.describe.configure({ timeout: 120_000 });

const settled = async (page: Page) => expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
});

test('administrations: newest first, respondents, filters in the URL', async ({ page }) => {
  const all = await administrations(page);
  await page.getByRole('link', { name: 'Scores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Non-cognitive scores' })).toBeVisible();
  const rows = page.getByTestId('administration-row');
  await expect(rows).toHaveCount(all.length);
  await expect(rows.first()).toContainText(all[0]!.title);
  await expect(rows.first().getByRole('cell').last()).toHaveText(String(all[0]!.respondents));

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Closed' }).click();
  await expect(page).toHaveURL(/status=Closed/);
  const closed = all.filter((a) => a.status === 'Closed');
  await expect(rows).toHaveCount(closed.length);
  await expect(page.getByTestId('administrations-summary')).toHaveText(`${closed.length} administrations with status Closed`);

  // A person: the administrations they responded to (E17 personIdentifier).
  const someone = (await cohortScores(page, closed[0]!.id))[0]!.person;
  const theirs = await api<Envelope<Admin>>(page, `/noncognitives/administrations/?personIdentifier=${someone}&pageSize=1000`);
  await page.getByRole('textbox', { name: 'Respondent identifier' }).fill(someone);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`person=${someone}`));
  await expect(rows).toHaveCount(theirs.values.filter((a) => a.status === 'Closed').length);
  // The URL alone gives the same view.
  await page.reload();
  await expect(rows).toHaveCount(theirs.values.filter((a) => a.status === 'Closed').length);
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/scores\/\d+$/);
});

test('cohort: histogram, bottom band → exactly those respondents → CSV; validity inclusion changes N', async ({ page }) => {
  const all = await administrations(page);
  const largest = [...all].sort((a, b) => b.respondents - a.respondents)[0]!;
  const scores = await cohortScores(page, largest.id);
  await page.goto(`/scores/${largest.id}`);
  await expect(page.getByRole('heading', { level: 1, name: largest.title })).toBeVisible();
  const card = page.getByTestId('factor-card').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const factorName = (await card.getByRole('heading').textContent())!;
  const factorHref = scores[0]!.values[0]!.factor.href;
  const ofFactor = scores.map((r) => ({ person: r.person, entry: r.values.find((v) => v.factor.href === factorHref) })).filter((r) => r.entry);
  const unflagged = ofFactor.filter((r) => !r.entry!.validityConcern);
  const bottom = unflagged.filter((r) => r.entry!.score <= 25);

  // The histogram: 20 bars on 1–99 summing to N; N leaves out flagged scores by default.
  await expect(card.getByTestId('factor-n')).toHaveText(unflagged.length.toLocaleString('en-US'));
  const counts = await card.getByTestId('histogram-bar').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-count'))));
  expect(counts).toHaveLength(20);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(unflagged.length);
  expect(counts.slice(0, 5).reduce((a, b) => a + b, 0)).toBe(bottom.length);
  await expect(page.getByTestId('validity-note')).toContainText('left out');

  // The bottom band lists exactly those respondents.
  await card.getByTestId('band-bottom').click();
  await expect(page).toHaveURL(/band=bottom/);
  await expect(page.getByTestId('roster-summary')).toContainText(`${bottom.length} respondent`);
  const grid = page.getByRole('grid', { name: 'Respondents' });
  await expect(grid).toBeVisible();
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(new RegExp(`of ${bottom.length}$`));

  // CSV of the view: a header and one row per listed respondent, each with the factor's score ≤ 25.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  const header = csv[0]!.split(',');
  const idColumn = header.indexOf('Identifier');
  const factorColumn = header.findIndex((h) => h.replace(/"/g, '') === factorName);
  expect(idColumn).toBeGreaterThanOrEqual(0);
  expect(factorColumn).toBeGreaterThanOrEqual(0);
  const rows = csv.slice(1).map((line) => line.split(','));
  expect(rows).toHaveLength(bottom.length);
  expect(rows.map((r) => r[idColumn]).sort()).toEqual(bottom.map((r) => r.person).sort());
  for (const row of rows) expect(Number(row[factorColumn])).toBeLessThanOrEqual(25);

  // The hand-off to other pages: identifiers in the URL.
  const handoff = await page.getByRole('link', { name: /Apply a trigger/ }).getAttribute('href');
  expect(new URL(handoff!, 'http://x').searchParams.get('students')!.split(',').sort()).toEqual(bottom.map((r) => r.person).sort());

  // Bringing flagged scores in: N grows by the flagged ones.
  await page.getByRole('switch', { name: 'Include scores with a validity concern' }).check();
  await expect(page).toHaveURL(/flagged=include/);
  await expect(card.getByTestId('factor-n')).toHaveText(ofFactor.length.toLocaleString('en-US'));
  await expect(page.getByTestId('validity-note')).toContainText('included');

  // The roster's own filter ("factor < 25") lives in the URL too.
  await page.goto(`/scores/${largest.id}?filter=${encodeURIComponent(`factor:${factorName}~<~25`)}`);
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(
    new RegExp(`of ${unflagged.concat(ofFactor.filter((r) => r.entry!.validityConcern)).filter((r) => r.entry!.score < 25).length}$`),
    { timeout: 20_000 },
  );
});

test('compare with another administration of the same assessment: side by side, median change', async ({ page }) => {
  const all = await administrations(page);
  const withScores = all.filter((a) => a.respondents > 0);
  // Two of the same assessment: their first respondent's scores name it.
  const assessmentOf = async (a: Admin) => (await cohortScores(page, a.id))[0]!.values[0]!.assessmentId;
  const kinds = await Promise.all(withScores.map(assessmentOf));
  const first = withScores[0]!;
  const other = withScores.find((a, i) => i > 0 && kinds[i] === kinds[0])!;
  await page.goto(`/scores/${first.id}`);
  await expect(page.getByTestId('factor-card').first()).toBeVisible({ timeout: 20_000 });
  const factorCount = await page.getByTestId('factor-card').count();
  await page.getByRole('combobox', { name: 'Compare with' }).click();
  await page.getByRole('option', { name: other.title }).click();
  await expect(page).toHaveURL(new RegExp(`compare=${other.id}`));
  const table = page.getByRole('table', { name: 'Median change per factor' });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('median-change-row')).toHaveCount(factorCount);
  await expect(page.getByTestId('factor-card').first().getByTestId('factor-histogram')).toHaveCount(2);
  // Earlier → later: the change is the later median minus the earlier one.
  const row = page.getByTestId('median-change-row').first();
  const change = Number(await row.getByTestId('median-later').textContent()) - Number(await row.getByTestId('median-earlier').textContent());
  const shown = (await row.getByTestId('median-change').textContent())!.replace('−', '-').replace('+', '');
  expect(Number(shown)).toBeCloseTo(change, 5);
  // How many scores each side's median is of (#31 item 10).
  await expect(row.getByTestId('n-earlier')).toHaveText(/^n = [\d,]+$/);
  await expect(row.getByTestId('n-later')).toHaveText(/^n = [\d,]+$/);
  for (const screen of SCREENS) {
    for (const scheme of SCHEMES) {
      await useScreen(page, screen, scheme);
      await layoutScreenshot(page, 'scores-compare', screen, scheme);
      await table.screenshot({ path: `e2e/screenshots/layout/scores-compare-table-${screen.name}-${scheme}.png` });
    }
  }
});

test('a student’s profile: percentile explained once, bars, an older administration, the trend', async ({ page }) => {
  const all = await administrations(page);
  // A respondent with scores in two administrations of the same assessment.
  let person = '';
  for (const a of all.filter((x) => x.respondents > 0)) {
    for (const r of (await cohortScores(page, a.id)).slice(0, 40)) {
      const theirs = await api<Envelope<Admin>>(page, `/noncognitives/administrations/?personIdentifier=${r.person}&pageSize=1000`);
      if (theirs.values.length >= 3) {
        person = r.person;
        break;
      }
    }
    if (person) break;
  }
  expect(person).not.toBe('');
  const theirs = await api<Envelope<Admin>>(page, `/noncognitives/administrations/?personIdentifier=${person}&pageSize=1000`);
  const newest = theirs.values[0]!;
  await page.goto(`/scores/${newest.id}`);
  await expect(page.getByTestId('factor-card').first()).toBeVisible({ timeout: 20_000 });
  // From the roster: the profile link of that respondent.
  await page.goto(`/scores/${newest.id}/${person}`);
  const list = page.getByRole('list', { name: `Factor scores, ${newest.title}` });
  await expect(list).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('percentile-explanation')).toHaveCount(1);
  await expect(page.getByTestId('percentile-explanation')).toContainText('not a percent correct');
  const own = await api<Envelope<Result>>(page, `/noncognitives/administrations/${newest.id}/results/${person}/factors`);
  await expect(list.getByTestId('factor-score')).toHaveCount(own.values.length);
  await expect(page.getByTestId('validity-warning')).toHaveCount(own.values.some((v) => v.validityConcern) ? 1 : 0);
  await expect(page.getByTestId('trend-chart').or(page.getByTestId('trend-empty'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await expect(page.getByTestId('trend-row').first()).toBeVisible();

  // An older administration, chosen from the list: the URL follows.
  const older = theirs.values[1]!;
  await page.getByRole('combobox', { name: 'Administration' }).click();
  await page.getByRole('option', { name: new RegExp(older.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/scores/${older.id}/${person}$`));
  await expect(page.getByRole('list', { name: `Factor scores, ${older.title}` })).toBeVisible();

  // The same profile on the student page.
  await page.goto(`/students/${person}`);
  await expect(page.getByRole('region', { name: 'Non-cognitive factor scores' }).getByTestId('factor-score').first()).toBeVisible({ timeout: 20_000 });
});

test('fallback: without the cohort extensions (404) the page shows progress and the same figures', async ({ page }) => {
  const all = await administrations(page);
  const largest = [...all].sort((a, b) => b.respondents - a.respondents)[0]!;
  await page.goto(`/scores/${largest.id}`);
  await expect(page.getByTestId('factor-card').first()).toBeVisible({ timeout: 20_000 });
  const figures = async () => page.getByTestId('factor-figures').allTextContents();
  const withExtension = await figures();

  const context = page.context();
  const notFound = {
    status: 404,
    contentType: 'application/problem+json',
    body: JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such operation.' }),
  };
  await context.route(/\/api\/noncognitives\/administrations\/\d+\/results\?.*expand=factors/, (route) => route.fulfill(notFound));
  await context.route(/\/api\/people\/?\?.*identifiers=/, (route) => route.fulfill(notFound));
  // Slow E18 a little so that the progress is there to see.
  await context.route(/\/results\/[^/]+\/factors/, async (route) => {
    await new Promise((r) => setTimeout(r, 20));
    await route.continue();
  });
  await page.goto(`/scores/${largest.id}`);
  await expect(page.getByTestId('cohort-progress')).toHaveText(new RegExp(`^Loaded [\\d,]+ of ${largest.respondents.toLocaleString('en-US')} respondents`));
  await expect(page.getByTestId('factor-card').first()).toBeVisible({ timeout: 60_000 });
  expect(await figures()).toEqual(withExtension);
  await expect(page.getByTestId('roster-summary')).toContainText('Names load for the rows shown.');
  // Names of the rows shown came one by one: the first row has a name, not only an identifier.
  await expect(page.getByRole('grid', { name: 'Respondents' }).getByRole('link').first()).toHaveText(/\S+ \S+/, { timeout: 20_000 });
});

test('not found inside the shell, with the way back', async ({ page }) => {
  await page.goto('/scores/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeAttached();
  await page.getByRole('link', { name: 'Back to administrations' }).click();
  await expect(page).toHaveURL(/\/scores$/);
});

/** The colours of a gradient as the browser computed it, `var(…)`s resolved. */
const gradientColours = (css: string) =>
  [...css.matchAll(/rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/g)].map((m) => ({
    sum: Number(m[1]) + Number(m[2]) + Number(m[3]),
    alpha: m[4] === undefined ? 1 : Number(m[4]),
  }));

test('the percentile bands are drawn in the scheme in force: light tints on the dark page (#31 item 7)', async ({ page }) => {
  const all = await administrations(page);
  const cohort = all.find((a) => a.respondents > 0 && a.respondents < 200) ?? all.find((a) => a.respondents > 0)!;
  const person = (await cohortScores(page, cohort.id))[0]!.person;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/scores/${cohort.id}/${person}`);
    const bar = page.getByTestId('factor-score').first().getByRole('img');
    await expect(bar).toBeVisible({ timeout: 20_000 });
    const band = gradientColours(await bar.evaluate((el) => getComputedStyle(el).backgroundImage)).filter((c) => c.alpha > 0);
    expect(band.length, scheme).toBeGreaterThan(0);
    // The 25–75 band: the scheme's primary colour, light on the dark page, dark on the light one.
    for (const colour of band) expect(scheme === 'dark' ? colour.sum > 384 : colour.sum < 384, `${scheme}: ${JSON.stringify(band)}`).toBe(true);

    await page.goto(`/scores/${cohort.id}`);
    const histogram = page.getByRole('group', { name: /respondents by national percentile/ }).first();
    await expect(histogram).toBeVisible({ timeout: 20_000 });
    const bands = gradientColours(await histogram.evaluate((el) => getComputedStyle(el).backgroundImage)).filter((c) => c.alpha > 0);
    expect(bands.length, scheme).toBeGreaterThan(0);
    for (const colour of bands) expect(scheme === 'dark' ? colour.sum > 600 : colour.sum < 150, `${scheme}: ${JSON.stringify(bands)}`).toBe(true);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`accessibility (axe) and screenshots, ${scheme} scheme`, async ({ page }) => {
    // Six screens, axe on each: slow on a busy machine.
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    const all = await administrations(page);
    const cohort = all.find((a) => a.respondents > 0 && a.respondents < 200) ?? all.find((a) => a.respondents > 0)!;
    const person = (await cohortScores(page, cohort.id))[0]!.person;
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      const size = `${width}x${height}`;
      await page.goto('/scores');
      await expect(page.getByTestId('administration-row').first()).toBeVisible();
      await settled(page);
      await expectNoSeriousA11yViolations(page, `/scores (${scheme}, ${size})`);
      await screenshot(page, `scores-list-${scheme}-${size}`);

      await page.goto(`/scores/${cohort.id}?factor=${encodeURIComponent('Resiliency')}&band=bottom`);
      await expect(page.getByTestId('factor-card').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('grid', { name: 'Respondents' })).toBeVisible();
      await settled(page);
      await expectNoSeriousA11yViolations(page, `/scores/${cohort.id} (${scheme}, ${size})`);
      await screenshot(page, `scores-cohort-${scheme}-${size}`);

      await page.goto(`/scores/${cohort.id}/${person}`);
      await expect(page.getByTestId('score-profile')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('trend-chart').or(page.getByTestId('trend-empty'))).toBeVisible({ timeout: 20_000 });
      await settled(page);
      await expectNoSeriousA11yViolations(page, `/scores/${cohort.id}/${person} (${scheme}, ${size})`);
      await screenshot(page, `scores-profile-${scheme}-${size}`);
    }
  });
}
