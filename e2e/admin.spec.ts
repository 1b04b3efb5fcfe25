import { expect as baseExpect, test, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { screenshot, signIn, sameOrigin } from './support.ts';

/**
 * Category and trigger administration (issue 12). The server is shared by every spec of the run,
 * so each journey that changes categories or triggers puts them back as they were (through the
 * same gateway, signed in), whatever happened in between.
 *
 * Seed (SEED=1): categories 1–30, 20 of them active; trigger 3 creates data insights, trigger 1
 * alerts.
 */

// Every write here is followed by a refetch; on a shared, busy machine that takes seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

interface CategoryRecord {
  id: number;
  name: string;
  isActive: boolean;
}

async function categoriesNow(page: Page): Promise<CategoryRecord[]> {
  const response = await page.request.get('/api/notations/categories/?pageSize=1000');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { values: CategoryRecord[] }).values;
}

/** Puts every category back as `original` had it: deactivations first, so the 20-active rule never refuses. */
async function restoreCategories(page: Page, original: readonly CategoryRecord[]): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const now = await categoriesNow(page);
  const changed = original.filter((o) => {
    const c = now.find((x) => x.id === o.id);
    return c && (c.name !== o.name || c.isActive !== o.isActive);
  });
  for (const c of [...changed].sort((a, b) => Number(a.isActive) - Number(b.isActive))) {
    const response = await page.request.put(`/api/notations/categories/${c.id}`, { headers: sameOrigin(page), data: { name: c.name, isActive: c.isActive } });
    expect(response.status(), `restore category ${c.id}`).toBe(204);
  }
}

const rowOf = (page: Page, id: number) => page.getByTestId(`category-row-${id}`);
const notice = (page: Page) => page.getByTestId('category-notice');

async function openCategories(page: Page): Promise<CategoryRecord[]> {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const original = await categoriesNow(page);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText(`${original.filter((c) => c.isActive).length} of 21 active`);
  return original;
}

/** Activates inactive categories through the API until 21 are active; returns the ones it activated. */
async function fillToCap(page: Page): Promise<CategoryRecord[]> {
  const now = await categoriesNow(page);
  const room = 21 - now.filter((c) => c.isActive).length;
  const picked = now.filter((c) => !c.isActive).slice(0, room);
  for (const c of picked)
    expect((await page.request.put(`/api/notations/categories/${c.id}`, { headers: sameOrigin(page), data: { name: c.name, isActive: true } })).status()).toBe(
      204,
    );
  return picked;
}

test('rename: a duplicate name is refused before saving, Escape cancels, a rename relabels; deactivate', async ({ page }) => {
  const original = await openCategories(page);
  try {
    // 23 Study Skills, 24 Test Anxiety (seed).
    const row = rowOf(page, 23);
    // #31 item 12: opening Rename moves no column.
    const columns = () => page.locator('thead th').evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().left)));
    const before = await columns();
    await row.getByRole('button', { name: 'Rename Study Skills' }).click();
    expect(await columns()).toEqual(before);
    const field = row.getByLabel('New name for “Study Skills”');
    await field.fill('  test ANXIETY ');
    await expect(row).toContainText('Another category (#24) is already named “Test Anxiety”');
    await expect(row.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await field.fill('   ');
    await expect(row).toContainText('A name is required');
    await field.fill('x'.repeat(101));
    await expect(row).toContainText('At most 100 characters after trimming (this is 101)');
    await field.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(row).toContainText('Study Skills');

    await row.getByRole('button', { name: 'Rename Study Skills' }).click();
    await row.getByLabel('New name for “Study Skills”').fill('Study Skills and Habits');
    await expect(row).toContainText('The new name shows on every past notation with this category');
    await row.getByRole('button', { name: 'Save name' }).click();
    await expect(notice(page)).toContainText('Renamed “Study Skills” to “Study Skills and Habits”');
    await expect(rowOf(page, 23)).toContainText('Study Skills and Habits');
    expect((await categoriesNow(page)).find((c) => c.id === 23)?.name).toBe('Study Skills and Habits');

    // A refusal from the service keeps the typed text (someone took the name meanwhile).
    await page.route('**/api/notations/categories/23', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              detail: "Another category is already named 'Study Habits'. Nothing was changed.",
            }),
          })
        : route.fallback(),
    );
    await rowOf(page, 23).getByRole('button', { name: 'Rename Study Skills and Habits' }).click();
    await rowOf(page, 23).getByLabel('New name for “Study Skills and Habits”').fill('Study Habits');
    await rowOf(page, 23).getByRole('button', { name: 'Save name' }).click();
    await expect(rowOf(page, 23)).toContainText("Another category is already named 'Study Habits'");
    await expect(rowOf(page, 23).getByLabel('New name for “Study Skills and Habits”')).toHaveValue('Study Habits');
    await page.unrouteAll();
    await rowOf(page, 23).getByLabel('New name for “Study Skills and Habits”').press('Escape');

    await rowOf(page, 23).getByRole('button', { name: 'Deactivate Study Skills and Habits' }).click();
    await expect(notice(page)).toContainText('is now inactive');
    await expect(page.getByTestId('capacity')).toHaveText('19 of 21 active');
    await expect(rowOf(page, 23)).toContainText('Inactive');
  } finally {
    await restoreCategories(page, original);
  }
});

