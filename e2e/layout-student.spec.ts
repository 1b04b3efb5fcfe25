import { expect, test, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { checkLayout, expectAboveFold, SCHEMES, SCREENS, useScreen, layoutScreenshot } from './layout.ts';
import { signIn } from './support.ts';

/**
 * Issue 16 on the students list and a student's page: the work first on a desk and a phone, in
 * both schemes; on a phone the network and the scores one tap away; no keyboard popping up on load;
 * failures that tell the truth (an unknown student, one kind of notation failing, a refused and a
 * failed save). Screenshots go to e2e/screenshots/layout (not committed).
 */

const STUDENT = { id: 'S000001', name: 'Jazmín Chávez' };
const PHONE = SCREENS[1];
const DESK = SCREENS[0];

const rowsOf = (page: Page) => page.getByTestId('timeline-row');
const summaryOf = (page: Page) => page.getByTestId('timeline-summary');
const rankingRows = (page: Page) => page.getByRole('list', { name: 'Students with the most open alerts' }).getByRole('listitem');
const detailsOf = (page: Page) => page.getByRole('form', { name: 'New update' }).getByRole('textbox', { name: /^Details/ });
/** The timeline's own reads (GET) of one kind; writes go through. */
const isListOf = (kind: string) => (url: URL) => url.pathname.startsWith(`/api/notations/${kind}`);

async function openStudents(page: Page): Promise<void> {
  await page.goto('/students');
  await expect(rankingRows(page).first()).toBeVisible({ timeout: 20_000 });
}

async function openStudent(page: Page, query = ''): Promise<void> {
  await page.goto(`/students/${STUDENT.id}${query}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(STUDENT.name, { timeout: 20_000 });
}

/** No text field has the focus (a phone's keyboard would pop up). */
async function expectNoFocusedTextInput(page: Page, label: string): Promise<void> {
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const typing =
      el instanceof HTMLTextAreaElement ||
      (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type)) ||
      (el as HTMLElement).isContentEditable;
    return typing ? `${el.tagName.toLowerCase()}[aria-label=${el.getAttribute('aria-label') ?? ''}]#${el.id}` : null;
  });
  expect(focused, `${label}: a text field has the focus on load`).toBeNull();
}

// Each journey signs in, loads a student's whole year and (for failures) waits out the query retries.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
});

