/**
 * Every page of the dashboard, once. From this table come the router (path, lazy page, loader),
 * the navigation (label and icon), each page's document title ("Alerts · Student Success") and
 * the server's `modulepreload` links (src/gateway/app-serving/route-preloads.ts, which reads this file: so it
 * holds data only, no React).
 *
 * Adding a page: its folder under src/features/, and one entry here.
 */

/** The icons the navigation knows (src/app/nav-icons.ts). */
export type NavIcon = 'students' | 'alerts' | 'scores' | 'caseloads' | 'categories' | 'triggers' | 'networks' | 'journal';

export interface PageRoute {
  /** The router's path (`:name` for a parameter). */
  path: string;
  /** The document title's first part. */
  title: string;
  /** The page's module (as the build manifest names it) and the component it exports. */
  page: `src/features/${string}.tsx`;
  component: string;
  /**
   * A module whose `prefetch(context)` starts the page's queries while its code loads (never awaited).
   * Its key parameters (`revalidateOn`): a change of only other search parameters does not run it again.
   */
  prefetch?: `src/features/${string}.ts`;
  revalidateOn?: readonly string[];
  /** An entry in the navigation, in table order. */
  nav?: { label: string; icon: NavIcon };
  /** Outside the signed-in shell (no navigation, no session needed). */
  public?: boolean;
  /** The page's h1 is the smaller h5 below 600 px (the server's HTML shell draws it so: src/gateway/app-serving/app-shell.ts). */
  smallHeadingOnPhone?: boolean;
  /** The page's h1 is 1.75rem below 900 px (as the student page's header sets it), drawn so by the shell too. */
  compactHeadingBelowMd?: boolean;
  /**
   * What the page puts above its h1, so that the server's shell reserves the same row and its h1
   * lands where the page's will (no layout shift when the app takes over):
   * - `breadcrumbs`: a breadcrumb trail (MUI Breadcrumbs, one body1 line) 8 px above the h1;
   * - `back-link`: a "← back" link (body2) in a block with the h1 4 px under it (`mt: 0.5`);
   * - `back-link-stack`: a "← back" link (body2) as the first item of a `Stack spacing={2}`, the h1 16 px under it.
   */
  aboveHeading?: AboveHeading;
  /** The page's h1 where it says more than `title` (the shell paints the page's own words). */
  heading?: string;
  /**
   * The page's h1 is data the server can read before it sends the page (src/gateway/app-serving/data-headings.ts):
   * `administration`, the title of the administration in the URL. The shell paints it in place of
   * `heading`/`title` when the answer comes in time.
   */
  headingFrom?: 'administration';
  /**
   * The page's opening sentence under its h1, where it is fixed text (not data): the shell paints
   * it too, in the same place, so a person reads what the page is for before its code has run.
   * `after` is how the page spaces it from the h1: `stack` (a Stack's 16 px), `gutter` (the h1's
   * `gutterBottom`), `none`. `body2`: set in MUI's body2 type, as the page sets it (else body1).
   * Its words must be the page's (e2e/app-shell.spec.ts compares them).
   */
  intro?: { text: string; after: 'stack' | 'gutter' | 'none'; body2?: boolean };
}

export type AboveHeading = 'breadcrumbs' | 'back-link' | 'back-link-stack';

export const APP_NAME = 'Student Success';

/** Where `/` goes. */
export const START_PATH = '/students';

/**
 * What the entry imports first after the first paint (src/main.tsx): the query client and the API
 * client, which ask for who is signed in and start the page's data before the app's UI modules
 * (React DOM's renderer, MUI, the router) are evaluated. Preloaded on every page.
 */
export const EARLY_MODULE = 'src/app/early-start.ts';

/** The app's start-up (imported by src/main.tsx after the early start): preloaded on every page. */
export const BOOT_MODULE = 'src/app/boot.tsx';

/** The shell around every signed-in page: its code is preloaded with theirs. */
export const SHELL_MODULE = 'src/app/layout.tsx';

