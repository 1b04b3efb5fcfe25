import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { SCHEMES, SCREENS, expectNoHorizontalOverflow, layoutScreenshot, useScreen } from './layout.ts';
import { screenshot, signIn, sameOrigin } from './support.ts';

test.describe.configure({ timeout: 90_000 });

/**
 * Success networks (`/students/:identifier/network`) and caseloads (`/caseloads`): editing with
 * lost-update protection, undo, a caseload and a bulk replacement with one injected failure, the
 * read-only view, accessibility (axe) in both schemes and screenshots.
 *
 * The server's data is shared by every spec of the run (SEED=1, in memory), so each test puts
 * back the networks it changed. Concurrent changes are written straight through the API (E16)
 * with the test's own session, as a colleague in another tab would.
 */

const api = (student: string) => `/api/people/${encodeURIComponent(student)}/successNetwork`;

async function networkOf(page: Page, student: string): Promise<string[]> {
  const response = await page.request.get(api(student));
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { values: { href: string }[] };
  return body.values.map((link) => decodeURIComponent(link.href.split('/').pop()!));
}

async function putNetwork(page: Page, student: string, members: string[]): Promise<void> {
  const response = await page.request.put(api(student), { headers: sameOrigin(page), data: members.map((identifier) => ({ identifier })) });
  expect(response.status(), `PUT ${student}`).toBe(204);
}

const membersOf = (page: Page) => page.getByTestId('network-member');
const memberIds = (page: Page) => membersOf(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-identifier') ?? ''));
const row = (page: Page, identifier: string): Locator => page.locator(`[data-testid="network-member"][data-identifier="${identifier}"]`);

/** Signed in, on the student's network editor with its members shown. */
async function openEditor(page: Page, student: string): Promise<string[]> {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const original = await networkOf(page, student);
  await page.goto(`/students/${student}/network`);
  await expect(page.getByRole('heading', { name: 'Success network', level: 1 })).toBeVisible();
  await expect(membersOf(page)).toHaveCount(original.length);
  return original;
}

async function addPerson(page: Page, identifier: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Add a person' }).fill(identifier);
  await page.getByRole('option', { name: new RegExp(identifier) }).click();
  await expect(row(page, identifier)).toBeVisible();
}

test('add, reorder by keyboard, remove, see the pending diff and save', async ({ page }) => {
  const student = 'S000012';
  const original = await openEditor(page, student);
  try {
    const [first, second, third] = original as [string, string, string];
    await addPerson(page, 'E0042');
    await expect(page.getByTestId('pending-changes')).toContainText('Unsaved changes: +1');

    // Move up twice with the keyboard: the focus stays on the moved person's button.
    await row(page, 'E0042').getByRole('button', { name: /up$/ }).focus();
    await page.keyboard.press('Enter');
    await expect(row(page, 'E0042').getByRole('button', { name: /up$/ })).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await memberIds(page)).indexOf('E0042')).toBe(original.length - 2);

    // dnd-kit's keyboard sensor: Space picks the first member up, ArrowDown moves, Space drops.
    await row(page, first)
      .getByRole('button', { name: /^Reorder/ })
      .focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    // The drop settles after dnd-kit's drop animation: wait for it.
    await expect.poll(async () => (await memberIds(page)).slice(0, 2)).toEqual([second, first]);

    await row(page, third)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(row(page, third)).toHaveCount(0);

    const pending = page.getByTestId('pending-changes');
    await expect(pending).toContainText('Unsaved changes: +1, −1, order changed');
    await expect(pending).toContainText('These people lose access:');
    await expect(pending).toContainText(third);

    // The rules, inline: the student themself and someone already there are refused.
    await page.getByRole('combobox', { name: 'Add a person' }).fill(student);
    await page.keyboard.press('Enter');
    await expect(page.getByText('That is the student: nobody can be in their own success network.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Add a person' }).fill(second);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Already in the network.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Add a person' }).fill('');

    const expected = await memberIds(page);
    await page.getByRole('button', { name: 'Save network' }).click();
    await expect(page.getByText(/^Saved \(\+1, −1, order changed\)\.$/)).toBeVisible();
    expect(await networkOf(page, student)).toEqual(expected);
    await expect(page.getByTestId('pending-changes')).toHaveText('No unsaved changes.');
  } finally {
    await putNetwork(page, student, original);
  }
});

