import { readFileSync } from 'node:fs';
import { expect, test, type Request } from './fixtures.ts';
import { signIn } from './support.ts';
import { TIMELINE_HEAD_SIZE } from '../src/queries/timeline.ts';

/**
 * What a student page's first rows wait for (issue 9's regression, issue 14's first row): the
 * timeline's lists are asked for by the route's prefetch while the page's code is still loading,
 * never by the page once it has rendered. Its module is named in the HTML ahead of the page's
 * chunks, because over HTTP/1.1 (six connections) a module found later waits behind all of them.
 */

const STUDENT = 'S000001';
const HEAD = new RegExp(`/api/notations/(updates|alerts|dataInsights)/\\?.*pageSize=${TIMELINE_HEAD_SIZE}\\b`);

const manifest = () => JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;

test("a student page's HTML preloads the timeline's prefetch module before the page's own chunks", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const html = await (await page.request.get(`/students/${STUDENT}`, { headers: { accept: 'text/html' } })).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/([^"]+)">/g)].map((m) => m[1]!);
  const built = manifest();
  const prefetch = built['src/features/student/prefetch-student-timeline.ts']?.file;
  const studentPage = built['src/features/student/student-page.tsx']?.file;
  const shell = built['src/app/layout.tsx']?.file;
  expect(prefetch && studentPage && shell, 'the build names the prefetch module, the page and the shell').toBeTruthy();
  expect(preloads).toContain(prefetch);
  expect(preloads.indexOf(prefetch!)).toBeLessThan(preloads.indexOf(shell!));
  expect(preloads.indexOf(prefetch!)).toBeLessThan(preloads.indexOf(studentPage!));
});

test("the timeline's lists are asked for while the page's own code is still loading", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'My students', level: 1 })).toBeVisible();
  const studentPage = manifest()['src/features/student/student-page.tsx']!.file;
  // The page's own chunk is held back until the three list heads have been asked for (or 10 s).
  const heads = new Set<string>();
  let headsSeen: () => void = () => undefined;
  const allHeads = new Promise<void>((resolve) => (headsSeen = resolve));
  page.on('request', (request: Request) => {
    const kind = HEAD.exec(request.url())?.[1];
    if (kind && request.url().includes(`identifiers=${STUDENT}`)) heads.add(kind);
    if (heads.size === 3) headsSeen();
  });
  let released = false;
  await page.route(`**/${studentPage}`, async (route) => {
    await Promise.race([allHeads, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    released = true;
    await route.continue();
  });
  const asked: { kind: string; beforeRelease: boolean }[] = [];
  page.on('request', (request: Request) => {
    const kind = HEAD.exec(request.url())?.[1];
    if (kind) asked.push({ kind, beforeRelease: !released });
  });

  await page.goto(`/students/${STUDENT}`);
  await expect(page.getByTestId('timeline-row').first()).toBeVisible({ timeout: 30_000 });
  expect(asked.map((a) => a.kind).sort()).toEqual(['alerts', 'dataInsights', 'updates']);
  expect(
    asked.every((a) => a.beforeRelease),
    JSON.stringify(asked),
  ).toBe(true);
});