export const ROUTES: readonly PageRoute[] = [
  {
    path: '/students',
    title: 'Students',
    page: 'src/features/students/students-page.tsx',
    component: 'StudentsPage',
    nav: { label: 'Students', icon: 'students' },
  },
  {
    path: '/students/:identifier',
    title: 'Student',
    page: 'src/features/student/student-page.tsx',
    component: 'StudentPage',
    prefetch: 'src/features/student/prefetch-student-timeline.ts',
    compactHeadingBelowMd: true,
  },
  {
    path: '/students/:identifier/network',
    title: 'Success network',
    page: 'src/features/networks/network-editor-page.tsx',
    component: 'NetworkEditorPage',
    prefetch: 'src/features/networks/prefetch-network.ts',
    revalidateOn: [],
    aboveHeading: 'breadcrumbs',
  },
  {
    path: '/caseloads',
    title: 'Caseloads',
    page: 'src/features/caseloads/caseloads-page.tsx',
    component: 'CaseloadsPage',
    nav: { label: 'Caseloads', icon: 'caseloads' },
    intro: { text: 'The students whose success networks include a staff member, and moving them in bulk.', after: 'gutter' },
  },
  {
    path: '/alerts',
    title: 'Alerts',
    page: 'src/features/alerts/triage/alert-triage-page.tsx',
    component: 'AlertTriagePage',
    // The queue's filters are applied in the page: only a new range is a new load.
    prefetch: 'src/features/alerts/triage/prefetch-triage-queue.ts',
    revalidateOn: ['from', 'to'],
    nav: { label: 'Alerts', icon: 'alerts' },
    smallHeadingOnPhone: true,
    intro: {
      text: 'Every alert raised in the chosen dates (the last 30 days unless you pick others under Filters): filter them, open one to act on it, or lower several at once.',
      after: 'none',
      body2: true,
    },
  },
  {
    path: '/scores',
    title: 'Scores',
    page: 'src/features/scores/administrations-page.tsx',
    component: 'AdministrationsPage',
    nav: { label: 'Scores', icon: 'scores' },
    heading: 'Non-cognitive scores',
    intro: { text: 'Administrations of the Student Strengths Inventory and the Continuing Student Assessment, newest first.', after: 'none' },
  },
  {
    path: '/scores/:administrationId',
    title: 'Cohort',
    page: 'src/features/scores/cohort-page.tsx',
    component: 'CohortPage',
    // A cohort download starts before the page's code has loaded; picks, filters and the comparison are the page's own state.
    prefetch: 'src/features/scores/prefetch-cohort.ts',
    revalidateOn: [],
    aboveHeading: 'back-link',
    headingFrom: 'administration',
  },
  {
    path: '/scores/:administrationId/:person',
    title: 'Score profile',
    page: 'src/features/scores/profile-page.tsx',
    component: 'ProfilePage',
    prefetch: 'src/features/scores/prefetch-profile.ts',
    revalidateOn: [],
    aboveHeading: 'back-link',
  },
  {
    path: '/admin/categories',
    title: 'Categories',
    page: 'src/features/admin-categories/categories-admin-page.tsx',
    component: 'CategoriesAdminPage',
    nav: { label: 'Categories', icon: 'categories' },
    intro: { text: 'The reasons advisors file updates and alerts under. Renaming relabels every past notation; deactivating hides a category from new notations.', after: 'stack' },
  },
  {
    path: '/admin/triggers',
    title: 'Triggers',
    page: 'src/features/admin-triggers/triggers-admin-page.tsx',
    component: 'TriggersAdminPage',
    nav: { label: 'Triggers', icon: 'triggers' },
    intro: { text: 'Data-insight definitions: applied to students, each creates a data insight, or an alert when it elevates to alert.', after: 'stack' },
  },
  {
    path: '/admin/triggers/:id',
    title: 'Trigger',
    page: 'src/features/admin-triggers/trigger-page.tsx',
    component: 'TriggerPage',
    prefetch: 'src/features/admin-triggers/prefetch-trigger.ts',
    revalidateOn: [],
    aboveHeading: 'back-link-stack',
  },
  {
    path: '/admin/triggers/:id/apply',
    title: 'Apply a trigger',
    page: 'src/features/admin-triggers/apply-trigger-page.tsx',
    component: 'ApplyTriggerPage',
    // The students handed over in the URL are the page's own state: only the trigger is started early.
    prefetch: 'src/features/admin-triggers/prefetch-trigger.ts',
    revalidateOn: [],
    aboveHeading: 'back-link-stack',
  },
  {
    // The gateway answers JSON at the same address to API clients (Accept: application/json).
    path: '/admin/journal',
    title: 'Change journal',
    page: 'src/features/journal/journal-page.tsx',
    component: 'JournalPage',
    nav: { label: 'Change journal', icon: 'journal' },
    intro: { text: 'Every change made through the dashboard: who, when, what, and the result. Newest first.', after: 'stack' },
  },
  {
    path: '/sign-in',
    title: 'Sign in',
    page: 'src/features/session/sign-in-page.tsx',
    component: 'SignInPage',
    public: true,
  },
];

/** `Alerts · Student Success`. */
export const documentTitle = (title: string): string => `${title} · ${APP_NAME}`;

/** A path pattern as a regular expression over URL paths (a trailing slash allowed); `capture`: a group per parameter. */
export function pathPattern(path: string, capture = false): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (capture ? '([^/]+)' : '[^/]+') : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source}\\/?$`);
}

export interface RouteMatch {
  route: PageRoute;
  /** The path's parameters, decoded (as the router gives them). */
  params: Readonly<Record<string, string>>;
}

/** The route a URL path opens, with its parameters; undefined for `/` and for a path no page has. */
export function matchRoute(pathname: string, routes: readonly PageRoute[] = ROUTES): RouteMatch | undefined {
  for (const route of routes) {
    const names = route.path.split('/').filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1));
    const match = pathPattern(route.path, true).exec(pathname);
    if (!match) continue;
    try {
      return { route, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
    } catch {
      // A malformed escape (`%E0`): the router shows its error page for it, nothing to start early.
      return undefined;
    }
  }
  return undefined;
}
