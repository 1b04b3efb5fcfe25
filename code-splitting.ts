import { basename, resolve } from 'node:path';
import { BOOT_MODULE, EARLY_MODULE, ROUTES, SHELL_MODULE } from './src/app/route-table.ts';

/**
 * How the build groups modules into chunks (`build.rolldownOptions.output.codeSplitting`).
 *
 * Left to itself the bundler makes one chunk per distinct set of pages that share a module: the
 * student page needed 79 files, 46 of them under 2 KB. Over HTTP/1.1 a browser fetches six at a
 * time from one origin, so a cold page waited on fourteen rounds of requests, and its data
 * requests queued behind them. Grouping by what loads together brings every page to a dozen or
 * two files and, because bigger files compress better, fewer bytes on every page:
 *
 * - the tiny entry's own imports (Vite's preload helper) in one small file, so that the entry
 *   does not wait for the start-up's files;
 * - the contract's schemas, and its operation table, in a file each, each evaluated in a task of its own;
 * - the early start (`src/app/early-start.ts`: the query and API clients,
 *   React and the query library) and what the routes' prefetch modules share with the start-up,
 *   in one file free of UI code, so that the page's data is asked for before React DOM and MUI
 *   have loaded or been evaluated;
 * - the start-up (`src/app/boot.tsx` and everything it imports statically) in three files, by how often each changes: React and its router and query
 *   libraries, the other libraries, our code;
 * - the signed-in frame (`src/app/layout.tsx`'s imports not already in the start-up) in one;
 * - what the routes' prefetch modules import beyond the early start (the list jobs, the score
 *   and cohort queries, date-fns) in one, evaluated while the page's own code still loads: kept
 *   out of the shared file below, which is evaluated whole when a page is (a page evaluated the
 *   shared UI code of every other page in its early start when it was one file);
 * - what several pages need to render (in the static imports of at least `SHARED_BY` route pages)
 *   in two files, libraries and ours; the heavy libraries only some pages use (MUI X grid, charts
 *   and pickers, drag and drop) stay out of it, so a page that does not need them never loads
 *   them. Counted by pages, not by the chunks that import a module: counted by chunks, what only
 *   the deferred panels use (react-hook-form, in every write form and dialog) was in the file
 *   every page loads first, 20 KB (Brotli) that Lighthouse's mobile simulation (issue 14: 1.6
 *   Mbit/s, 150 ms a round trip, six connections over HTTP/1.1) made each page's first content
 *   wait for. Two pages, not three: a module two pages need in a file of its own costs each of
 *   them a round trip, which is more than its bytes;
 * - what one page needs and its deferred panels use too (the lowering button, a form's parts) in
 *   one file per page (`<page>-parts`), not a file per module;
 * - everything else as the bundler splits it.
 *
 * Modules a page loads lazily (the pages, their prefetch modules, the deferred panels) are never
 * grouped: they stay chunks of their own, which the server's preload links name.
 */
const SHARED_BY = 2;
/** Libraries only write forms use: left for the bundler to split with the forms that load them. */
const FORMS = /node_modules[\\/](react-hook-form|@hookform)[\\/]/;
const HEAVY = /node_modules[\\/](@mui[\\/]x-|@dnd-kit[\\/]|swagger-ui|date-fns[\\/]|dayjs[\\/])/;
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/;
const LIBRARY = /node_modules[\\/]/;
/**
 * The contract's schemas and its operation table (src/api), built when their modules are evaluated:
 * two files, which the entry evaluates each in a task of its own before the rest of the early start
 * (src/main.tsx). With it they were one task of 40 ms here, 160 ms on a phone four times slower.
 */