test('a concurrent change is merged when disjoint and shown as a conflict when it overlaps', async ({ page }) => {
  const student = 'S000013';
  const original = await openEditor(page, student);
  try {
    // Disjoint: I add E0042; meanwhile a colleague removes the last member.
    await addPerson(page, 'E0042');
    const theirs = original.slice(0, -1);
    await putNetwork(page, student, theirs);
    await page.getByRole('button', { name: 'Save network' }).click();
    await expect(page.getByText(/merged with a change saved meanwhile/).first()).toBeVisible();
    // What the other change was, by name, and who made it (#31 item 8): here this test's own session, through the API.
    const removed = (await (await page.request.get(`/api/people/${original.at(-1)}`)).json()) as { firstName: string; lastName: string };
    await expect(page.getByTestId('merged-notice')).toHaveText(
      `While you were editing, you (in another tab or window) saved a change to this network: removed ${removed.firstName} ${removed.lastName}. Your save kept both.`,
    );
    expect(await networkOf(page, student)).toEqual([...theirs, 'E0042']);
    for (const screen of SCREENS) {
      for (const scheme of SCHEMES) {
        await useScreen(page, screen, scheme);
        await layoutScreenshot(page, 'network-merged-notice', screen, scheme);
      }
    }
    await useScreen(page, SCREENS[0], 'light');
    await expect(membersOf(page)).toHaveCount(theirs.length + 1);

    // Overlapping: I move the last member to the top; they swap the first two.
    const now = [...theirs, 'E0042'];
    const last = now[now.length - 1]!;
    for (let i = now.length - 1; i > 0; i -= 1) await row(page, last).getByRole('button', { name: /up$/ }).click();
    expect((await memberIds(page))[0]).toBe(last);
    const swapped = [now[1]!, now[0]!, ...now.slice(2)];
    await putNetwork(page, student, swapped);
    await page.getByRole('button', { name: 'Save network' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else changed this network' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Both changed the order of the network.');
    await expect(dialog.getByTestId('conflict-theirs')).toBeVisible();
    await expect(dialog.getByTestId('conflict-yours')).toBeVisible();
    await expect(dialog.getByTestId('conflict-merged')).toBeVisible();
    // Nothing was written: the network is still theirs.
    expect(await networkOf(page, student)).toEqual(swapped);
    await expectNoSeriousA11yViolations(page, 'conflict dialog');
    await screenshot(page, 'network-conflict-light');
    await dialog.getByRole('button', { name: 'Save yours' }).click();
    await expect(dialog).toBeHidden();
    expect(await networkOf(page, student)).toEqual([last, ...now.slice(0, -1)]);
  } finally {
    await putNetwork(page, student, original);
  }
});

test('undo restores the network, from the snackbar and from the history of saves', async ({ page }) => {
  const student = 'S000014';
  const original = await openEditor(page, student);
  try {
    await row(page, original[0]!)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await page.getByRole('button', { name: 'Save network' }).click();
    const snackbar = page.locator('.MuiSnackbar-root');
    await expect(snackbar).toContainText('Saved (−1).');
    expect(await networkOf(page, student)).toEqual(original.slice(1));
    // Still offered after 10 s.
    await page.waitForTimeout(10_500);
    await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Undo' }).click();
    await expect(page.locator('.MuiSnackbar-root')).toContainText('Undone (+1).');
    expect(await networkOf(page, student)).toEqual(original);
    await expect(membersOf(page)).toHaveCount(original.length);

    // Again, undone from the history this time (after the snackbar has gone).
    await addPerson(page, 'E0042');
    await page.getByRole('button', { name: 'Save network' }).click();
    await expect.poll(() => networkOf(page, student)).toEqual([...original, 'E0042']);
    const history = page.getByRole('list', { name: 'Your saves in this session' });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await history
      .getByRole('button', { name: /^Undo the save at/ })
      .first()
      .click();
    await expect.poll(() => networkOf(page, student)).toEqual(original);
    await expect(history.getByRole('button', { name: /^Undone/ })).toHaveCount(2);
  } finally {
    await putNetwork(page, student, original);
  }
});

test('a caseload lists its students; replace X with Y across 25 students with one failure, retry it alone, undo the batch', async ({ page }) => {
  const [x, y] = ['E0015', 'E0042'];
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const listed = (await (await page.request.get(`/api/people/${x}/caseload?pageSize=1000`)).json()) as {
    totalValues: number;
    values: { identifier: string }[];
  };
  const students = listed.values.map((p) => p.identifier);
  expect(students).toHaveLength(25);
  const before = new Map<string, string[]>();
  for (const s of students) before.set(s, await networkOf(page, s));

  try {
    await page.goto(`/caseloads?staff=${x}`);
    await expect(page.getByRole('heading', { name: 'Caseloads', level: 1 })).toBeVisible();
    await expect(page.getByTestId('caseload-count')).toContainText(': 25 students.', { timeout: 30_000 });
    await expect(page.getByRole('grid', { name: 'Students in this caseload' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByTestId('bulk-students')).toHaveText('25 students, the whole caseload.');

    await expect(page.getByTestId('chosen-person-to-replace')).toContainText(x);
    await page.getByRole('combobox', { name: 'Replacement' }).fill(y);
    await page.getByRole('option', { name: new RegExp(y) }).click();
    await page.getByRole('button', { name: 'Preview 25 students' }).click();
    await expect(page.getByTestId('bulk-summary')).toContainText('Preview: 25 will change, 0 unchanged, 0 unknown. Nothing is written yet.', {
      timeout: 30_000,
    });
    // A preview writes nothing.
    expect(await networkOf(page, students[0]!)).toEqual(before.get(students[0]!));

    const failing = students[7]!;
    const isFailingPut = (url: URL) => url.pathname === api(failing);
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/successNetwork')) puts.push(new URL(request.url()).pathname);
    });
    await page.route(isFailingPut, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Unavailable', status: 503, detail: 'Injected failure.' }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Apply to 25 students' }).click();
    await expect(page.getByTestId('bulk-summary')).toContainText('Saved 24 of 25. 1 failed.', { timeout: 30_000 });
    // Named, not identified (#31 item 8).
    const who = (await (await page.request.get(`/api/people/${failing}`)).json()) as { firstName: string; lastName: string };
    await expect(page.getByTestId('bulk-problems')).toContainText(`${who.firstName} ${who.lastName}: Failed: Injected failure.`);
    expect(puts).toHaveLength(25);
    await page.unroute(isFailingPut);

    puts.length = 0;
    await page.getByRole('button', { name: 'Retry failed (1)' }).click();
    await expect(page.getByTestId('bulk-summary')).toContainText('Saved 25 of 25.', { timeout: 30_000 });
    expect(puts).toEqual([api(failing)]);
    for (const s of students) {
      const now = await networkOf(page, s);
      expect(now, s).not.toContain(x);
      expect(now, s).toContain(y);
    }
    await expectNoSeriousA11yViolations(page, 'caseloads after a bulk run');

    await page.getByRole('button', { name: 'Undo this batch (25)' }).click();
    await expect(page.getByTestId('bulk-summary')).toContainText('Undone 25 of 25.', { timeout: 30_000 });
    for (const s of students) expect(await networkOf(page, s), s).toEqual(before.get(s));
  } finally {
    for (const [s, members] of before) await putNetwork(page, s, members);
  }
});

