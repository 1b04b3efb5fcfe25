import { expect, test, type Page } from './fixtures.ts';
import { api, layoutScreenshot, SCHEMES, SCREENS, useScreen, type Envelope } from './layout.ts';
import { sameOrigin, signIn } from './support.ts';

/**
 * Issue 31, items 13, 14, 15 and 9 (the rest): what a person saw cut, crowded or credited wrongly,
 * on a desk (1440×900) and a phone (390×844). Screenshots go to e2e/screenshots/layout.
 */

test.describe.configure({ timeout: 180_000 });

const [DESK, PHONE] = SCREENS;
const summaryOf = (page: Page) => page.getByTestId('triage-summary');
const queueRows = (page: Page) => page.getByRole('grid', { name: 'Alert queue', exact: true }).locator('[role="row"][data-id]');

async function openAlerts(page: Page, path = '/alerts'): Promise<void> {
  await page.goto(path);
  await expect(summaryOf(page)).toHaveText(/ of [\d,]+ alerts? created from /, { timeout: 30_000 });
}

test.describe('item 13: /alerts', () => {
  test('on a phone, three alert cards on the first screen, above the bottom bar, in both schemes', async ({ page }) => {
    await signIn(page);
    for (const scheme of SCHEMES) {
      await useScreen(page, PHONE, scheme);
      await openAlerts(page);
      const cards = page.getByTestId('triage-card');
      await expect(cards.nth(2)).toBeVisible({ timeout: 30_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
      const third = await cards.nth(2).boundingBox();
      expect(third!.y + third!.height, `${scheme}: the third card ends above the bottom bar (at ${bar!.y} px)`).toBeLessThanOrEqual(bar!.y);
      // Each card still offers what a row does: select, open, lower (thumb-sized).
      const first = cards.first();
      for (const name of [/^Open the alert for /, /^Lower the alert for /]) {
        const box = await first.getByRole('button', { name }).boundingBox();
        expect(box!.height, `${name} is a thumb's target`).toBeGreaterThanOrEqual(40);
      }
      await layoutScreenshot(page, 'i31-alerts-cards', PHONE, scheme);
    }
  });

  test('on a desk, identifiers, the category chips and Details are never cut mid-word', async ({ page }) => {
    await signIn(page);
    for (const scheme of SCHEMES) {
      await useScreen(page, DESK, scheme);
      await openAlerts(page);
      await expect(queueRows(page).nth(10)).toBeVisible({ timeout: 30_000 });
      // Let the cells fit their text (a layout effect) and the chips their row.
      await page.waitForTimeout(500);
      const cut = await page.evaluate(() => {
        const found: string[] = [];
        for (const id of document.querySelectorAll<HTMLElement>('[role="grid"] [data-field="student"] .triage-identifier')) {
          const cell = id.closest('[data-field]')!.getBoundingClientRect();
          const box = id.getBoundingClientRect();
          if (box.right > cell.right + 0.5 || id.scrollWidth > id.clientWidth + 1) found.push(`identifier ${id.textContent} cut`);
        }
        for (const cell of document.querySelectorAll<HTMLElement>('[role="grid"] [role="row"][data-id] [data-field="details"]')) {
          const clamp = cell.querySelector<HTMLElement>('.triage-clamp');
          if (!clamp) continue;
          const full = clamp.title;
          const shown = clamp.querySelector('[aria-hidden="true"]')?.textContent ?? clamp.textContent ?? '';
          // What shows is the whole text, or whole words and "…", and the box holds it without cutting further.
          const words = (s: string) => s.split(/\s+/).filter(Boolean);
          if (shown !== full) {
            const kept = words(shown.replace(/…$/, ''));
            const all = words(full);
            if (!shown.endsWith('…') || kept.some((w, i) => w !== all[i])) found.push(`details cut mid-word: “${shown.slice(-30)}”`);
          }
          if (clamp.scrollHeight > clamp.clientHeight + 2) found.push(`details clipped by the box: “${shown.slice(-30)}”`);
        }
        const row = document.querySelector<HTMLElement>('[data-testid="category-chips"]')!;
        const edge = row.getBoundingClientRect();
        for (const chip of row.querySelectorAll<HTMLElement>(':scope > .MuiChip-root')) {
          const box = chip.getBoundingClientRect();
          const whole = box.left >= edge.left - 0.5 && box.right <= edge.right + 0.5;
          const label = chip.querySelector('.MuiChip-label')!;
          const readable = getComputedStyle(label).color !== 'rgba(0, 0, 0, 0)';
          if (!whole && readable && box.right > edge.left && box.left < edge.right) found.push(`chip “${label.textContent}” cut by the row's edge`);
        }
        return found;
      });
      expect(cut, `${scheme}: nothing cut mid-word`).toEqual([]);
      await layoutScreenshot(page, 'i31-alerts-desk', DESK, scheme);
    }
  });

  test('an alert a trigger made reads "from trigger <name>", applied by the person, on a desk and on a phone', async ({ page }) => {
    await signIn(page, 'E0001');
    await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
    const triggers = await api<Envelope<{ id: number; name: string; elevateToAlert: boolean }>>(page, '/notations/triggers/?pageSize=100');
    const trigger = triggers.values.find((t) => t.elevateToAlert)!;
    const me = (await (await page.request.get('/session')).json()) as { identifier: string };
    const student = 'S000123';
    const response = await page.request.patch(`/api/notations/triggers/${trigger.id}`, {
      headers: sameOrigin(page),
      data: { studentIdentifiers: [student], modifiedBy: { identifier: me.identifier } },
    });
    expect(response.status()).toBe(204);
    const name = (await api<{ firstName: string; lastName: string }>(page, `/people/${me.identifier}`)) as { firstName: string; lastName: string };
    const person = `${name.firstName} ${name.lastName}`;

    await useScreen(page, DESK);
    await openAlerts(page, `/alerts?q=${encodeURIComponent(trigger.name)}`);
    const creator = queueRows(page).first().locator('[data-field="creator"]');
    await expect(creator).toContainText(`from trigger “${trigger.name}”`, { timeout: 30_000 });
    await expect(creator).toContainText(`applied by ${person}`);
    await layoutScreenshot(page, 'i31-alerts-trigger', DESK, 'light');

    await useScreen(page, PHONE);
    await openAlerts(page, `/alerts?q=${encodeURIComponent(trigger.name)}`);
    await expect(page.getByTestId('triage-card').first()).toContainText(`from trigger “${trigger.name}” (applied by ${person})`, { timeout: 30_000 });
  });
});

test.describe('item 14', () => {
  test('/caseloads on a phone: the caseload as cards (select, open), nothing sideways; the grid on a desk', async ({ page }) => {
    await signIn(page);
    for (const scheme of SCHEMES) {
      await useScreen(page, PHONE, scheme);
      await page.goto('/caseloads?staff=E0015');
      await expect(page.getByTestId('caseload-count')).toContainText(/\d+ students?/, { timeout: 30_000 });
      const cards = page.getByTestId('caseload-card');
      await expect(cards.first()).toBeVisible();
      await expect(page.getByRole('grid', { name: 'Students in this caseload' })).toHaveCount(0);
      const first = cards.first();
      const box = await first.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await first.getByRole('checkbox').check();
      await expect(page.getByRole('button', { name: 'Use the selected (1)' })).toBeEnabled();
      await layoutScreenshot(page, 'i31-caseloads', PHONE, scheme);
    }
    // On a desk, the grid as before.
    await useScreen(page, DESK);
    await page.goto('/caseloads?staff=E0015');
    await expect(page.getByRole('grid', { name: 'Students in this caseload' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('caseload-card')).toHaveCount(0);
    await layoutScreenshot(page, 'i31-caseloads', DESK, 'light');
  });

  test('/students: each ranking badge stands apart from its text, whole, on a desk and on a phone', async ({ page }) => {
    await signIn(page);
    for (const screen of SCREENS) {
      for (const scheme of SCHEMES) {
        await useScreen(page, screen, scheme);
        await page.goto('/students');
        const list = page.getByRole('list', { name: 'Students with the most open alerts' });
        await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
        const problems = await list.evaluate((ul) =>
          Array.from(ul.querySelectorAll('li')).flatMap((li) => {
            const chip = li.querySelector<HTMLElement>('.MuiChip-root')!;
            const label = chip.querySelector<HTMLElement>('.MuiChip-label')!;
            const c = chip.getBoundingClientRect();
            const out: string[] = [];
            if (label.scrollWidth > label.clientWidth + 1) out.push(`badge “${label.textContent}” cut`);
            for (const text of li.querySelectorAll<HTMLElement>('.MuiListItemText-root p, .MuiListItemText-root span')) {
              const range = document.createRange();
              range.selectNodeContents(text);
              for (const r of Array.from(range.getClientRects())) {
                const apart = r.right + 12 <= c.left || r.bottom <= c.top || r.top >= c.bottom;
                if (!apart) out.push(`“${text.textContent}” within 12 px of its badge`);
              }
            }
            return out;
          }),
        );
        expect(problems, `${screen.name} ${scheme}`).toEqual([]);
        await layoutScreenshot(page, 'i31-students', screen, scheme);
      }
    }
  });

  test('trigger apply on a phone: the student search field says what it is in full', async ({ page }) => {
    await signIn(page, 'E0001');
    for (const scheme of SCHEMES) {
      await useScreen(page, PHONE, scheme);
      await page.goto('/admin/triggers/2/apply');
      const field = page.getByRole('combobox', { name: /^Add a student/ });
      await expect(field).toBeVisible({ timeout: 30_000 });
      // Each field's label whole, and clear of the field's own buttons (the list's arrow sat on "identifier").
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.MuiFormControl-root'))
          .filter((control) => control.getBoundingClientRect().width > 0)
          .flatMap((control) => {
            const label = control.querySelector<HTMLElement>('label');
            if (!label) return [];
            const range = document.createRange();
            range.selectNodeContents(label);
            const text = range.getBoundingClientRect();
            const adornment = control.querySelector<HTMLElement>('.MuiAutocomplete-endAdornment, .MuiInputAdornment-positionEnd');
            const edge = adornment ? adornment.getBoundingClientRect().left : control.getBoundingClientRect().right;
            return label.scrollWidth > label.clientWidth + 1 || text.right > edge + 0.5 ? [label.textContent ?? ''] : [];
          }),
      );
      expect(cut, `${scheme}: labels and placeholders cut`).toEqual([]);
      await layoutScreenshot(page, 'i31-apply', PHONE, scheme);
    }
  });
});

test.describe('item 15: scores', () => {
  test('/scores orders by respondents and filters by assessment, saying what it reads meanwhile', async ({ page }) => {
    await signIn(page);
    await useScreen(page, DESK);
    await page.goto('/scores');
    const rows = page.getByTestId('administration-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    const order = page.getByRole('combobox', { name: 'Order' });
    await order.click();
    await page.getByRole('option', { name: 'Most respondents first' }).click();
    await expect(page).toHaveURL(/order=most-respondents/);
    await expect(page.getByTestId('administrations-reading')).toHaveCount(0, { timeout: 30_000 });
    const counts = async () => (await rows.locator('td:last-child').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    await expect.poll(async () => (await counts()).every((n) => Number.isFinite(n))).toBe(true);
    const most = await counts();
    expect(most.length).toBeGreaterThan(2);
    expect(most).toEqual([...most].sort((a, b) => b - a));
    await expect(page.getByTestId('administrations-summary')).toContainText('most respondents first');

    await page.getByRole('combobox', { name: 'Assessment' }).click();
    const option = page.getByRole('option', { name: /Student Strengths Inventory \(assessment \d+\)/ });
    await expect(option).toBeVisible({ timeout: 30_000 });
    await option.click();
    await expect(page).toHaveURL(/assessment=\d+/);
    await expect(page.getByTestId('administrations-summary')).toContainText('of Student Strengths Inventory');
    const titles = await rows.locator('td:first-child').allTextContents();
    expect(titles.length).toBeGreaterThan(1);
    for (const title of titles) expect(title).toContain('Student Strengths Inventory');
    // Still ordered by respondents within the assessment.
    const within = await counts();
    expect(within).toEqual([...within].sort((a, b) => b - a));
    await layoutScreenshot(page, 'i31-scores-list', DESK, 'light');
    await useScreen(page, PHONE, 'dark');
    await layoutScreenshot(page, 'i31-scores-list', PHONE, 'dark');
  });

  test('picking a band scrolls to the roster and marks the factor’s column in words and colour; Export CSV says so', async ({ page }) => {
    await signIn(page);
    for (const scheme of SCHEMES) {
      await useScreen(page, DESK, scheme);
      const list = await api<Envelope<{ id: number }>>(page, '/noncognitives/administrations/?pageSize=1000');
      const sized = await Promise.all(
        list.values.map(async (a) => ({
          ...a,
          n: (await api<Envelope<unknown>>(page, `/noncognitives/administrations/${a.id}/results?pageSize=1`)).totalValues,
        })),
      );
      const cohort = sized.filter((a) => a.n > 0).sort((a, b) => a.n - b.n)[0]!;
      await page.goto(`/scores/${cohort.id}`);
      const card = page.getByTestId('factor-card').nth(1);
      await expect(card).toBeVisible({ timeout: 30_000 });
      const band = card.getByTestId('band-middle');
      const factor = /respondents? in (.+)$/.exec((await band.getAttribute('aria-label')) ?? (await band.textContent()) ?? '')?.[1]?.trim();
      expect(factor, 'the band names its factor').toBeTruthy();
      await page.evaluate(() => window.scrollTo(0, 0));
      await band.click();
      const heading = page.getByRole('heading', { name: 'Respondents', level: 2 });
      await expect
        .poll(
          async () => {
            const box = await heading.boundingBox();
            return box !== null && box.y >= 0 && box.y < 450;
          },
          { message: 'the roster scrolled into view', timeout: 10_000 },
        )
        .toBe(true);
      const grid = page.getByRole('grid', { name: 'Respondents' });
      const marked = grid.getByRole('columnheader', { name: /\(picked\)/ });
      await expect(marked).toHaveCount(1, { timeout: 20_000 });
      await expect(marked).toContainText(factor!);
      await expect(marked).toHaveClass(/roster-picked/);
      const shade = await marked.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(shade, 'the picked column is shaded').not.toBe('rgba(0, 0, 0, 0)');
      await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveText('Export CSV');
      await layoutScreenshot(page, 'i31-cohort-picked', DESK, scheme);
    }
  });
});

test.describe('item 9: date fields in the browser locale', () => {
  test.use({ locale: 'de-DE' });
  test('the alerts’ From and To show and take days as the locale writes them; the URL stays ISO', async ({ page }) => {
    await signIn(page);
    await useScreen(page, DESK);
    await openAlerts(page);
    const from = page.getByRole('group', { name: 'From' });
    await expect(from).toBeVisible({ timeout: 30_000 });
    // The sections' text (the outline's legend repeats the label: left out).
    const text = async () =>
      ((await from.textContent()) ?? '')
        .replace(/[\u2066-\u2069\u200e\u200f]/g, '')
        .replace(/From$/, '')
        .trim();
    await expect.poll(text).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await from.locator('[role="spinbutton"]').first().click();
    await page.keyboard.type('02012026');
    await expect.poll(text).toBe('02.01.2026');
    await expect(page).toHaveURL(/from=2026-01-02/, { timeout: 10_000 });
    await layoutScreenshot(page, 'i31-date-fields', DESK, 'light');
  });
});