test('at the cap Activate is disabled with the reason; a guided swap; a 409 that still happens is explained', async ({ page }) => {
  const original = await openCategories(page);
  try {
    // 20 active: one more may be activated. A 409 anyway (someone else was quicker) is explained.
    await page.route('**/api/notations/categories/2', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              detail: 'Category 2 cannot be activated: 21 other categories are active. Nothing was changed.',
            }),
          })
        : route.fallback(),
    );
    await rowOf(page, 2).getByRole('button', { name: 'Activate Excessive Absences' }).click();
    await expect(notice(page)).toContainText('“Excessive Absences” was not activated: the service already counts too many active categories');
    await expect(notice(page)).toContainText('the list has been refreshed');
    await page.unrouteAll();

    await rowOf(page, 2).getByRole('button', { name: 'Activate Excessive Absences' }).click();
    await expect(page.getByTestId('capacity')).toHaveText('21 of 21 active');
    const blocked = rowOf(page, 4).getByRole('button', { name: 'Activate Missing Homework' });
    await expect(blocked).toBeDisabled();
    // #31 item 12: the reason is said once, on the capacity card, and each blocked button is described by it.
    await expect(page.getByText(/The cap is reached/)).toHaveCount(1);
    await expect(page.getByText(/Cannot activate/)).toHaveCount(0);
    await expect(blocked).toHaveAccessibleDescription(/The cap is reached: Activate is off for every inactive category/);
    await expect(
      page.getByText('At most 21 categories can be active: the service refuses to activate a category while more than 20 others are active'),
    ).toBeVisible();
    await screenshot(page, 'admin-categories-at-cap-light');

    // Swap: Excessive Absences out, Missing Homework in.
    await rowOf(page, 4).getByRole('button', { name: 'Swap in Missing Homework' }).click();
    const dialog = page.getByRole('dialog', { name: 'Swap categories' });
    await dialog.getByRole('combobox', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('option', { name: 'Excessive Absences' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Activate', exact: true })).toContainText('Missing Homework');
    await dialog.getByRole('button', { name: 'Swap' }).click();
    await expect(notice(page)).toContainText('Swapped: “Excessive Absences” is now inactive and “Missing Homework” is active.');
    const after = await categoriesNow(page);
    expect(after.find((c) => c.id === 2)?.isActive).toBe(false);
    expect(after.find((c) => c.id === 4)?.isActive).toBe(true);
    await expect(page.getByTestId('capacity')).toHaveText('21 of 21 active');
  } finally {
    await restoreCategories(page, original);
  }
});

