import { expect, test } from './fixtures.ts';
import { as, setUp } from './access-people.ts';

/** #30: a grant with a stated reason ends by itself (ACCESS_GRANT_HOURS, here 0.01 h = 36 s). */
const STUDENT = 'S000160';

test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on', ACCESS_GRANT_HOURS: '0.01' } });

test('after ACCESS_GRANT_HOURS the outsider is refused again and must state a reason anew', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { outsiderId, notes } = await setUp(browser, baseURL, STUDENT);
  const outsider = await as(browser, baseURL, outsiderId);
  await outsider.page.goto(`/students/${STUDENT}`);
  await outsider.page.getByRole('button', { name: 'Open the record' }).click();
  await outsider.page.getByLabel('Why do you need this record?').fill('Covering the caseload this afternoon.');
  await outsider.page.getByRole('button', { name: 'Open the record' }).click();
  await expect(outsider.page.getByText(`Policy note ${notes.All}.`)).toBeVisible({ timeout: 30_000 });
  // 0.01 h is 36 s from the grant.
  await outsider.page.waitForTimeout(38_000);
  await outsider.page.reload();
  await expect(outsider.page.getByText("You are not in this student's success network")).toBeVisible({ timeout: 30_000 });
  await expect(outsider.page.getByText(`Policy note ${notes.All}.`)).toHaveCount(0);
  const refused = await outsider.request.get(`/api/people/${STUDENT}/encouragements`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { type: string }).type).toMatch(/\/not-in-network$|:not-in-network$/);
  await outsider.context.close();
});
