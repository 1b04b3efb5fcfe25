import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { api, checkLayout, SCREENS, smallCohort, type Envelope, type Screen } from './layout.ts';
import { sameOrigin, signIn } from './support.ts';

/**
 * Issue 16 on the pages other than the alerts queue and the student pages: the work first at
 * 1440×900 and 390×844 in both schemes (primary content above the fold, nothing wider than the
 * screen, screenshots in e2e/screenshots/layout), axe in both schemes, and unknown ids answered
 * with a not-found state inside the shell. One signed-in context per screen size.
 */

/** Nothing still loading (a meter such as "12 of 20 active" is a progress bar too, but a settled one). */
/** The journal has entries to show: a success network saved as it stands (a write that changes nothing, journalled all the same). */
async function journalSomething(page: Page): Promise<void> {
  const path = '/api/people/S000030/successNetwork';
  const members = (await api<Envelope<{ href: string }>>(page, '/people/S000030/successNetwork')).values.map((link) =>
    decodeURIComponent(link.href.split('/').pop()!),
  );
  const response = await page.request.put(path, { headers: sameOrigin(page), data: members.map((identifier) => ({ identifier })) });
  expect(response.status(), 'PUT the network as it stands').toBe(204);
}

const settled = (page: Page) =>
  expect(page.locator('.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate')).toHaveCount(0, { timeout: 30_000 });

interface PageCase {
  name: string;
  path: (cohort: { id: number; person: string }) => string;
  primary: (page: Page) => Locator;
}

const PAGES: PageCase[] = [
  { name: 'scores', path: () => '/scores', primary: (page) => page.getByTestId('administration-row').first() },
  { name: 'cohort', path: (c) => `/scores/${c.id}`, primary: (page) => page.getByTestId('factor-card').first() },
  { name: 'score-profile', path: (c) => `/scores/${c.id}/${c.person}`, primary: (page) => page.getByTestId('factor-score').first() },
  { name: 'admin-categories', path: () => '/admin/categories', primary: (page) => page.getByTestId('category-row-1') },
  { name: 'admin-triggers', path: () => '/admin/triggers', primary: (page) => page.getByTestId('trigger-row-1') },
  { name: 'admin-trigger', path: () => '/admin/triggers/2', primary: (page) => page.getByTestId('trigger-fields') },
  {
    name: 'admin-apply',
    path: () => '/admin/triggers/2/apply?students=S000001,S000002',
    primary: (page) => page.getByRole('textbox', { name: 'Student identifiers' }),
  },
  { name: 'network-editor', path: () => '/students/S000016/network', primary: (page) => page.getByTestId('network-member').first() },
  {
    name: 'caseloads',
    path: () => '/caseloads?staff=E0015',
    // A grid on a desk, cards on a phone (#31 item 14).
    primary: (page) => page.getByRole('grid', { name: 'Students in this caseload' }).getByRole('row').nth(1).or(page.getByTestId('caseload-card').first()),
  },
  { name: 'journal', path: () => '/admin/journal', primary: (page) => page.getByTestId('journal-entry').first() },
];

/** Unknown ids: a not-found heading inside the shell and a link back. */
const UNKNOWN = [
  { path: () => '/scores/999999', heading: 'Administration not found', back: 'Back to administrations' },
  { path: (c: { id: number }) => `/scores/${c.id}/S999999`, heading: 'No such person', back: 'Back to the cohort' },
  { path: () => '/admin/triggers/999999', heading: 'Trigger not found', back: 'Back to triggers' },
  { path: () => '/admin/triggers/999999/apply', heading: 'Trigger not found', back: 'Back to triggers' },
  { path: () => '/students/S999999/network', heading: 'No such student', back: 'Back to students' },
];

