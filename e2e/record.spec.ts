import { readFileSync } from 'node:fs';
import type { Browser } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { screenshot, signInRequest } from './support.ts';

/**
 * #30 item 4 in the browser: an administrator opens a student's whole record from the student page,
 * reads it laid out for printing (another's Private note withheld and counted, with the reason),
 * prints it without the app's navigation, and downloads the same record as a JSON file; each is
 * logged as an export. Someone who is not an administrator is told it is not for them.
 */
const STUDENT = 'S000150';

test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on' } });

async function as(browser: Browser, baseURL: string | undefined, identifier: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signInRequest(page.request, identifier);
  return { page, context, request: page.request };
}

test('an administrator prints and downloads one student’s record; others’ Private notes are withheld and counted; both are logged', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await as(browser, baseURL, 'E0001');
  // A staff member who is not an administrator: the Private note's author, and the one refused.
  let other: Awaited<ReturnType<typeof as>> | undefined;
  for (let n = 2; n <= 30 && !other; n += 1) {
    const who = await as(browser, baseURL, `E${String(n).padStart(4, '0')}`);
    const session = (await (await who.request.get('/session')).json()) as { groups: string[]; requiredGroups: { admin: string } };
    if (session.groups.includes(session.requiredGroups.admin)) await who.context.close();
    else other = who;
  }
  if (!other) throw new Error('no staff member outside the administrators in the seed');
  const origin = { origin: new URL(baseURL!).origin };
  const stamp = Date.now();
  const markers = { All: `record-all-${stamp}`, Private: `record-private-${stamp}` };
  for (const [who, audienceType] of [
    [admin, 'All'],
    [other, 'Private'],
  ] as const) {
    const created = await who.request.post('/api/notations/updates/', {
      headers: origin,
      data: { audienceType, canStudentView: false, details: `Note ${markers[audienceType]}.`, student: { identifier: STUDENT } },
    });
    expect(created.status()).toBe(201);
  }

  const page = admin.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/students/${STUDENT}`);
  await page.getByRole('link', { name: 'The whole record (print or download)' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${STUDENT}/record$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Student record' })).toBeVisible();
  await expect(page.getByText(`Note ${markers.All}.`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('record-withheld')).toContainText(/\d+ Private notes? of others withheld/);
  await expect(page.getByTestId('record-withheld')).toContainText('34 CFR 99.3');
  expect(await page.content()).not.toContain(markers.Private);
  for (const section of [
    'Notations',
    'Non-cognitive scores',
    'Success network',
    'Changes about the student (journal)',
    'Who read or exported the record (access log)',
  ])
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${section.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /Changes about the student/ })
      .getByText('update.create (student/S000150)')
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'student record');
  await screenshot(page, 'student-record-1440-light');

  // Printed: the record, without the navigation, the app bar or the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await expect(page.getByText(`Note ${markers.All}.`)).toBeVisible();
  await screenshot(page, 'student-record-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();

  // The same record as a JSON file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download JSON' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^student-${STUDENT}-record-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const file = readFileSync(await download.path(), 'utf8');
  const record = JSON.parse(file) as { student: { identifier: string }; audiences: { withheld: { Private: number } } };
  expect(record.student.identifier).toBe(STUDENT);
  expect(record.audiences.withheld.Private).toBeGreaterThanOrEqual(1);
  expect(file).toContain(markers.All);
  expect(file).not.toContain(markers.Private);

  // Both were logged as exports of this student's record.
  const log = (await (await admin.request.get(`/admin/access-log?person=E0001&student=${STUDENT}`, { headers: { accept: 'application/json' } })).json()) as {
    values: { event: string; operation: string | null }[];
  };
  expect(log.values.filter((e) => e.event === 'export' && e.operation === 'student.record').length).toBeGreaterThanOrEqual(2);

  // A phone, in the dark.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByText(`Note ${markers.All}.`)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'student-record-390-dark');

  // Not an administrator: told so, and the gateway refuses the file.
  await other.page.goto(`/students/${STUDENT}/record`);
  await expect(other.page.getByText("Only administrators can gather a student's record", { exact: false })).toBeVisible();
  expect((await other.request.get(`/admin/students/${STUDENT}/record`, { headers: { accept: 'application/json' } })).status()).toBe(403);
  for (const who of [admin, other]) await who.context.close();
});

test('the record page says why the record could not be gathered, and gathers it on Retry', async ({ page }) => {
  test.setTimeout(90_000);
  await signInRequest(page.request, 'E0001');
  await page.route('**/admin/students/*/record', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'urn:student-success:problem:access-log-unavailable',
        title: 'Service Unavailable',
        status: 503,
        detail: 'The export cannot be logged just now, so no record was given. Try again in a moment.',
      }),
    }),
  );
  await page.goto(`/students/${STUDENT}/record`);
  const problem = page.getByTestId('problem-message');
  await expect(problem).toContainText('The export cannot be logged just now, so no record was given.', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
  await page.unroute('**/admin/students/*/record');
  await problem.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Notations \(\d+\)$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
});