test('students handed over in the URL and pasted identifiers, with unknown ones listed before anything is written', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await page.goto('/caseloads?students=S000020,S000021,S999999');
  await expect(page.getByTestId('bulk-students')).toHaveText('3 students, handed over from another page.');
  await page.getByRole('radio', { name: /^Add a person/ }).check();
  await page.getByRole('combobox', { name: 'Person to add' }).fill('E0042');
  await page.getByRole('option', { name: /E0042/ }).click();
  await page.getByRole('button', { name: 'Preview 3 students' }).click();
  await expect(page.getByTestId('bulk-unknown')).toContainText('Unknown students (skipped): S999999');
  await expect(page.getByTestId('bulk-summary')).toContainText('Nothing is written yet.');

  await page.getByRole('textbox', { name: 'Paste student identifiers' }).fill('S000022\nS000023, S000023');
  await page.getByRole('button', { name: 'Use pasted' }).click();
  await expect(page.getByTestId('bulk-students')).toHaveText('2 students, pasted.');
});

test('a person without the permission sees the network read-only, with the reason', async ({ page }) => {
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  await page.route(
    (url) => url.pathname === '/session',
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const session = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...session,
          permissions: { editCategories: false, editTriggers: false, editNetworks: false },
          requiredGroups: { staff: 'staff', admin: 'admins', network: 'network-editors' },
        },
      });
    },
  );
  await page.goto('/students/S000012/network');
  await expect(page.getByTestId('read-only-reason')).toContainText('that needs membership of the “network-editors” or “admins” group');
  await expect(membersOf(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save network' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Add a person' })).toHaveCount(0);

  await page.goto('/caseloads?staff=E0015');
  await expect(page.getByTestId('read-only-reason')).toContainText('You can preview, but not save.');
});