for (const screen of SCREENS) {
  test.describe(`${screen.name} (${screen.width}×${screen.height})`, () => {
    // Not serial: one page's failure does not hide the others' (a failure restarts the worker, and beforeAll signs in again).
    test.describe.configure({ timeout: 180_000 });
    let context: BrowserContext;
    let page: Page;
    let cohort: { id: number; person: string };

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(90_000);
      context = await browser.newContext({ viewport: { width: screen.width, height: screen.height } });
      page = await context.newPage();
      await signIn(page, 'E0001', '/scores');
      cohort = await smallCohort(page);
      await journalSomething(page);
    });
    test.afterAll(async () => {
      await context?.close();
    });

    for (const item of PAGES) {
      test(`${item.name}: the work above the fold, no sideways scrolling, axe clean in both schemes`, async () => {
        await layoutAndAxe(
          page,
          screen,
          item.name,
          () => item.primary(page),
          async () => {
            await page.goto(item.path(cohort));
            await expect(item.primary(page)).toBeVisible({ timeout: 30_000 });
            await settled(page);
          },
        );
      });
    }

    test("sign-in: the provider's page, and the moment before it", async ({ browser }) => {
      // Signed out, every page leads to the identity provider's sign-in page.
      const fresh = await browser.newContext({ viewport: { width: screen.width, height: screen.height } });
      try {
        const signedOut = await fresh.newPage();
        await layoutAndAxe(
          signedOut,
          screen,
          'sign-in',
          () => signedOut.getByRole('form', { name: 'Staff' }).getByRole('button').first(),
          async () => {
            await signedOut.goto('/scores');
            await expect(signedOut).toHaveURL(/\/dev-idp\/interaction\//);
          },
        );
      } finally {
        await fresh.close();
      }
      // A session that ends while a page is open: the shell says it is taking you to sign in (the way there answers 204, which leaves the page as it is, so that this state stays).
      await page.route('**/session', (route) =>
        route.fulfill({ status: 401, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Unauthorized', status: 401 }) }),
      );
      await page.route('**/auth/sign-in**', (route) => route.fulfill({ status: 204 }));
      try {
        await layoutAndAxe(
          page,
          screen,
          'signing-in',
          () => page.getByText('Taking you to sign in…'),
          async () => {
            await page.goto('/scores');
            await expect(page.getByText('Taking you to sign in…')).toBeVisible({ timeout: 30_000 });
          },
        );
      } finally {
        await page.unroute('**/session');
        await page.unroute('**/auth/sign-in**');
      }
    });

    test('navigation: every page reachable with one thumb', async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/scores');
      await expect(page.getByTestId('administration-row').first()).toBeVisible({ timeout: 30_000 });
      const main = page.getByRole('navigation', { name: 'Main' });
      await expect(main).toBeVisible();
      if (screen.name === 'phone') {
        // The bar sits at the bottom of the screen, where a thumb reaches; the rest of the pages open from there too.
        const box = await main.boundingBox();
        expect(box!.y + box!.height, 'the navigation ends at the bottom of the screen').toBeGreaterThanOrEqual(screen.height - 1);
        expect(box!.y, 'the navigation is in the lower half of the screen').toBeGreaterThan(screen.height / 2);
        // Scores is under More since "My students" took the bar's first place (#32); the bar marks the page it holds.
        await main.getByRole('link', { name: 'Caseloads' }).click();
        await expect(page).toHaveURL(/\/caseloads$/);
        await expect(main.getByRole('link', { name: 'Caseloads' })).toHaveAttribute('aria-current', 'page');
        await main.getByRole('button', { name: 'More' }).click();
        const all = page.getByRole('navigation', { name: 'All pages' });
        const journal = all.getByRole('link', { name: 'Change journal' });
        await expect(journal).toBeVisible();
        const linkBox = await journal.boundingBox();
        expect(linkBox!.y, 'the other pages open in the lower part of the screen').toBeGreaterThan(screen.height / 3);
        await journal.click();
        await expect(page).toHaveURL(/\/admin\/journal$/);
        await expect(all).toBeHidden();
        // Once the journal has loaded (its list renders in a transition, a moment after the answer),
        // the page's end is not hidden behind the bar.
        await expect(page.getByText('Loading the journal…')).toBeHidden();
        await expect(
          page
            .getByTestId('journal-entry')
            .first()
            .or(page.getByText(/^No changes recorded/)),
        ).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const last = await page.locator('main').evaluate((el) => {
          const kids = Array.from(el.querySelectorAll('*')).filter((k) => k.getBoundingClientRect().height > 0);
          return Math.max(...kids.map((k) => k.getBoundingClientRect().bottom));
        });
        const bar = await main.boundingBox();
        expect(last, 'the end of the page clears the navigation bar').toBeLessThanOrEqual(bar!.y + 1);
      } else {
        await main.getByRole('link', { name: 'Caseloads' }).click();
        await expect(page).toHaveURL(/\/caseloads$/);
      }
      await expect(page.getByRole('heading', { name: /Caseloads|Change journal/, level: 1 })).toBeVisible();
    });

    test('unknown ids: not found inside the shell, with the way back', async () => {
      for (const unknown of UNKNOWN) {
        await page.goto(unknown.path(cohort));
        await expect(page.getByRole('heading', { level: 1, name: unknown.heading }), unknown.path(cohort)).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeAttached();
        await expect(page.getByRole('link', { name: unknown.back })).toBeVisible();
        // Nothing on the page pretends the record is there: no Retry for a 404.
        await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      }
    });

    test('no text box takes the focus on load (no keyboard popping up)', async () => {
      for (const item of PAGES) {
        await page.goto(item.path(cohort));
        await expect(item.primary(page)).toBeVisible({ timeout: 30_000 });
        const focused = await page.evaluate(() => {
          const el = document.activeElement;
          return el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') ? (el.getAttribute('aria-label') ?? el.id) : null;
        });
        expect(focused, `${item.name}: a text box has the focus on load`).toBeNull();
      }
    });
  });
}

/** checkLayout in both schemes (it leaves the page in the dark one), then axe in the dark scheme and again in the light one. */
async function layoutAndAxe(page: Page, screen: Screen, name: string, primary: () => Locator, open: () => Promise<void>): Promise<void> {
  await checkLayout(page, name, screen, primary, open);
  await expectNoSeriousA11yViolations(page, `${name} (dark, ${screen.name})`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousA11yViolations(page, `${name} (light, ${screen.name})`);
}
