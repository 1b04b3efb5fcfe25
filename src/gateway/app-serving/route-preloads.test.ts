import { describe, expect, it } from 'vitest';
import { ROUTES, SHELL_MODULE } from '../../app/route-table.ts';
import { routePreloads, withPreloads, type BuildManifest } from './route-preloads.ts';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_mui-1.js': { file: 'assets/mui-1.js', imports: ['_react-1.js'] },
  'src/app/layout.tsx': { file: 'assets/layout-1.js', imports: ['_mui-1.js', 'index.html'] },
  'src/features/student/student-page.tsx': { file: 'assets/student-page-1.js', imports: ['_mui-1.js', '_queries-1.js', 'index.html'] },
  '_queries-1.js': { file: 'assets/queries-1.js' },
  'src/features/students/students-page.tsx': { file: 'assets/students-page-1.js', imports: ['_mui-1.js'] },
  'src/features/session/sign-in-page.tsx': { file: 'assets/sign-in-1.js' },
  'src/features/alerts/triage/alert-triage-page.tsx': { file: 'assets/alert-triage-page-1.js', imports: ['_mui-1.js', '_queries-1.js'] },
  'src/features/scores/administrations-page.tsx': { file: 'assets/administrations-page-1.js', imports: ['_mui-1.js'] },
  'src/features/scores/cohort-page.tsx': { file: 'assets/cohort-page-1.js', imports: ['_mui-1.js'] },
  'src/features/scores/profile-page.tsx': { file: 'assets/profile-page-1.js', imports: ['_mui-1.js'] },
  'src/features/networks/network-editor-page.tsx': { file: 'assets/network-editor-page-1.js', imports: ['_mui-1.js', '_queries-1.js'] },
  'src/features/caseloads/caseloads-page.tsx': { file: 'assets/caseloads-page-1.js', imports: ['_mui-1.js', '_queries-1.js'] },
  'src/features/admin-categories/categories-admin-page.tsx': { file: 'assets/categories-admin-page-1.js', imports: ['_mui-1.js'] },
  'src/features/admin-triggers/triggers-admin-page.tsx': { file: 'assets/triggers-admin-page-1.js', imports: ['_mui-1.js'] },
  'src/features/admin-triggers/trigger-page.tsx': { file: 'assets/trigger-page-1.js', imports: ['_mui-1.js'] },
  'src/features/admin-triggers/apply-trigger-page.tsx': { file: 'assets/apply-trigger-page-1.js', imports: ['_mui-1.js'] },
  'src/features/journal/journal-page.tsx': { file: 'assets/journal-page-1.js', imports: ['_mui-1.js'] },
  'src/features/access-log/access-log-page.tsx': { file: 'assets/access-log-page-1.js', imports: ['_mui-1.js'] },
  'src/features/student-record/student-record-page.tsx': { file: 'assets/student-record-page-1.js', imports: ['_mui-1.js', '_queries-1.js'] },
  'src/features/my-students/my-students-page.tsx': { file: 'assets/my-students-page-1.js', imports: ['_mui-1.js', '_queries-1.js'] },
  'src/features/outcomes/outcomes-page.tsx': { file: 'assets/outcomes-page-1.js', imports: ['_mui-1.js', '_queries-1.js'] },
  'src/features/settings/settings-page.tsx': { file: 'assets/settings-page-1.js', imports: ['_mui-1.js', '_queries-1.js'] },
};

