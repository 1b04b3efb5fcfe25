import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { pickOnProvider, screenshot, signIn } from './support.ts';

/**
 * #30 item 6 in the browser: with CONFIDENTIALITY_NOTICE_FILE set, the first page after sign-in is
 * the notice, full-page, before any student's record; "I accept" goes on to the page asked for,
 * the acceptance is in the access log, and the same person is not asked again in a new session.
 */
const dir = mkdtempSync(join(tmpdir(), 'notice-e2e-'));
const FILE = join(dir, 'notice.md');
writeFileSync(
  FILE,
  [
    '# Student records are confidential',
    '',
    'You may open a record only to support that student.',
    '',
    '- Do not copy records outside the dashboard.',
    '- Report a record opened by mistake to the records office.',
    '',
    ...Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i + 1} of the institution's policy on student records, long enough to need scrolling on a phone.`,
    ).flatMap((p) => [p, '']),
  ].join('\n'),
);

test.use({ serverEnv: { CONFIDENTIALITY_NOTICE_FILE: FILE } });

const STUDENT = 'S000005';

test('the notice comes before the first student page, once per person: accept, then the page asked for; logged', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'Camille Cook', `/students/${STUDENT}?from=2025-06-01&to=2026-06-01`);

  // The notice, and nothing of the student, at the address that was asked for.
  await expect(page.getByRole('heading', { level: 1, name: 'Confidentiality notice' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/students/${STUDENT}\\?`));
  const text = page.getByRole('region', { name: 'Confidentiality notice' });
  await expect(text.getByRole('heading', { name: 'Student records are confidential' })).toBeVisible();
  await expect(text.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('timeline-summary')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Timeline' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'confidentiality notice');
  await screenshot(page, 'notice-desk-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  // The long text scrolls on its own; the buttons stay on the page.
  await expect(page.getByRole('button', { name: 'I accept' })).toBeInViewport();
  await screenshot(page, 'notice-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Keyboard: the text can be scrolled, and "I accept" reached and pressed.
  await page.getByRole('button', { name: 'I accept' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Confidentiality notice' })).toHaveCount(0);
  await expect(page.getByTestId('timeline-summary')).toHaveText(/^Showing \d+ of \d+ notations/, { timeout: 30_000 });
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/students/${STUDENT}\\?`));

  // Reloading, and a new session of the same person, go straight to the page.
  await page.reload();
  await expect(page.getByTestId('timeline-summary')).toHaveText(/^Showing \d+ of \d+ notations/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Confidentiality notice' })).toHaveCount(0);
  const me = (await (await page.request.get('/session')).json()) as { identifier: string; notice: { version: string; accepted: boolean } };
  expect(me.notice.accepted).toBe(true);
  const again = await browser.newContext(baseURL ? { baseURL } : {});
  const second = await again.newPage();
  await second.goto(`/students/${STUDENT}`);
  await pickOnProvider(second, 'Camille Cook');
  await expect(second.getByTestId('timeline-summary')).toHaveText(/^Showing \d+ of \d+ notations/, { timeout: 30_000 });
  await expect(second.getByRole('heading', { name: 'Confidentiality notice' })).toHaveCount(0);
  await again.close();

  // Somebody else is asked; the administrator reads the acceptance in the access log (the log is not a record).
  const admin = await browser.newContext(baseURL ? { baseURL } : {});
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'E0001', '/alerts');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Confidentiality notice' })).toBeVisible();
  const log = await adminPage.request.get(`/admin/access-log?person=${me.identifier}`, { headers: { accept: 'application/json' } });
  expect(log.status()).toBe(200);
  const entries = ((await log.json()) as { values: { event: string; detail: string | null }[] }).values.filter((e) => e.event === 'notice-accepted');
  expect(entries).toEqual([expect.objectContaining({ detail: `version ${me.notice.version}` })]);
  await admin.close();
});
