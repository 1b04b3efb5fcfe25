import type { APIRequestContext, Browser } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { screenshot, signInRequest } from './support.ts';

/**
 * #30 in the browser, through the development OpenID provider: a note's audience decides who reads
 * it; someone outside a student's network is told so, states a reason, and then reads the All notes
 * but not the FullNetwork ones; the access log lists the grant with its reason.
 */
const STUDENT = 'S000140';

// This file's server applies who may read what (the other journeys' servers run without it).
test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on' } });

/** A signed-in context of its own for `identifier`, and its API requests. */
async function as(browser: Browser, baseURL: string | undefined, identifier: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signInRequest(page.request, identifier);
  return { page, context, request: page.request };
}

async function isAdvisor(request: APIRequestContext): Promise<boolean> {
  const session = (await (await request.get('/session')).json()) as { groups: string[]; requiredGroups: { admin: string; records?: string } };
  return !session.groups.includes(session.requiredGroups.admin) && !session.groups.includes(session.requiredGroups.records ?? 'success-records');
}

test('audiences and records by relationship: an outsider states a reason, then reads All notes but not FullNetwork or Private ones; the access log has it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Two staff members without institution-wide access: one will be the student's network, one not.
  const people: string[] = [];
  for (let n = 2; n <= 30 && people.length < 2; n += 1) {
    const id = `E${String(n).padStart(4, '0')}`;
    const who = await as(browser, baseURL, id);
    if (await isAdvisor(who.request)) people.push(id);
    await who.context.close();
  }
  const [memberId, outsiderId] = people as [string, string];
  const admin = await as(browser, baseURL, 'E0001');
  const origin = { origin: new URL(baseURL!).origin };
  expect((await admin.request.put(`/api/people/${STUDENT}/successNetwork`, { headers: origin, data: [{ identifier: memberId }] })).status()).toBe(204);

  const member = await as(browser, baseURL, memberId);
  const markers = { Private: `private-${Date.now()}`, FullNetwork: `network-${Date.now()}`, All: `everyone-${Date.now()}` };
  for (const [audienceType, marker] of Object.entries(markers)) {
    const created = await member.request.post('/api/notations/updates/', {
      headers: origin,
      data: { audienceType, canStudentView: false, details: `Note for ${marker}.`, student: { identifier: STUDENT } },
    });
    expect(created.status()).toBe(201);
  }

  // The author reads all three; the administrator (records group) the All one only.
  await member.page.goto(`/students/${STUDENT}`);
  for (const marker of Object.values(markers)) await expect(member.page.getByText(`Note for ${marker}.`)).toBeVisible();
  await admin.page.goto(`/students/${STUDENT}`);
  await expect(admin.page.getByText(`Note for ${markers.All}.`)).toBeVisible();
  await expect(admin.page.getByText(`Note for ${markers.FullNetwork}.`)).toHaveCount(0);
  await expect(admin.page.getByText(`Note for ${markers.Private}.`)).toHaveCount(0);
  expect(await admin.page.content()).not.toContain(markers.Private);

  // The outsider is told, states a reason, and reads the All note only.
  const outsider = await as(browser, baseURL, outsiderId);
  await outsider.page.setViewportSize({ width: 1440, height: 900 });
  await outsider.page.goto(`/students/${STUDENT}`);
  await expect(outsider.page.getByText("You are not in this student's success network")).toBeVisible();
  expect(await outsider.page.content()).not.toContain(markers.All);
  await expectNoSeriousA11yViolations(outsider.page, 'not in network');
  await screenshot(outsider.page, 'not-in-network-1440-light');
  await outsider.page.getByRole('button', { name: 'Open the record' }).click();
  await expect(outsider.page.getByText('Say in at least 10 characters why you need it.')).toBeVisible();
  const reason = `Covering ${memberId}'s caseload this week.`;
  await outsider.page.getByLabel('Why do you need this record?').fill(reason);
  await outsider.page.getByRole('button', { name: 'Open the record' }).click();
  await expect(outsider.page.getByText(`Note for ${markers.All}.`)).toBeVisible();
  await expect(outsider.page.getByText(`Note for ${markers.FullNetwork}.`)).toHaveCount(0);
  expect(await outsider.page.content()).not.toContain(markers.Private);

  // The access log, for the administrator: the grant with its reason, and the reads.
  await admin.page.goto(`/admin/access-log?student=${STUDENT}&person=${outsiderId}`);
  const table = admin.page.getByRole('table', { name: 'Accesses' });
  await expect(table.getByText('Access granted (session.access): for 8 hours')).toBeVisible();
  await expect(table.getByText(reason).first()).toBeVisible();
  await expect(table.getByText(/Read records/).first()).toBeVisible();
  await screenshot(admin.page, 'access-log-1440-light');
  await expectNoSeriousA11yViolations(admin.page, 'access log');
  for (const who of [admin, member, outsider]) await who.context.close();
});

test('a triage CSV is logged as an export before its file is given', async ({ page }) => {
  test.setTimeout(90_000);
  await signInRequest(page.request, 'E0001');
  await page.goto('/alerts');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const log = (await (await page.request.get('/admin/access-log?person=E0001', { headers: { accept: 'application/json' } })).json()) as {
    values: { event: string; operation: string | null; detail: string | null; students: string[] }[];
  };
  const exported = log.values.find((e) => e.event === 'export' && e.operation === 'triage.alert.csv');
  expect(exported?.detail).toMatch(/^\d+ rows$/);
  expect(exported!.students.length).toBeGreaterThan(0);
});

test('a cohort roster CSV is given only once its export is logged: a failed log gives no file and says so', async ({ page }) => {
  test.setTimeout(120_000);
  await signInRequest(page.request, 'E0001');
  const list = (await (await page.request.get('/api/noncognitives/administrations/?pageSize=1000')).json()) as { values: { id: number }[] };
  let cohort: number | undefined;
  for (const { id } of list.values) {
    const results = (await (await page.request.get(`/api/noncognitives/administrations/${id}/results?pageSize=1`)).json()) as { totalValues: number };
    if (results.totalValues > 0) {
      cohort = id;
      break;
    }
  }
  expect(cohort).toBeDefined();
  await page.goto(`/scores/${cohort}`);
  const exportButton = page.getByRole('button', { name: 'Export CSV' });
  await expect(exportButton).toBeEnabled({ timeout: 30_000 });
  // The grid's own export (which gives its file at once) is gone.
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);

  // The gateway cannot log the export: no file, and the reason.
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.route('**/session/exports', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'urn:student-success:problem:access-log-unavailable',
        title: 'Service Unavailable',
        status: 503,
        detail: 'The export cannot be logged just now, so no file was made. Try again in a moment.',
      }),
    }),
  );
  await exportButton.click();
  await expect(page.getByText('No file was made: The export cannot be logged just now')).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(downloads).toBe(0);

  // Logged: the file, and its entry.
  await page.unroute('**/session/exports');
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const log = (await (await page.request.get('/admin/access-log?person=E0001', { headers: { accept: 'application/json' } })).json()) as {
    values: { event: string; operation: string | null; detail: string | null; students: string[] }[];
  };
  const exported = log.values.find((e) => e.event === 'export' && e.operation === 'scores.roster.csv');
  expect(exported?.detail).toMatch(/^\d+ rows$/);
  expect(exported!.students.length).toBe(Number(exported!.detail!.split(' ')[0]));
});