describe('routePreloads', () => {
  const preloadsFor = routePreloads(manifest);

  it("names a page's chunks and their imports, dependencies first, without what index.html already loads", () => {
    expect(preloadsFor('/students/S000001')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/queries-1.js', 'assets/student-page-1.js']);
    expect(preloadsFor('/students')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/students-page-1.js']);
    expect(preloadsFor('/students/')).toEqual(preloadsFor('/students'));
    expect(preloadsFor('/')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/queries-1.js', 'assets/my-students-page-1.js']);
    expect(preloadsFor('/sign-in')).toEqual(['assets/sign-in-1.js']);
    expect(preloadsFor('/alerts')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/queries-1.js', 'assets/alert-triage-page-1.js']);
  });

  it('names the scores pages by depth: administrations, a cohort, a profile', () => {
    expect(preloadsFor('/scores')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/administrations-page-1.js']);
    expect(preloadsFor('/scores/6')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/cohort-page-1.js']);
    expect(preloadsFor('/scores/6/S000001')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/profile-page-1.js']);
  });

  it('names the network editor and caseload pages', () => {
    expect(preloadsFor('/students/S000001/network')).toEqual([
      'assets/mui-1.js',
      'assets/layout-1.js',
      'assets/queries-1.js',
      'assets/network-editor-page-1.js',
    ]);
    expect(preloadsFor('/caseloads')).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/queries-1.js', 'assets/caseloads-page-1.js']);
  });

  it('names nothing for a URL no page claims', () => {
    expect(preloadsFor('/students/S1/extra')).toEqual([]);
    expect(preloadsFor('/nowhere')).toEqual([]);
  });

  it('refuses to start when a route module is not in the build', () => {
    expect(() => routePreloads({ ...manifest, 'src/app/layout.tsx': undefined } as unknown as BuildManifest)).toThrow(/src\/app\/layout.tsx/);
  });
});

describe("a route's prefetch module", () => {
  // The student page as built: a prefetch module with its own small imports, and a page behind it.
  const built: BuildManifest = {
    ...manifest,
    'src/features/student/prefetch-student-timeline.ts': { file: 'assets/prefetch-1.js', imports: ['_filters-1.js', '_queries-1.js', 'index.html'] },
    '_filters-1.js': { file: 'assets/filters-1.js' },
  };

  it('comes first with its imports, ahead of the shell and the page, so that the data is asked for before the page has loaded', () => {
    const files = routePreloads(built)('/students/S000001');
    expect(files.slice(0, 3)).toEqual(['assets/filters-1.js', 'assets/queries-1.js', 'assets/prefetch-1.js']);
    expect(files.slice(3)).toEqual(['assets/mui-1.js', 'assets/layout-1.js', 'assets/student-page-1.js']);
  });

  it('is named for every route the table gives one', () => {
    for (const route of ROUTES.filter((r) => r.prefetch)) {
      const withPrefetch = { ...manifest, [route.prefetch!]: { file: `assets/prefetch-of-${route.component}.js` } } as BuildManifest;
      withPrefetch[route.page] ??= { file: `assets/${route.component}-1.js` };
      expect(routePreloads(withPrefetch)(route.path.replace(/:[^/]+/g, 'X1'))[0], route.path).toBe(`assets/prefetch-of-${route.component}.js`);
    }
  });
});

describe('the route table', () => {
  // A build of every module the table names: one chunk each, beside the entry.
  const built: BuildManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    [SHELL_MODULE]: { file: 'assets/layout-1.js' },
    ...Object.fromEntries(ROUTES.map((route) => [route.page, { file: `assets/${route.component}-1.js`, imports: ['index.html'] }])),
  };
  const preloadsFor = routePreloads(built);

  it.each(ROUTES.map((route) => [route.path, route] as const))('%s has a preload: its page, and the shell when signed in', (_path, route) => {
    const url = route.path.replace(/:[^/]+/g, 'X1');
    const expected = route.public ? [`assets/${route.component}-1.js`] : ['assets/layout-1.js', `assets/${route.component}-1.js`];
    expect(preloadsFor(url)).toEqual(expected);
  });

  it('names every page once, each with a title', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(route.title.trim()).not.toBe('');
  });
});

describe('withPreloads', () => {
  const html = '<html><head><title>x</title></head><body></body></html>';

  it('adds one modulepreload link per file at the end of the head', () => {
    const out = withPreloads(html, ['assets/a.js', 'assets/b.js']);
    expect(out.match(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/[ab]\.js">/g)).toHaveLength(2);
    expect(out.indexOf('assets/b.js')).toBeLessThan(out.indexOf('</head>'));
  });

  it('leaves the page alone with nothing to add, and escapes what it adds', () => {
    expect(withPreloads(html, [])).toBe(html);
    expect(withPreloads(html, ['a"><script>.js'])).not.toContain('"><script>');
  });
});

describe('lib/paths', () => {
  it('names only paths the route table routes', async () => {
    const { paths } = await import('../../app/route-table.ts');
    const routed = (path: string) => ROUTES.some((route) => new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`).test(path.split('?')[0] ?? ''));
    for (const path of [paths.students(), paths.student('S1'), paths.alerts(), paths.signIn()]) expect(routed(path), path).toBe(true);
  });
});

describe('routePreloads with a start-up module imported after the first paint', () => {
  const withBoot: BuildManifest = {
    ...manifest,
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'src/app/boot.tsx': { file: 'assets/boot-1.js', imports: ['_react-1.js'] },
  };
  const preloadsFor = routePreloads(withBoot);

  it('names the start-up chunks first on every page, public, unknown or signed-in', () => {
    expect(preloadsFor('/students')).toEqual(['assets/react-1.js', 'assets/boot-1.js', 'assets/mui-1.js', 'assets/layout-1.js', 'assets/students-page-1.js']);
    expect(preloadsFor('/sign-in')).toEqual(['assets/react-1.js', 'assets/boot-1.js', 'assets/sign-in-1.js']);
    expect(preloadsFor('/no/such/page')).toEqual(['assets/react-1.js', 'assets/boot-1.js']);
  });
});