test('a 409 injected mid-swap rolls back the first step and says where both stand', async ({ page }) => {
  const original = await openCategories(page);
  try {
    await fillToCap(page);
    await page.reload();
    await expect(page.getByTestId('capacity')).toHaveText('21 of 21 active');
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(`${new URL(r.url()).pathname} ${r.postData() ?? ''}`);
    });
    await page.route('**/api/notations/categories/6', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              detail: 'Category 6 cannot be activated: 21 other categories are active.',
            }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Swap categories…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Swap categories' });
    await dialog.getByRole('combobox', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('option', { name: 'Attendance Concern' }).click();
    await dialog.getByRole('combobox', { name: 'Activate', exact: true }).click();
    await page.getByRole('option', { name: 'Poor Grades' }).click();
    await dialog.getByRole('button', { name: 'Swap' }).click();
    await expect(notice(page)).toContainText('“Poor Grades” could not be activated');
    await expect(notice(page)).toContainText(
      'so “Attendance Concern” was activated again. Both are as they were: “Attendance Concern” active, “Poor Grades” inactive.',
    );
    expect(puts).toEqual([
      '/api/notations/categories/1 {"isActive":false,"name":"Attendance Concern"}',
      '/api/notations/categories/6 {"isActive":true,"name":"Poor Grades"}',
      '/api/notations/categories/1 {"isActive":true,"name":"Attendance Concern"}',
    ]);
    const after = await categoriesNow(page);
    expect(after.find((c) => c.id === 1)?.isActive).toBe(true);
    expect(after.find((c) => c.id === 6)?.isActive).toBe(false);
    await expect(page.getByTestId('capacity')).toHaveText('21 of 21 active');
  } finally {
    await restoreCategories(page, original);
  }
});

test('bulk deactivate with one injected failure, then retry of the failed one only', async ({ page }) => {
  const original = await openCategories(page);
  try {
    const sent: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') sent.push(Number(new URL(r.url()).pathname.split('/').pop()));
    });
    let failures = 0;
    await page.route('**/api/notations/categories/13', (route) => {
      if (route.request().method() === 'PUT' && failures === 0) {
        failures += 1;
        return route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Unavailable', status: 503, detail: 'The service is briefly unavailable.' }),
        });
      }
      return route.fallback();
    });
    await page.getByLabel('Search categories').fill('t');
    for (const name of ['Late Assignments', 'Tutoring Recommended', 'Test Anxiety']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    // Checked against the cap first: activation of active ones is not offered.
    await expect(page.getByRole('button', { name: 'Activate selected (0)' })).toBeDisabled();
    await page.getByRole('button', { name: 'Deactivate selected (3)' }).click();
    await expect(page.getByText('2 of 3 deactivated, 1 failed.')).toBeVisible();
    await expect(page.getByTestId('bulk-result-13')).toContainText('failed — “Tutoring Recommended” was not changed: The service is briefly unavailable.');
    await expect(page.getByTestId('bulk-result-11')).toContainText('deactivated');
    await page.getByRole('button', { name: 'Retry the 1 failed' }).click();
    await expect(page.getByText('3 of 3 deactivated.')).toBeVisible();
    expect(sent.sort((a, b) => a - b)).toEqual([11, 13, 13, 24]);
    await expect(page.getByTestId('capacity')).toHaveText('17 of 21 active');

    // Bulk activation checked against the cap before anything is sent.
    await fillToCap(page);
    await page.reload();
    await page.getByRole('checkbox', { name: 'Select Late Assignments' }).check();
    await expect(page.getByTestId('bulk-block')).toContainText('Activating 1 would make 22 active; the most allowed is 21');
    await expect(page.getByRole('button', { name: 'Activate selected (1)' })).toBeDisabled();
  } finally {
    await restoreCategories(page, original);
  }
});

test('usage over a window: progress, counts per category, and the unused filter', async ({ page }) => {
  await openCategories(page);
  await page.getByRole('button', { name: 'Count usage' }).click();
  await expect(page.getByTestId('usage-summary')).toContainText(/Counted [\d,]+ updates and [\d,]+ alerts created from/, { timeout: 60_000 });
  await expect(page.getByTestId('usage-1')).toContainText(/\d+ updates, \d+ alerts/);
  await page.getByLabel('Unused in the window').check();
  // Inactive categories retired long ago are unused in the last 90 days; Attendance Concern is not.
  await expect(rowOf(page, 1)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^\d+ of 30 categories$/ })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('unused')).toBe('1');
});

interface Trigger {
  id: number;
  name: string;
  additionalAdvice: string;
  elevateToAlert: boolean;
}

async function triggerNow(page: Page, id: number): Promise<Trigger> {
  return (await (await page.request.get(`/api/notations/triggers/${id}`)).json()) as Trigger;
}

