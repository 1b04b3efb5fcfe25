import type { APIRequestContext, Browser } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { screenshot, signInRequest } from './support.ts';

/**
 * #32 items 1–3 in the browser, through the development OpenID provider: `/` is "My students",
 * each row says in words why it needs attention, the person can sort otherwise, follows a student
 * from the student page and finds them on the home marked "Watching", and after a colleague writes
 * about a student, the home counts it and the timeline marks it "New since your last visit".
 */
const STUDENT = 'S000150';
const FOLLOWED = 'S000151';

test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on' } });

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

test('My students: reasons in words, sorting, following from the student page, and what is new since the last visit', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const people: string[] = [];
  for (let n = 2; n <= 30 && people.length < 2; n += 1) {
    const id = `E${String(n).padStart(4, '0')}`;
    const who = await as(browser, baseURL, id);
    if (await isAdvisor(who.request)) people.push(id);
    await who.context.close();
  }
  const [advisorId, colleagueId] = people as [string, string];
  const admin = await as(browser, baseURL, 'E0001');
  const origin = { origin: new URL(baseURL!).origin };
  const network = [{ identifier: advisorId }, { identifier: colleagueId }];
  expect((await admin.request.put(`/api/people/${STUDENT}/successNetwork`, { headers: origin, data: network })).status()).toBe(204);

  const advisor = await as(browser, baseURL, advisorId);
  const { page } = advisor;
  await page.setViewportSize({ width: 1440, height: 900 });

  // The advisor opens the student: the visit is recorded (the first: nothing is marked new).
  const visited = page.waitForResponse((r) => r.url().endsWith('/session/visits') && r.request().method() === 'POST');
  await page.goto(`/students/${STUDENT}`);
  expect((await visited).status()).toBe(201);
  await expect(page.getByTestId('timeline-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('new-since-visit')).toHaveCount(0);

  // A colleague in the network raises an alert.
  const colleague = await as(browser, baseURL, colleagueId);
  const details = `Missed every tutorial this week ${Date.now()}`;
  const raised = await colleague.request.post('/api/notations/alerts/', {
    headers: origin,
    data: { audienceType: 'FullNetwork', canStudentView: false, details, student: { identifier: STUDENT } },
  });
  expect(raised.status()).toBe(201);

  // Home: the heading, the source said, the row's reasons in words.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await expect(page.getByTestId('my-students-source')).toContainText('Your caseload', { timeout: 30_000 });
  const row = page.locator(`[data-testid="my-student"][data-student="${STUDENT}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('attention-reason').filter({ hasText: 'new alert since your last visit' })).toBeVisible();
  await expect(row.getByTestId('attention-reason').filter({ hasText: /^\d+ open alerts?$/ })).toBeVisible();
  await expect(row).toContainText('1 new note since your last visit');
  // Attention order: the row with the most reasons first.
  const firstReasons = await page.getByTestId('my-student').first().getByTestId('attention-reason').count();
  expect(firstReasons).toBeGreaterThanOrEqual(await row.getByTestId('attention-reason').count());
  await expectNoSeriousA11yViolations(page, 'my students (light)');
  await screenshot(page, 'my-students-1440-light');

  // Sorted by name instead, kept in the URL.
  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'Name' }).click();
  await expect(page).toHaveURL(/\?sort=name$/);
  const names = await page.getByTestId('my-student').locator('a').allTextContents();
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

  // The timeline marks the colleague's alert as new since the last visit.
  await page.goto(`/students/${STUDENT}`);
  await expect(page.getByTestId('new-since-notice')).toContainText('1 new note since your last visit');
  const marked = page.getByRole('article').filter({ hasText: details });
  await expect(marked.getByText('New since your last visit')).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'student page with new marks');
  await screenshot(page, 'my-students-student-new-1440-light');

  // Following a student outside the network: a stated reason opens them, then Follow on their page.
  const grant = await page.request.post('/session/access', {
    headers: origin,
    data: { student: FOLLOWED, reason: 'Covering for a colleague on leave this week' },
  });
  expect(grant.status()).toBe(201);
  await page.goto(`/students/${FOLLOWED}`);
  await page.getByRole('button', { name: /^Follow / }).click();
  await expect(page.getByRole('button', { name: /^Stop following / })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/?show=watching');
  const followed = page.locator(`[data-testid="my-student"][data-student="${FOLLOWED}"]`);
  await expect(followed).toBeVisible({ timeout: 30_000 });
  await expect(followed.getByText('Watching')).toBeVisible();
  await expect(page.getByTestId('my-students-source')).toContainText('1 other student you follow');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page, 'my students (dark)');
  await screenshot(page, 'my-students-1440-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(followed).toBeVisible();
  await screenshot(page, 'my-students-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousA11yViolations(page, 'my students on a phone');
  await screenshot(page, 'my-students-390-light');

  await Promise.all([admin.context.close(), colleague.context.close(), advisor.context.close()]);
});

test('the page / carries a picture of the first rows; the app’s own rows, from the same reading, take its place', async ({ browser, baseURL }) => {
  const advisor = await as(browser, baseURL, 'E0002');
  const { page } = advisor;
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto('/');
  const html = (await response!.text()).replace(/\s+/g, ' ');
  expect(html).toContain('data-testid="my-student-picture"');
  await expect(page.getByTestId('my-student').first()).toBeVisible({ timeout: 30_000 });
  // The app's own rows replaced the picture (the shell is gone), in the same order.
  await expect(page.getByTestId('my-student-picture')).toHaveCount(0);
  const pictured = [...html.matchAll(/data-testid="my-student-picture"><div class="ss-card"><div class="ss-who"><a href="\/students\/([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(pictured.length).toBeGreaterThan(0);
  const live = await page.getByTestId('my-student').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-student')));
  expect(live.slice(0, pictured.length)).toEqual(pictured);

  // A sorted home is not pictured: the app reads it.
  const sorted = await page.request.get('/?sort=name', { headers: { accept: 'text/html' } });
  expect(await sorted.text()).not.toContain('my-student-picture');
  await advisor.context.close();
});
