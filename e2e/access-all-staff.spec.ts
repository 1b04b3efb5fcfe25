import { expect, test } from './fixtures.ts';
import { as, setUp } from './access-people.ts';

/** #30: under ACCESS_POLICY=all-staff anyone on staff opens any student; the audiences still hold. */
const STUDENT = 'S000161';

test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on', ACCESS_POLICY: 'all-staff' } });

test('anyone on staff opens the student without a reason; the audiences still hold', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { outsiderId, notes } = await setUp(browser, baseURL, STUDENT);
  const outsider = await as(browser, baseURL, outsiderId);
  await outsider.page.goto(`/students/${STUDENT}`);
  await expect(outsider.page.getByText(`Policy note ${notes.All}.`)).toBeVisible({ timeout: 30_000 });
  await expect(outsider.page.getByText("You are not in this student's success network")).toHaveCount(0);
  const html = await outsider.page.content();
  expect(html).not.toContain(notes.FullNetwork);
  expect(html).not.toContain(notes.Private);
  const list = await (await outsider.request.get(`/api/notations/updates/?identifiers=${STUDENT}&pageSize=200`)).text();
  expect(list).toContain(notes.All);
  expect(list).not.toContain(notes.FullNetwork);
  expect(list).not.toContain(notes.Private);
  await outsider.context.close();
});