const CONTRACT_SCHEMAS = /[\\/]src[\\/]api[\\/]schemas[\\/]/;
const CONTRACT_OPERATIONS = /[\\/]src[\\/]api[\\/](operations|query-params)\.ts$/;
/** The libraries the early start needs: React itself (the query library imports it) and the query library. */
const EARLY_LIBRARIES = /node_modules[\\/](react|@tanstack[\\/](react-query|query-core))[\\/]/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/** The module ids `from` reaches through static imports, `from` included. */
function staticClosure(graph: ModuleGraph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function codeSplitting(root: string) {
  const boot = resolve(root, BOOT_MODULE);
  const earlyModule = resolve(root, EARLY_MODULE);
  const early = [EARLY_MODULE, ...ROUTES.flatMap((route) => (route.prefetch ? [route.prefetch] : []))].map((path) => resolve(root, path));
  const shell = resolve(root, SHELL_MODULE);
  const entry = resolve(root, 'src/main.tsx');
  // Computed once per build, on the first call (the graph is complete by then).
  let closures: { entry: Set<string>; early: Set<string>; startUp: Set<string>; frame: Set<string>; pages: Map<string, Set<string>> } | undefined;
  const closuresOf = (graph: ModuleGraph) =>
    (closures ??= {
      entry: staticClosure(graph, [entry]),
      early: staticClosure(graph, early),
      startUp: staticClosure(graph, [boot]),
      frame: staticClosure(graph, [shell]),
      // What each route's page imports statically: what it needs to render, its deferred panels apart.
      pages: new Map(ROUTES.map((route) => [route.page, staticClosure(graph, [resolve(root, route.page)])])),
    });
  const pagesNeeding = (id: string, graph: ModuleGraph) => [...closuresOf(graph).pages].flatMap(([page, closure]) => (closure.has(id) ? [page] : []));
  const loadedLazily = (id: string, graph: ModuleGraph) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;

  // React DOM and the router: one file for the start-up. React itself and the query library are the
  // early start's, whose group is claimed first (a group takes in what its modules import unless
  // an earlier group has claimed it: React DOM's would take React): its requests then wait for
  // neither React DOM's download nor its evaluation.
  const framework = (id: string, graph: ModuleGraph) => {
    const { early: inEarly, startUp: inStartUp } = closuresOf(graph);
    return FRAMEWORK.test(id) && !EARLY_LIBRARIES.test(id) && !inEarly.has(id) && inStartUp.has(id) ? 'framework' : null;
  };
  // Only what the start-up needs as well (the early start is part of it: src/app/app.tsx imports it);
  // a module only some page's prefetch uses stays with that page.
  // The early start itself too, though the entry imports it lazily: left out, the start-up's file
  // (which imports it statically) took it in, and with it MUI.
  const contract = (id: string) => (CONTRACT_SCHEMAS.test(id) ? 'contract' : CONTRACT_OPERATIONS.test(id) ? 'operations' : null);
  const earlyStart = (id: string, graph: ModuleGraph) => {
    const { early: inEarly, startUp: inStartUp } = closuresOf(graph);
    if (EARLY_LIBRARIES.test(id)) return 'early';
    return id === earlyModule || (!loadedLazily(id, graph) && inEarly.has(id) && inStartUp.has(id)) ? 'early' : null;
  };
  const startUp = (id: string, graph: ModuleGraph) => {
    if (id === boot || loadedLazily(id, graph) || !closuresOf(graph).startUp.has(id)) return null;
    return FRAMEWORK.test(id) ? 'framework' : LIBRARY.test(id) ? 'libraries' : 'start-up';
  };
  // Claimed first, so that the start-up's chunks (which import them too) cannot pull them in.
  const entryImports = (id: string, graph: ModuleGraph) => (id !== entry && closuresOf(graph).entry.has(id) ? 'entry-imports' : null);
  const frame = (id: string, graph: ModuleGraph) => {
    const { startUp: inStartUp, frame: inFrame } = closuresOf(graph);
    return id !== shell && !loadedLazily(id, graph) && inFrame.has(id) && !inStartUp.has(id) ? 'frame' : null;
  };
  // What the routes' prefetch modules import beyond the early start: evaluated while the page's
  // code still loads, so kept apart from the pages' shared UI code (a file is evaluated whole).
  const prefetched = (id: string, graph: ModuleGraph) =>
    !loadedLazily(id, graph) && closuresOf(graph).early.has(id) && !closuresOf(graph).startUp.has(id) ? 'prefetched' : null;
  const shared = (id: string, graph: ModuleGraph) => {
    if (HEAVY.test(id) || loadedLazily(id, graph) || pagesNeeding(id, graph).length < SHARED_BY) return null;
    return LIBRARY.test(id) ? 'shared-libraries' : 'shared';
  };
  const pageParts = (id: string, graph: ModuleGraph) => {
    if (HEAVY.test(id) || FORMS.test(id) || loadedLazily(id, graph)) return null;
    const pages = pagesNeeding(id, graph);
    return pages.length === 1 ? `${basename(pages[0]!, '.tsx')}-parts` : null;
  };
  return {
    groups: [
      { name: entryImports, priority: 7 },
      { name: contract, priority: 6 },
      { name: earlyStart, priority: 5 },
      { name: framework, priority: 4 },
      { name: startUp, priority: 3 },
      { name: frame, priority: 2 },
      { name: prefetched, priority: 2 },
      { name: shared, minShareCount: 2, priority: 1 },
      // Only what is shared with another chunk (a deferred panel): the rest stays in the page's own.
      { name: pageParts, minShareCount: 2, priority: 0 },
    ],
  };
}