for (const scheme of ['light', 'dark'] as const) {
  for (const [width, height, size] of [
    [1440, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    test(`axe and screenshots in the ${scheme} scheme at ${size} size`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await signIn(page, 'E0001');
      await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
      const members = await networkOf(page, 'S000016');
      const newcomer = ['E0042', 'E0043', 'E0044'].find((id) => !members.includes(id))!;
      await page.goto('/students/S000016/network');
      await expect(membersOf(page)).toHaveCount(members.length);
      await addPerson(page, newcomer);
      await expect(page.getByTestId('pending-changes')).toContainText('+1');
      await expectNoSeriousA11yViolations(page, `network editor (${scheme}, ${size})`);
      await screenshot(page, `network-editor-${size}-${scheme}`);

      await page.goto('/caseloads?staff=E0015');
      await expect(page.getByTestId('caseload-count')).toContainText('25 students', { timeout: 30_000 });
      await page.getByRole('combobox', { name: 'Replacement' }).fill('E0042');
      await page.getByRole('option', { name: /E0042/ }).click();
      await page.getByRole('button', { name: 'Preview 25 students' }).click();
      await expect(page.getByTestId('bulk-summary')).toContainText('Nothing is written yet.', { timeout: 30_000 });
      await expectNoSeriousA11yViolations(page, `caseloads (${scheme}, ${size})`);
      await screenshot(page, `caseloads-${size}-${scheme}`);
    });
  }
}

test('a bulk reassignment is kept by the gateway: undone after a reload from the caseloads page, and from the journal (#31 item 4)', async ({ page }) => {
  const staff = 'E0042';
  await signIn(page, 'E0001');
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const students = ['S000030', 'S000031', 'S000032'];
  const before = new Map<string, string[]>();
  for (const s of students)
    before.set(
      s,
      (await networkOf(page, s)).filter((m) => m !== staff),
    );
  for (const [s, members] of before) await putNetwork(page, s, members);

  const addTo = async (handed: string[]) => {
    await page.goto(`/caseloads?students=${handed.join(',')}`);
    await page.getByRole('radio', { name: /^Add a person/ }).check();
    await page.getByRole('combobox', { name: 'Person to add' }).fill(staff);
    await page.getByRole('option', { name: new RegExp(staff) }).click();
    await page.getByRole('button', { name: `Preview ${handed.length} students` }).click();
    await page.getByRole('button', { name: `Apply to ${handed.length} ${handed.length === 1 ? 'student' : 'students'}` }).click();
    await expect(page.getByTestId('bulk-summary')).toContainText(`Saved ${handed.length} of ${handed.length}.`, { timeout: 30_000 });
  };

  try {
    await addTo(['S000030', 'S000031']);
    for (const s of ['S000030', 'S000031']) expect(await networkOf(page, s), s).toContain(staff);

    // The page's memory of the run is gone; the gateway's record of it is not.
    await page.reload();
    const batch = page
      .getByTestId('recent-batch')
      .filter({ hasText: `Add ${staff} to 2 students` })
      .first();
    await expect(batch.getByTestId('batch-state')).toHaveText('Wrote 2 networks.');
    for (const screen of SCREENS) {
      for (const scheme of SCHEMES) {
        await useScreen(page, screen, scheme);
        await batch.scrollIntoViewIfNeeded();
        await expectNoHorizontalOverflow(page, `recent bulk reassignments at ${screen.name} (${scheme})`);
        await page.screenshot({ path: `e2e/screenshots/layout/caseloads-recent-batches-${screen.name}-${scheme}.png` });
      }
    }
    await useScreen(page, SCREENS[0], 'light');
    await batch.getByRole('button', { name: 'Undo: put back 2 networks' }).click();
    await expect(batch.getByTestId('batch-undo-result')).toHaveText('Put back 2 of 2.', { timeout: 30_000 });
    await expect(batch.getByTestId('batch-state')).toHaveText('Wrote 2 networks, all put back.');
    for (const s of ['S000030', 'S000031']) expect(await networkOf(page, s), s).toEqual(before.get(s));
    await expectNoSeriousA11yViolations(page, 'caseloads with recent bulk reassignments');

    // From the journal, another day (here: another page load).
    await addTo(['S000032']);
    await page.goto('/admin/journal?target=network%2FS000032');
    const entry = page.getByTestId('journal-entry').filter({ hasText: 'Part of bulk reassignment' }).first();
    await entry.getByRole('button', { name: 'Undo this batch' }).click();
    await entry.getByRole('button', { name: 'Undo: put back 1 network' }).click();
    await expect(entry.getByTestId('batch-undo-result')).toHaveText('Put back 1 of 1.', { timeout: 30_000 });
    expect(await networkOf(page, 'S000032')).toEqual(before.get('S000032'));
    for (const screen of SCREENS) {
      for (const scheme of SCHEMES) {
        await useScreen(page, screen, scheme);
        await entry.scrollIntoViewIfNeeded();
        await expectNoHorizontalOverflow(page, `the journal's batch undo at ${screen.name} (${scheme})`);
        await page.screenshot({ path: `e2e/screenshots/layout/journal-batch-undone-${screen.name}-${scheme}.png` });
      }
    }
  } finally {
    for (const [s, members] of before) await putNetwork(page, s, members);
  }
});
