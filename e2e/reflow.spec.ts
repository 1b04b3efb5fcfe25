import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures.ts';
import { expectNoHorizontalOverflow, smallCohort } from './layout.ts';
import { signIn } from './support.ts';
import { ROUTES } from '../src/app/route-table.ts';

/**
 * WCAG 2.2 SC 1.4.10 Reflow: at 320 CSS px wide (1280 px at 400 % zoom) no page of the dashboard
 * makes a person scroll in two dimensions. The document must not scroll sideways and no visible
 * element may stick out past the screen, except inside a container that scrolls on its own (a data
 * grid, which 1.4.10 allows for two-dimensional content). One signed-in administrator, every page
 * of the route table, both a desk's and a phone's reading order being the same code path.
 */

const REFLOW = { width: 320, height: 640 };

/**
 * The widest elements past the right edge, attached to the report: the document check below fails
 * first and names no element, and a reader of a failure wants to know what to fix.
 */
async function attachWidest(page: Page, label: string): Promise<void> {
  const widest = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.body.querySelectorAll('*'))
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(
        ({ el, right }) =>
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(right)} px`,
      );
  });
  if (widest.length > 0) test.info().annotations.push({ type: `past the right edge on ${label}`, description: widest.join('\n') });
}

const settled = (page: Page) =>
  expect(page.locator('.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate')).toHaveCount(0, { timeout: 30_000 });

interface ReflowCase {
  /** The route table's path pattern this case opens. */
  route: string;
  path: (cohort: { id: number; person: string }) => string;
  /** What shows that the page's content (not only its shell) has arrived. */
  ready: (page: Page) => Locator;
  /**
   * A failure found and not yet fixed (docs/accessibility.md, 1.4.10): the case is expected to
   * fail, so the suite stays green while it does, and Playwright reports it the day it passes.
   */
  knownFailure?: string;
}

const CASES: ReflowCase[] = [
  { route: '/', path: () => '/', ready: (page) => page.getByTestId('my-students-source') },
  { route: '/admin/outcomes', path: () => '/admin/outcomes', ready: (page) => page.getByTestId('outcome-overall') },
  { route: '/settings', path: () => '/settings', ready: (page) => page.getByTestId('mail-address') },
  {
    route: '/students',
    path: () => '/students',
    ready: (page) => page.getByRole('list', { name: 'Students with the most open alerts' }).getByRole('listitem').first(),
  },
  {
    route: '/students/:identifier',
    path: () => '/students/S000001',
    ready: (page) => page.getByTestId('timeline-row').first(),
  },
  { route: '/students/:identifier/network', path: () => '/students/S000016/network', ready: (page) => page.getByTestId('network-member').first() },
  { route: '/students/:identifier/record', path: () => '/students/S000001/record', ready: (page) => page.getByTestId('record-notation').first() },
  {
    route: '/caseloads',
    path: () => '/caseloads?staff=E0015',
    // A grid on a desk, cards on a phone (#31 item 14).
    ready: (page) => page.getByRole('grid', { name: 'Students in this caseload' }).getByRole('row').nth(1).or(page.getByTestId('caseload-card').first()),
  },
  { route: '/alerts', path: () => '/alerts', ready: (page) => page.getByTestId('triage-card').first() },
  { route: '/scores', path: () => '/scores', ready: (page) => page.getByTestId('administration-row').first() },
  { route: '/scores/:administrationId', path: (c) => `/scores/${c.id}`, ready: (page) => page.getByTestId('factor-card').first() },
  { route: '/scores/:administrationId/:person', path: (c) => `/scores/${c.id}/${c.person}`, ready: (page) => page.getByTestId('factor-score').first() },
  { route: '/admin/categories', path: () => '/admin/categories', ready: (page) => page.getByTestId('category-row-1') },
  { route: '/admin/triggers', path: () => '/admin/triggers', ready: (page) => page.getByTestId('trigger-row-1') },
  { route: '/admin/triggers/:id', path: () => '/admin/triggers/2', ready: (page) => page.getByTestId('trigger-fields') },
  {
    route: '/admin/triggers/:id/apply',
    path: () => '/admin/triggers/2/apply?students=S000001,S000002',
    ready: (page) => page.getByRole('textbox', { name: 'Student identifiers' }),
  },
  { route: '/admin/journal', path: () => '/admin/journal', ready: (page) => page.getByRole('heading', { level: 1, name: 'Change journal' }) },
  {
    route: '/admin/access-log',
    path: () => '/admin/access-log',
    // A table on a desk, a list of entries on a narrow screen.
    ready: (page) => page.getByRole('table', { name: 'Accesses' }).or(page.getByRole('list', { name: 'Accesses' })),
  },
];

test.describe.configure({ timeout: 120_000 });

test('every signed-in page of the route table has a reflow case', () => {
  const covered = new Set(CASES.map((c) => c.route));
  const missing = ROUTES.filter((r) => !r.public && !covered.has(r.path)).map((r) => r.path);
  expect(missing, 'pages without a reflow check at 320 px').toEqual([]);
});

test.describe(`reflow at ${REFLOW.width}×${REFLOW.height}`, () => {
  let context: BrowserContext;
  let page: Page;
  let cohort: { id: number; person: string };

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    context = await browser.newContext({ viewport: REFLOW });
    page = await context.newPage();
    // E0001 is an administrator in the seed: every page, the access log included, opens.
    await signIn(page, 'E0001', '/scores');
    cohort = await smallCohort(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  for (const item of CASES) {
    test(`${item.route}: no sideways scrolling at ${REFLOW.width} px`, async () => {
      test.fail(item.knownFailure !== undefined, item.knownFailure);
      await page.goto(item.path(cohort));
      await expect(item.ready(page)).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await attachWidest(page, item.route);
      await expectNoHorizontalOverflow(page, `${item.route} at ${REFLOW.width} px`);
    });
  }

  test(`sign-in: the provider's page at ${REFLOW.width} px`, async ({ browser }) => {
    const fresh = await browser.newContext({ viewport: REFLOW });
    try {
      const signedOut = await fresh.newPage();
      await signedOut.goto('/scores');
      await expect(signedOut).toHaveURL(/\/dev-idp\/interaction\//);
      await expect(signedOut.getByRole('form', { name: 'Staff' }).getByRole('button').first()).toBeVisible();
      await expectNoHorizontalOverflow(signedOut, `sign-in at ${REFLOW.width} px`);
    } finally {
      await fresh.close();
    }
  });
});
