import { BOOT_MODULE, ROUTES, SHELL_MODULE, START_PATH, pathPattern, type PageRoute } from '../../app/route-table.ts';

/**
 * The page a URL opens loads its code lazily, after the entry script has run: a waterfall of
 * about 100 ms on a cold visit. The server knows the URL before the browser does, so it names
 * the page's chunks in the HTML (`modulepreload`) and the browser fetches them alongside the entry.
 *
 * The routes come from the app's route table (src/app/route-table.ts, data only), as the router's
 * do; `routePreloads` throws at start-up when a module named there is not in the build, so a
 * renamed page cannot silently lose its preload.
 */

/** Vite's build manifest (`dist/.vite/manifest.json`): source path or chunk key → chunk. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

export interface RouteModules {
  path: RegExp;
  modules: readonly string[];
  /**
   * Named first, ahead of the shell and the page, when the build has it: the route's prefetch
   * module (src/app/route-table.ts), which the router imports as soon as the entry has run. Left
   * behind the page's fifty-odd chunks (six connections per origin over HTTP/1.1), it arrived with
   * them, so the page's data was asked for only once the page had rendered.
   */
  first?: readonly string[];
}

/** Each page's modules: the app's start-up, the signed-in shell (unless the page is public) and the page. */
const modulesOf = (route: PageRoute): readonly string[] => (route.public ? [BOOT_MODULE, route.page] : [BOOT_MODULE, SHELL_MODULE, route.page]);
const routeModules = (path: RegExp, route: PageRoute): RouteModules => ({
  path,
  modules: modulesOf(route),
  ...(route.prefetch ? { first: [route.prefetch] } : {}),
});

export const ROUTE_MODULES: readonly RouteModules[] = [
  ...ROUTES.map((route) => routeModules(pathPattern(route.path), route)),
  // `/` is the start page (matched above too, when START_PATH is `/`).
  ...ROUTES.filter((route) => route.path === START_PATH).map((route) => routeModules(/^\/$/, route)),
];

/** The chunk files of a module and of everything it imports statically, in load order. */
function chunkFiles(manifest: BuildManifest, key: string, seen: Set<string>, files: string[]): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  for (const dependency of chunk.imports ?? []) chunkFiles(manifest, dependency, seen, files);
  files.push(chunk.file);
}

/**
 * A function from a URL path to the chunk files its page needs beyond what `index.html` already
 * loads. Throws when a route module is missing from the manifest (see above).
 */
export function routePreloads(manifest: BuildManifest, routes = ROUTE_MODULES): (pathname: string) => readonly string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inHtml = new Set<string>();
  for (const entry of entries) {
    const files: string[] = [];
    chunkFiles(manifest, entry, new Set(), files);
    files.forEach((file) => inHtml.add(file));
  }
  const byRoute = routes.map(({ path, modules, first = [] }) => {
    const files: string[] = [];
    const seen = new Set<string>();
    for (const module of first) chunkFiles(manifest, module, seen, files);
    for (const module of modules) {
      // A build whose entry starts the app itself has no start-up module to preload.
      if (module === BOOT_MODULE && !manifest[module]) continue;
      if (!manifest[module]) throw new Error(`route-preloads: ${module} is not in the build manifest; update src/app/route-table.ts.`);
      chunkFiles(manifest, module, seen, files);
    }
    return { path, files: files.filter((file) => !inHtml.has(file)) };
  });
  // Any other URL (the app's "page not found") still needs the start-up (when the build has one).
  const bootFiles: string[] = [];
  if (manifest[BOOT_MODULE]) chunkFiles(manifest, BOOT_MODULE, new Set(), bootFiles);
  const otherwise = bootFiles.filter((file) => !inHtml.has(file));
  return (pathname) => byRoute.find(({ path }) => path.test(pathname))?.files ?? otherwise;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `html` with a `modulepreload` link per file, at the end of its head, at low priority: the page's
 * data (asked for by the early start, at the default high priority) goes ahead of code still
 * queued over HTTP/1.1's six connections, and the shell's first paint, which needs none of it, is
 * not taken to wait for it. At high priority, Lighthouse's simulation counted every chunk that had
 * arrived before Chromium's first frame as blocking that paint: first contentful paint was 0.9 s
 * or 3 s by the luck of loopback timing.
 */
export function withPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeAttribute(file)}">\n`).join('');
  const at = html.indexOf('</head>');
  return at === -1 ? html : `${html.slice(0, at)}${links}  ${html.slice(at)}`;
}
