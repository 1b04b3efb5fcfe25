import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';
import { ROUTES } from '../src/app/route-table.ts';
import { signInRequest } from './support.ts';

/**
 * The initial route's JavaScript: the entry script and every module it preloads, and the app's
 * start-up module (src/app/boot.tsx, which the entry imports after the first paint and the server
 * preloads on every page: src/gateway/app-serving/route-preloads.ts) with everything it imports statically,
 * gzip-compressed as a server would send them. Pages, date pickers and anything heavy load later,
 * with their route.
 */
export function initialJavaScript(dist = 'dist'): { files: string[]; gzipBytes: number } {
  const html = readFileSync(`${dist}/index.html`, 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    (chunk.imports ?? []).forEach(add);
  };
  add('src/app/boot.tsx');
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(`${dist}/${file}`), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

test('the initial route loads under 225 KiB of gzipped JavaScript', () => {
  const { files, gzipBytes } = initialJavaScript();
  test.info().annotations.push({ type: 'initial JS (gzip)', description: `${(gzipBytes / 1024).toFixed(1)} KiB in ${files.length} files` });
  expect(files.length).toBeGreaterThan(0);
  expect(gzipBytes).toBeLessThan(225 * 1024);
});

test('the initial route does not carry the date pickers, the virtualizer or page code', () => {
  const { files } = initialJavaScript();
  const text = files.map((f) => readFileSync(`dist/${f}`, 'utf8')).join('\n');
  expect(text).not.toContain('MuiDateCalendar');
  expect(text).not.toContain('columnHeaderTitleContainer');
});

test('the data grid and the charts load only with the alert queue, each in its own chunk', () => {
  const { files } = initialJavaScript();
  const initial = files.map((f) => readFileSync(`dist/${f}`, 'utf8')).join('\n');
  // Class names that only the grid's and the charts' own code spells (the theme names the grid
  // once, 'MuiDataGrid', to hand it the CSP nonce: that key is not the grid's code).
  for (const marker of ['columnHeaderTitleContainer', 'MuiChartsAxis', 'MuiBarChart']) expect(initial, marker).not.toContain(marker);
  // Not in the queue page's chunk either: its filters paint before either has loaded.
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const page = manifest['src/features/alerts/triage/alert-triage-page.tsx'];
  expect(page, 'the alert queue page is a chunk of its own').toBeDefined();
  const pageText = readFileSync(`dist/${page!.file}`, 'utf8');
  for (const marker of ['columnHeaderTitleContainer', 'MuiChartsAxis', 'MuiBarChart']) expect(pageText, marker).not.toContain(marker);
});

test('the scores pages carry neither the grid nor the charts: the roster and the trend load in chunks of their own', () => {
  const { files } = initialJavaScript();
  const initial = files.map((f) => readFileSync(`dist/${f}`, 'utf8')).join('\n');
  for (const marker of ['columnHeaderTitleContainer', 'MuiChartsAxis', 'MuiLineChart']) expect(initial, marker).not.toContain(marker);
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  // Each page's chunk and everything it imports statically (what loads with the page, before the grid or a chart is asked for).
  const staticText = (key: string, seen = new Set<string>()): string => {
    if (seen.has(key) || !manifest[key]) return '';
    seen.add(key);
    const chunk = manifest[key]!;
    return [readFileSync(`dist/${chunk.file}`, 'utf8'), ...(chunk.imports ?? []).map((i) => staticText(i, seen))].join('\n');
  };
  for (const page of [
    'src/features/scores/administrations-page.tsx',
    'src/features/scores/cohort-page.tsx',
    'src/features/scores/profile-page.tsx',
    'src/features/student/student-page.tsx',
  ]) {
    expect(manifest[page], `${page} is a chunk of its own`).toBeDefined();
    const text = staticText(page);
    for (const marker of ['columnHeaderTitleContainer', 'MuiChartsAxis', 'MuiLineChart']) expect(text, `${marker} in ${page}`).not.toContain(marker);
  }
  expect(manifest['src/features/scores/cohort-roster.tsx'], 'the roster is a lazy chunk').toBeDefined();
  expect(manifest['src/components/score-profile/score-trend-chart.tsx'], 'the trend chart is a lazy chunk').toBeDefined();
});

/**
 * Over HTTP/1.1 a browser fetches six files at a time from one origin: a page made of eighty small
 * chunks waited on fourteen rounds of requests, and its data queued behind them. The build groups
 * what loads together (code-splitting.ts), so a cold page's HTML names a few dozen files at most:
 * six rounds of six.
 */
test('every page’s HTML names at most 36 script files, and the start-up comes in a few large ones', async ({ request }) => {
  await signInRequest(request, 'E0001');
  const counts: string[] = [];
  for (const route of ROUTES) {
    const url = route.path.replace(/:[A-Za-z]+/g, '1');
    const html = await (await request.get(url, { headers: { accept: 'text/html' } })).text();
    const scripts = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!));
    counts.push(`${url}: ${scripts.size}`);
    expect(scripts.size, url).toBeGreaterThan(1);
    expect(scripts.size, `${url} names ${scripts.size} script files`).toBeLessThanOrEqual(36);
  }
  test.info().annotations.push({ type: 'script files per page', description: counts.join(', ') });
  // The start-up itself (the entry and its helper, the contract's schemas and its operation table,
  // React and the query library, the early start, the UI libraries, our start-up code): a handful
  // of files. The contract is two of them so that each is evaluated in a task of its own (src/main.tsx).
  const { files } = initialJavaScript();
  expect(files.length).toBeLessThanOrEqual(11);
});
