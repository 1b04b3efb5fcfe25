import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from './fixtures.ts';
import { signIn } from './support.ts';

/**
 * The page's data is asked for before the app's UI code has been evaluated (src/app/early-start.ts):
 * with the UI libraries' file (MUI, emotion) held back, the session and the page's first requests
 * still go out; the page then renders once the file arrives.
 */

const manifest = () => JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; name?: string }>;

/** Holds the UI libraries' chunk until `release()`; returns it and whether it is still held. */
async function holdUiLibraries(page: Page): Promise<{ release: () => void; held: () => boolean }> {
  const libraries = Object.values(manifest()).find((chunk) => chunk.name === 'libraries')?.file;
  expect(libraries, 'the build has a UI libraries chunk (code-splitting.ts)').toBeTruthy();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = true;
  await page.route(`**/${libraries}`, async (route) => {
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    held = false;
    await route.continue();
  });
  return { release, held: () => held };
}

/** The first request whose URL `pattern` matches, and whether the libraries were still held then. */
function firstRequest(page: Page, pattern: RegExp, held: () => boolean): Promise<{ url: string; whileHeld: boolean }> {
  return new Promise((resolve) => {
    const onRequest = (request: Request) => {
      if (!pattern.test(request.url())) return;
      page.off('request', onRequest);
      resolve({ url: request.url(), whileHeld: held() });
    };
    page.on('request', onRequest);
  });
}

/** An administration with respondents (its histograms have something to draw). */
async function cohortWithRespondents(page: Page): Promise<number> {
  const list = (await (await page.request.get('/api/noncognitives/administrations/?pageSize=1000')).json()) as { values: { id: number }[] };
  for (const { id } of list.values) {
    const results = (await (await page.request.get(`/api/noncognitives/administrations/${id}/results?pageSize=1`)).json()) as { totalValues: number };
    if (results.totalValues > 0) return id;
  }
  throw new Error('the seed has no administration with respondents');
}

test("a student's timeline and the session are asked for before the UI libraries have loaded", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const hold = await holdUiLibraries(page);
  const session = firstRequest(page, /\/session$/, hold.held);
  const updates = firstRequest(page, /\/api\/notations\/updates\/\?.*identifiers=S000001/, hold.held);
  await page.goto('/students/S000001');
  expect((await session).whileHeld, 'session asked while MUI was held').toBe(true);
  expect((await updates).whileHeld, 'updates asked while MUI was held').toBe(true);
  hold.release();
  await expect(page.getByTestId('timeline-row').first()).toBeVisible({ timeout: 30_000 });
});

test("a cohort's results are asked for before the UI libraries have loaded", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const id = await cohortWithRespondents(page);
  const hold = await holdUiLibraries(page);
  const results = firstRequest(page, new RegExp(`/api/noncognitives/administrations/${id}/results\\?`), hold.held);
  await page.goto(`/scores/${id}`);
  expect((await results).whileHeld, 'results asked while MUI was held').toBe(true);
  hold.release();
  await expect(page.getByTestId('factor-histogram').first()).toBeVisible({ timeout: 30_000 });
});
