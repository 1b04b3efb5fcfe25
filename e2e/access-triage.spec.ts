import { expect, test } from './fixtures.ts';
import { as } from './access-people.ts';

/**
 * #30: an advisor's triage asks the service for their own students' alerts (`identifiers=`, in runs
 * of 100), not for everyone's for the gateway to drop, and shows the same alerts as the whole
 * range read without names, which the gateway filters row by row: the students they may open, and
 * of their notes those whose audience includes them.
 */
test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on' } });

test("an advisor's triage holds their students' alerts, every one, asked for by identifier", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  let advisor: Awaited<ReturnType<typeof as>> | undefined;
  let students: string[] = [];
  for (let n = 2; n <= 40 && !advisor; n += 1) {
    const who = await as(browser, baseURL, `E${String(n).padStart(4, '0')}`);
    const scope = (await (await who.request.get('/session/scope')).json()) as { scope: string; students?: string[] };
    if (scope.scope === 'students' && (scope.students?.length ?? 0) > 0) {
      advisor = who;
      students = scope.students!;
    } else await who.context.close();
  }
  if (!advisor) throw new Error('no advisor with a caseload in the seed');

  const asked: URL[] = [];
  advisor.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/notations/alerts')) asked.push(url);
  });
  await advisor.page.goto('/alerts');
  const summary = advisor.page.getByTestId('triage-summary');
  await expect(summary).toHaveText(/ of [\d,]+ alerts? created from /, { timeout: 30_000 });
  const total = Number(/ of ([\d,]+) alerts?/.exec((await summary.textContent()) ?? '')![1]!.replace(/,/g, ''));

  // Every request named students, only the advisor's, at most 100 at once; together, all of them.
  expect(asked.length).toBeGreaterThan(0);
  const named = asked.map((url) => (url.searchParams.get('identifiers') ?? '').split(',').filter(Boolean));
  expect(named.every((list) => list.length > 0 && list.length <= 100)).toBe(true);
  expect([...new Set(named.flat())].sort()).toEqual([...students].sort());

  // The same range read whole by the advisor, without names: the gateway keeps their students' rows.
  const range = { createdOnStart: asked[0]!.searchParams.get('createdOnStart')!, createdOnEnd: asked[0]!.searchParams.get('createdOnEnd')! };
  const mine = new Set(students);
  let expected = 0;
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ ...range, page: String(page), pageSize: '1000' });
    const response = await advisor.request.get(`/api/notations/alerts/?${query}`);
    const body = (await response.json()) as { values: { student: { href: string } }[]; links: { next?: unknown } };
    expect(body.values.every((a) => mine.has(a.student.href.replace(/\/$/, '').split('/').at(-1)!))).toBe(true);
    expected += body.values.length;
    if (!body.links.next) break;
  }
  expect(expected).toBeGreaterThan(0);
  expect(total).toBe(expected);
  await advisor.context.close();
});