async function restoreTrigger(page: Page, original: Trigger): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const me = (await (await page.request.get('/session')).json()) as { identifier: string };
  const response = await page.request.patch(`/api/notations/triggers/${original.id}`, {
    headers: sameOrigin(page),
    data: {
      name: original.name,
      additionalAdvice: original.additionalAdvice,
      elevateToAlert: original.elevateToAlert,
      modifiedBy: { identifier: me.identifier },
    },
  });
  expect(response.status()).toBe(204);
}

test('edit a trigger: the contract rules, a diff of what will change, the warning, save', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const original = await triggerNow(page, 5);
  try {
    await page.goto('/admin/triggers');
    await page.getByLabel('Search triggers').fill(original.name.slice(0, 8));
    await page.getByRole('link', { name: original.name }).click();
    await expect(page.getByRole('heading', { name: original.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('trigger-fields')).toContainText('Audience');
    await expect(page.getByText('Notations this trigger created earlier are not changed')).toBeVisible();
    const name = page.getByLabel('Name');
    await name.fill('   ');
    await expect(page.getByText('must not be blank')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await name.fill(`${original.name} (revised)`);
    await page.getByLabel('Additional advice').fill('Call the student this week.');
    const diff = page.getByTestId('trigger-diff');
    await expect(diff).toContainText('Name');
    await expect(diff).toContainText(`${original.name} (revised)`);
    await expect(diff).toContainText('Call the student this week.');
    await expect(diff.getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved. Earlier notations are unchanged.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${original.name} (revised)`, level: 1 })).toBeVisible();
    expect(await triggerNow(page, 5)).toMatchObject({
      name: `${original.name} (revised)`,
      additionalAdvice: 'Call the student this week.',
      elevateToAlert: original.elevateToAlert,
    });
  } finally {
    await restoreTrigger(page, original);
  }
});

test('apply to pasted identifiers: the unknown one is refused before sending; the notations appear on the timelines', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const trigger = await triggerNow(page, 1);
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(r.postData() ?? '');
  });
  await page.goto('/admin/triggers/1');
  await page.getByRole('link', { name: 'Apply to students…' }).click();
  await expect(page.getByRole('heading', { name: `Apply “${trigger.name}”`, level: 1 })).toBeVisible();
  await page.getByLabel('Student identifiers').fill('S000411, S000412;S000412\tX999999\nE0002');
  await page.getByRole('button', { name: 'Check and preview' }).click();
  const problems = page.getByTestId('identifier-problems');
  await expect(problems).toContainText('Unknown (no such person): X999999');
  await expect(problems).toContainText('Not students: E0002');
  await expect(problems).toContainText('Given more than once (sent once): S000412 ×2');
  await expect(page.getByTestId('preview-summary')).toHaveText('Each of these 2 students will get exactly this notation:');
  const preview = page.getByTestId('notation-preview');
  await expect(preview).toContainText('Alert (Open)');
  await expect(preview).toContainText(trigger.name);
  await expect(page.getByTestId('preview-S000411')).toContainText('Alert');
  await expectNoSeriousA11yViolations(page, 'apply preview (light)');
  await screenshot(page, 'admin-apply-preview-light');
  expect(patches).toEqual([]);

  await page.getByRole('button', { name: 'Apply to 2 students' }).click();
  await expect(page.getByTestId('apply-progress')).toHaveText('2 of 2 students done.');
  expect(patches.map((p) => (JSON.parse(p) as { studentIdentifiers: string[] }).studentIdentifiers)).toEqual([['S000411', 'S000412']]);
  await expect(page.getByTestId('created-count')).toHaveText('2 alerts created for 2 students since the start.');
  await page.getByRole('link', { name: /^Alert #\d+ for S000411$/ }).click();
  await expect(page).toHaveURL(/\/students\/S000411\?kinds=alert$/);
  await expect(page.getByText(trigger.name).first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/students/S000412?kinds=alert');
  await expect(page.getByText(trigger.name).first()).toBeVisible({ timeout: 30_000 });

  // Applying again warns about those who received one in the last 30 days.
  await page.goto('/admin/triggers/1/apply?students=S000411,S000413');
  await page.getByRole('button', { name: 'Check and preview' }).click();
  await expect(page.getByTestId('recent-warning')).toContainText('1 student already received a notation from this trigger in the last 30 days: S000411');
});

test('apply: an identifier typed in another case is offered in the service’s case, as the student page does (#31 item 11)', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await page.goto('/admin/triggers/1/apply');
  await page.getByLabel('Student identifiers').fill('s000414, S000415');
  await page.getByRole('button', { name: 'Check and preview' }).click();
  const likely = page.getByTestId('likely-identifiers');
  await expect(likely).toContainText(/In another case: s000414 — did you mean S000414 \(.+\)\?/);
  await expect(page.getByTestId('preview-summary')).toHaveText('This student will get exactly this notation:');
  await likely.getByRole('button', { name: 'Use S000414' }).click();
  await expect(page.getByLabel('Student identifiers')).toHaveValue('S000414, S000415');
  await expect(page.getByTestId('preview-summary')).toHaveText('Each of these 2 students will get exactly this notation:');
  await expect(page.getByTestId('identifier-problems')).toHaveCount(0);
});

test('apply in chunks of 100: a failed chunk is listed with its reason and retried alone', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const ids = Array.from({ length: 150 }, (_, i) => `S${String(431 + i).padStart(6, '0')}`);
  const sent: string[][] = [];
  let failed = false;
  await page.route('**/api/notations/triggers/3', (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    const body = JSON.parse(route.request().postData() ?? '{}') as { studentIdentifiers: string[] };
    sent.push(body.studentIdentifiers);
    if (!failed && body.studentIdentifiers[0] === ids[100]) {
      failed = true;
      return route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Unavailable', status: 503, detail: 'The service is briefly unavailable.' }),
      });
    }
    return route.fallback();
  });
  await page.goto(`/admin/triggers/3/apply?students=${ids.join(',')}`);
  await expect(page.getByText('150 students handed over from another page.')).toBeVisible();
  await page.getByRole('button', { name: 'Check and preview' }).click();
  await expect(page.getByTestId('preview-summary')).toHaveText('Each of these 150 students will get exactly this notation:', { timeout: 30_000 });
  const apply = page.getByRole('button', { name: 'Apply to 150 students' });
  await expect(apply).toBeDisabled();
  await page.getByLabel('Type 150 to confirm').fill('15');
  await expect(apply).toBeDisabled();
  await page.getByLabel('Type 150 to confirm').fill('150');
  await apply.click();
  // A 503 may come from a gateway in front of a service that did the work: the retry checks first (#31 item 1).
  await expect(page.getByTestId('apply-progress')).toHaveText(
    '100 of 150 students done; 1 chunk failed, for 50 students of which the service may have applied it: Retry checks first.',
  );
  await expect(page.getByTestId('chunk-1')).toContainText('failed — The service is briefly unavailable.');
  await expect(page.getByTestId('chunk-0')).toContainText('done');
  await page.getByTestId('chunk-1').getByRole('button', { name: 'Retry this chunk' }).click();
  await expect(page.getByTestId('apply-progress')).toHaveText('150 of 150 students done.');
  expect(sent.map((chunk) => [chunk.length, chunk[0]])).toEqual([
    [100, ids[0]],
    [50, ids[100]],
    [50, ids[100]],
  ]);
  await expect(page.getByTestId('created-count')).toHaveText('150 data insights created for 150 students since the start.', { timeout: 30_000 });
});

/** Everything the gateway says about the session, with permissions that refuse administration. */
async function asNonAdmin(page: Page): Promise<void> {
  await page.route('**/session', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const session = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...session,
        groups: ['staff'],
        permissions: { editCategories: false, editTriggers: false, editNetworks: false },
        requiredGroups: { staff: 'staff', admin: 'student-success-admins', network: 'network-editors' },
      },
    });
  });
}

test('a chunk applied by the service whose answer was lost: the retry sends nothing again, and says so (#31 item 1)', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const ids = Array.from({ length: 150 }, (_, i) => `S${String(281 + i).padStart(6, '0')}`);
  const sent: string[][] = [];
  let lost = false;
  await page.route('**/api/notations/triggers/4', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    const body = JSON.parse(route.request().postData() ?? '{}') as { studentIdentifiers: string[] };
    sent.push(body.studentIdentifiers);
    if (!lost && body.studentIdentifiers[0] === ids[100]) {
      lost = true;
      // The request reaches the service and is carried out; the connection drops before the answer.
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
  await page.goto(`/admin/triggers/4/apply?students=${ids.join(',')}`);
  await page.getByRole('button', { name: 'Check and preview' }).click();
  await expect(page.getByTestId('preview-summary')).toHaveText('Each of these 150 students will get exactly this notation:', { timeout: 30_000 });
  await page.getByLabel('Type 150 to confirm').fill('150');
  await page.getByRole('button', { name: 'Apply to 150 students' }).click();
  await expect(page.getByTestId('apply-progress')).toHaveText(
    '100 of 150 students done; 1 chunk failed, for 50 students of which the service may have applied it: Retry checks first.',
  );
  await expect(page.getByTestId('chunk-1')).toContainText('The service may have applied it; a retry checks first and sends only the rest');
  await page.getByTestId('chunk-1').getByRole('button', { name: 'Retry this chunk' }).click();
  await expect(page.getByTestId('apply-progress')).toHaveText(
    '150 of 150 students done (50 of them found already applied by an attempt whose answer was lost, not sent again).',
  );
  await expect(page.getByTestId('chunk-1')).toContainText('done: 50 already had it, 0 sent now');
  expect(sent.map((chunk) => [chunk.length, chunk[0]])).toEqual([
    [100, ids[0]],
    [50, ids[100]],
  ]);
  await expect(page.getByTestId('created-count')).toHaveText(/^150 (alerts|data insights) created for 150 students since the start\.$/, { timeout: 30_000 });
});

test('someone outside the admin group sees both pages read-only, with the reason', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await asNonAdmin(page);
  await page.goto('/admin/categories');
  await expect(page.getByTestId('read-only')).toContainText(
    'You can see this but not edit categories: that needs membership of the “student-success-admins” group.',
  );
  await expect(page.getByTestId('capacity')).toBeVisible();
  await expect(rowOf(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Rename|Activate|Deactivate) / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Swap categories…' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);

  await page.goto('/admin/triggers');
  await expect(page.getByTestId('read-only')).toContainText(
    'not edit triggers or apply them to students: that needs membership of the “student-success-admins” group.',
  );
  await page.goto('/admin/triggers/1');
  await expect(page.getByTestId('trigger-fields')).toBeVisible();
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Apply to students…' })).toHaveCount(0);
  await page.goto('/admin/triggers/1/apply?students=S000001');
  await page.getByRole('button', { name: 'Check and preview' }).click();
  await expect(page.getByRole('button', { name: 'Apply to 1 student' })).toBeDisabled();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`admin pages: axe and screenshots at desktop and phone size, ${scheme} scheme`, async ({ page }) => {
    // Ten axe runs over long tables: minutes on a busy machine.
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, 'E0001');
    await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
    for (const [width, height, size] of [
      [1440, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/admin/categories');
      await expect(rowOf(page, 1)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/categories (${scheme}, ${size})`);
      await screenshot(page, `admin-categories-${scheme}-${size}`);
      await rowOf(page, 3).getByRole('button', { name: 'Rename Missing Assignments' }).click();
      await rowOf(page, 3).getByLabel('New name for “Missing Assignments”').fill('late assignments');
      await expectNoSeriousA11yViolations(page, `/admin/categories rename (${scheme}, ${size})`);
      await screenshot(page, `admin-categories-rename-${scheme}-${size}`);
      await page.keyboard.press('Escape');

      await page.goto('/admin/triggers');
      await expect(page.getByTestId('trigger-row-1')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/triggers (${scheme}, ${size})`);
      await screenshot(page, `admin-triggers-${scheme}-${size}`);

      await page.goto('/admin/triggers/2');
      await expect(page.getByTestId('trigger-fields')).toBeVisible();
      await page.getByLabel('Additional advice').fill('Changed advice, not saved.');
      await expect(page.getByTestId('trigger-diff')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/triggers/2 (${scheme}, ${size})`);
      await screenshot(page, `admin-trigger-${scheme}-${size}`);

      await page.goto('/admin/triggers/2/apply?students=S000001,S000002,X1');
      await page.getByRole('button', { name: 'Check and preview' }).click();
      await expect(page.getByTestId('preview-S000001')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/triggers/2/apply (${scheme}, ${size})`);
      await screenshot(page, `admin-apply-${scheme}-${size}`);
    }
  });
}