for (const screen of SCREENS) {
  test(`/students at ${screen.width}×${screen.height}: first rows above the fold, no sideways scrolling, no keyboard on load, axe clean`, async ({ page }) => {
    await checkLayout(
      page,
      'students',
      screen,
      () => rankingRows(page).first(),
      () => openStudents(page),
    );
    for (const scheme of SCHEMES) {
      await useScreen(page, screen, scheme);
      await openStudents(page);
      await expectNoFocusedTextInput(page, `/students (${scheme})`);
      // One way to open a student: no second box, no buttons named "Open".
      await expect(page.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Student identifier' })).toHaveCount(0);
      await expect(page.getByTestId('ranking-window')).toHaveText(
        /^Open alerts raised from [A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4} \(the last 90 days\)\.$/,
      );
      await expectNoSeriousA11yViolations(page, `/students ${screen.name} (${scheme})`);
    }
  });

  test(`student page at ${screen.width}×${screen.height}: first items above the fold, no sideways scrolling, no keyboard on load, axe clean`, async ({
    page,
  }) => {
    await checkLayout(
      page,
      'student',
      screen,
      () => rowsOf(page).first(),
      async () => {
        await openStudent(page);
        await expect(summaryOf(page)).toHaveText(/^Showing \d+ of \d+ notations/, { timeout: 20_000 });
      },
    );
    for (const scheme of SCHEMES) {
      await useScreen(page, screen, scheme);
      await openStudent(page);
      await expect(rowsOf(page).first()).toBeVisible({ timeout: 20_000 });
      await expectNoFocusedTextInput(page, `student page (${scheme})`);
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
      await expectNoSeriousA11yViolations(page, `student page ${screen.name} (${scheme})`);
    }
  });
}

test('on a phone the success network and the scores are one tap away, and the tab is in the URL', async ({ page }) => {
  await useScreen(page, PHONE);
  await openStudent(page);
  const tabs = page.getByRole('tablist', { name: 'Sections of the student page' });
  await expect(tabs).toBeVisible();
  await expectAboveFold(page, tabs, 'section tabs on a phone');

  await tabs.getByRole('tab', { name: 'Network' }).click();
  const network = page.getByRole('region', { name: 'Success network' });
  await expect(network).toBeVisible();
  await expectAboveFold(page, network, 'success network after one tap');
  await expect(page.getByRole('list', { name: 'Success network members' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('network');

  await tabs.getByRole('tab', { name: 'Scores' }).click();
  const scores = page.getByRole('region', { name: 'Non-cognitive factor scores' });
  await expect(scores).toBeVisible();
  await expectAboveFold(page, scores, 'factor scores after one tap');
  await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('scores');

  // Shared as a link: it opens on the same tab.
  await page.goto(`/students/${STUDENT.id}?tab=network`);
  await expect(page.getByRole('region', { name: 'Success network' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Network' })).toHaveAttribute('aria-selected', 'true');
  await layoutScreenshot(page, 'student-network-tab', PHONE, 'light');

  // On a desk the columns stand side by side as before, without tabs.
  await useScreen(page, DESK);
  await openStudent(page);
  await expect(page.getByRole('tablist', { name: 'Sections of the student page' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Success network' })).toBeVisible();
});

for (const identifier of ['S999999', 's000001']) {
  test(`an unknown student (${identifier}) gets a not-found page with a way back, not a page that looks real`, async ({ page }) => {
    for (const screen of SCREENS) {
      await useScreen(page, screen);
      await page.goto(`/students/${identifier}`);
      await expect(page.getByRole('heading', { level: 1, name: 'No such student' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(`No student has the identifier ${identifier}.`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Write an update' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Edit network' })).toHaveCount(0);
      await expect(page.getByTestId('timeline-row')).toHaveCount(0);
      // Inside the shell: the navigation is still there.
      await expect(page.getByRole('banner')).toBeVisible();
      await expectNoHorizontal(page, `${identifier} ${screen.name}`);
      await layoutScreenshot(page, `student-not-found-${identifier}`, screen, 'light');
    }
    if (identifier === 's000001') {
      await expect(page.getByText(`Did you mean ${STUDENT.name} (${STUDENT.id})?`)).toBeVisible();
      await page.getByRole('link', { name: `Open ${STUDENT.id}` }).click();
      await expect(page).toHaveURL(new RegExp(`/students/${STUDENT.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(STUDENT.name);
    } else {
      await expect(page.getByRole('link', { name: /^Open S/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'student not found');
      await page.getByRole('link', { name: 'Back to students' }).click();
      await expect(page).toHaveURL(/\/students$/);
      await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
    }
  });
}

async function expectNoHorizontal(page: Page, label: string): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${label}: sideways scrolling`).toBeLessThanOrEqual(width);
}

test('one kind failing (updates answer 503): said as partial, no "Showing N of N", no count of updates', async ({ page }) => {
  const updates = isListOf('updates');
  await page.route(updates, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Updates are down for this test.' }),
        })
      : route.fallback(),
  );
  await openStudent(page);
  const failure = page.getByTestId('failed-update');
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText('Updates could not be loaded.');
  await expect(failure).toContainText('Updates are down for this test.');
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText(/Updates could not be loaded/)).toHaveCount(1);
  await expect(summaryOf(page)).toHaveText(
    /^Showing alerts, data insights and encouragements only \(updates missing\) from [A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    { timeout: 20_000 },
  );
  await expect(page.getByText(/Showing \d+ of \d+/)).toHaveCount(0);
  await expect(page.getByTestId('student-counts')).toHaveText(/^\d+ open alerts? and \d+ alerts, data insights and encouragements from /);
  await expect(rowsOf(page).first()).toBeVisible();
  for (const kind of await rowsOf(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))) expect(kind).not.toBe('update');
  await layoutScreenshot(page, 'student-updates-failed', DESK, 'light');

  // Retrying helps once the service is back.
  await page.unroute(updates);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeHidden({ timeout: 20_000 });
  await expect(summaryOf(page)).toHaveText(/^Showing \d+ of \d+ notations/);
});

test('every kind failing: the error only, no counts and no "nothing here"', async ({ page }) => {
  await page.route(
    (url) => url.pathname.startsWith('/api/notations/') || /^\/api\/people\/[^/]+\/encouragements/.test(url.pathname),
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Everything is down for this test.' }),
      }),
  );
  await openStudent(page);
  const failure = page.getByTestId('failed-timeline');
  await expect(failure).toBeVisible({ timeout: 45_000 });
  await expect(failure).toContainText('The timeline could not be loaded.');
  // Said once for the whole page, in the service's words, with its retries (#31 item 5): not a banner per section.
  await expect(page.getByTestId('outage-notice')).toContainText('Everything is down for this test.');
  await expect(page.getByText(/Everything is down for this test\./)).toHaveCount(1);
  await expect(page.getByTestId('problem-message')).toHaveCount(0);
  await expect(summaryOf(page)).toHaveCount(0);
  await expect(page.getByText('No notations match these filters')).toHaveCount(0);
  await expect(page.getByTestId('student-counts')).not.toContainText(/\d+ (open alerts?|notations?)/);
});

/** Opens a student, writes an update and posts it against a service that answers `status`. */
async function failedSave(page: Page, status: 400 | 503): Promise<string> {
  await page.route(isListOf('updates'), (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'about:blank',
            title: status === 400 ? 'Bad Request' : 'Service Unavailable',
            status,
            detail: `Refused with ${status} in this test.`,
          }),
        })
      : route.fallback(),
  );
  await page.goto('/students/S000004');
  await expect(rowsOf(page).first()).toBeVisible({ timeout: 30_000 });
  const text = `E2E ${status} ${Date.now()}: kept after a failed save.`;
  await page.getByRole('button', { name: 'Write an update' }).click();
  await detailsOf(page).fill(text);
  await page.getByRole('button', { name: 'Post update' }).click();
  return text;
}

for (const status of [400, 503] as const) {
  test(`a ${status} on a save keeps the text and shows its message once`, async ({ page }) => {
    const text = await failedSave(page, status);
    await expect(page.getByText(`Refused with ${status} in this test.`)).toHaveCount(1);
    await expect(detailsOf(page)).toHaveValue(text);
    await expect(rowsOf(page).filter({ hasText: text })).toHaveCount(0);
    if (status === 503) await expect(page.getByRole('alert').filter({ hasText: 'Refused with 503' }).getByRole('button', { name: 'Retry' })).toBeVisible();
  });
}

test('a 400 on a save offers no Retry (asking again gets the same refusal)', async ({ page }) => {
  await failedSave(page, 400);
  await expect(page.getByText('Refused with 400 in this test.')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0, { timeout: 3_000 });
});
