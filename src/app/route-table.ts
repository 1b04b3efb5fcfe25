/**
 * Every page of the dashboard, once. From this table come the router (path, lazy page, loader),
 * the navigation (label and icon), each page's document title ("Alerts · Student Success") and
 * the server's `modulepreload` links (src/gateway/app-serving/route-preloads.ts, which reads this file: so it
 * holds data only, no React).
 *
 * Each entry gives its own link, `href(params, query)`, typed by its path's parameters: pages link
 * to each other through it (`PAGES.student.href({ identifier })`, or the `paths` shortcuts below),
 * never by a hand-built string. Its heading and fixed opening sentence (`heading`, `intro`) are
 * drawn from here both by the page (src/components/page-heading.tsx) and by the server's first
 * frame (src/gateway/app-serving/app-shell.ts): spelled once.
 *
 * Adding a page: its folder under src/features/, and one entry here.
 */

/** The icons the navigation knows (src/app/nav-icons.ts). */
export type NavIcon = 'home' | 'students' | 'alerts' | 'scores' | 'caseloads' | 'categories' | 'triggers' | 'networks' | 'journal' | 'outcomes';

/** The parameters a path names: `/scores/:administrationId/:person` → `{ administrationId, person }`. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/**
 * A link's search parameters (`undefined` values are left out); a string is the search as spelled,
 * for a list kept readable in the address bar (`students=S1,S2`, each identifier already encoded).
 */
export type Query = URLSearchParams | Readonly<Record<string, string | undefined>> | string;

export interface PageRoute<P extends string = string> {
  /** The router's path (`:name` for a parameter). */
  path: P;
  /** A link to this page: its parameters encoded into the path, and the search parameters given. */
  href(params: ParamsOf<P>, query?: Query): string;
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
  /** The page's h1 is the smaller h5 below 600 px (the page's PageHeading and the server's HTML shell draw it so). */
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
   * `after` is how it is spaced from the h1: `stack` (the page's Stack's 16 px: heading and intro are
   * two of its items), `gutter` (the h1's `gutterBottom`), `none` (the two in one block).
   * `body2`: set in MUI's body2 type (else body1). The page draws it with its h1 through
   * src/components/page-heading.tsx; e2e/app-shell.spec.ts compares the two paintings.
   */
  intro?: { text: string; after: 'stack' | 'gutter' | 'none'; body2?: boolean };
}

export type AboveHeading = 'breadcrumbs' | 'back-link' | 'back-link-stack';

export const APP_NAME = 'Student Success';

/** The page `/` opens: "My students" (#32). */
export const START_PATH = '/';

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

/** An entry as the table spells it: a page in the navigation names its icon, and is listed under its title. */
type RouteEntry<P extends string> = Omit<PageRoute<P>, 'href' | 'nav'> & { navIcon?: NavIcon };

/** An entry of the table, given its `href` from its path (and its navigation entry from its title). */
function route<const P extends string>({ navIcon, ...entry }: RouteEntry<P>): PageRoute<P> {
  return {
    ...entry,
    ...(navIcon ? { nav: { label: entry.title, icon: navIcon } } : {}),
    href: (params, query) => withQuery(fillPath(entry.path, params), query),
  };
}

/** Every page by name, for links: `PAGES.cohort.href({ administrationId: 6 })`. */
export const PAGES = {
  home: route({
    path: '/',
    title: 'My students',
    page: 'src/features/my-students/my-students-page.tsx',
    component: 'MyStudentsPage',
    prefetch: 'src/features/my-students/prefetch-my-students.ts',
    revalidateOn: [],
    navIcon: 'home',
  }),
  students: route({
    path: '/students',
    title: 'Students',
    page: 'src/features/students/students-page.tsx',
    component: 'StudentsPage',
    navIcon: 'students',
  }),
  student: route({
    path: '/students/:identifier',
    title: 'Student',
    page: 'src/features/student/student-page.tsx',
    component: 'StudentPage',
    prefetch: 'src/features/student/prefetch-student-timeline.ts',
    compactHeadingBelowMd: true,
  }),
  network: route({
    path: '/students/:identifier/network',
    title: 'Success network',
    page: 'src/features/networks/network-editor-page.tsx',
    component: 'NetworkEditorPage',
    prefetch: 'src/features/networks/prefetch-network.ts',
    revalidateOn: [],
    aboveHeading: 'breadcrumbs',
  }),
  studentRecord: route({
    // Administrators only: the record is gathered by the gateway (GET /admin/students/:id/record), logged as an export.
    path: '/students/:identifier/record',
    title: 'Student record',
    page: 'src/features/student-record/student-record-page.tsx',
    component: 'StudentRecordPage',
    intro: {
      text: 'Everything the dashboard can read about one student, for an inspection or an access request: print it, or download it as a JSON file.',
      after: 'stack',
    },
  }),
  caseloads: route({
    path: '/caseloads',
    title: 'Caseloads',
    page: 'src/features/caseloads/caseloads-page.tsx',
    component: 'CaseloadsPage',
    navIcon: 'caseloads',
    intro: { text: 'The students whose success networks include a staff member, and moving them in bulk.', after: 'gutter' },
  }),
  alerts: route({
    path: '/alerts',
    title: 'Alerts',
    page: 'src/features/alerts/triage/alert-triage-page.tsx',
    component: 'AlertTriagePage',
    // The queue's filters are applied in the page: only a new range is a new load.
    prefetch: 'src/features/alerts/triage/prefetch-triage-queue.ts',
    revalidateOn: ['from', 'to'],
    navIcon: 'alerts',
    smallHeadingOnPhone: true,
    intro: {
      text: 'Every alert raised in the chosen dates (the last 30 days unless you pick others under Filters): filter them, open one to act on it, or lower several at once.',
      after: 'none',
      body2: true,
    },
  }),
  scores: route({
    path: '/scores',
    title: 'Scores',
    page: 'src/features/scores/administrations-page.tsx',
    component: 'AdministrationsPage',
    navIcon: 'scores',
    heading: 'Non-cognitive scores',
    intro: { text: 'Administrations of the Student Strengths Inventory and the Continuing Student Assessment, newest first.', after: 'none' },
  }),
  cohort: route({
    path: '/scores/:administrationId',
    title: 'Cohort',
    page: 'src/features/scores/cohort-page.tsx',
    component: 'CohortPage',
    // A cohort download starts before the page's code has loaded; picks, filters and the comparison are the page's own state.
    prefetch: 'src/features/scores/prefetch-cohort.ts',
    revalidateOn: [],
    aboveHeading: 'back-link',
    headingFrom: 'administration',
  }),
  profile: route({
    path: '/scores/:administrationId/:person',
    title: 'Score profile',
    page: 'src/features/scores/profile-page.tsx',
    component: 'ProfilePage',
    prefetch: 'src/features/scores/prefetch-profile.ts',
    revalidateOn: [],
    aboveHeading: 'back-link',
  }),
  categories: route({
    path: '/admin/categories',
    title: 'Categories',
    page: 'src/features/admin-categories/categories-admin-page.tsx',
    component: 'CategoriesAdminPage',
    navIcon: 'categories',
    intro: {
      text: 'The reasons advisors file updates and alerts under. Renaming relabels every past notation; deactivating hides a category from new notations.',
      after: 'stack',
    },
  }),
  triggers: route({
    path: '/admin/triggers',
    title: 'Triggers',
    page: 'src/features/admin-triggers/triggers-admin-page.tsx',
    component: 'TriggersAdminPage',
    navIcon: 'triggers',
    intro: { text: 'Data-insight definitions: applied to students, each creates a data insight, or an alert when it elevates to alert.', after: 'stack' },
  }),
  trigger: route({
    path: '/admin/triggers/:id',
    title: 'Trigger',
    page: 'src/features/admin-triggers/trigger-page.tsx',
    component: 'TriggerPage',
    prefetch: 'src/features/admin-triggers/prefetch-trigger.ts',
    revalidateOn: [],
    aboveHeading: 'back-link-stack',
  }),
  applyTrigger: route({
    path: '/admin/triggers/:id/apply',
    title: 'Apply a trigger',
    page: 'src/features/admin-triggers/apply-trigger-page.tsx',
    component: 'ApplyTriggerPage',
    // The students handed over in the URL are the page's own state: only the trigger is started early.
    prefetch: 'src/features/admin-triggers/prefetch-trigger.ts',
    revalidateOn: [],
    aboveHeading: 'back-link-stack',
  }),
  outcomes: route({
    // Administrators and RECORDS_GROUP; the gateway answers JSON at the same address to API clients.
    path: '/admin/outcomes',
    title: 'Outcomes',
    page: 'src/features/outcomes/outcomes-page.tsx',
    component: 'OutcomesPage',
    navIcon: 'outcomes',
    intro: {
      text: 'Which alerts get answered, how fast, and which categories and triggers only add load: for alerts raised in a window.',
      after: 'stack',
    },
  }),
  journal: route({
    // The gateway answers JSON at the same address to API clients (Accept: application/json).
    path: '/admin/journal',
    title: 'Change journal',
    page: 'src/features/journal/journal-page.tsx',
    component: 'JournalPage',
    navIcon: 'journal',
    intro: { text: 'Every change made through the dashboard: who, when, what, and the result. Newest first.', after: 'stack' },
  }),
  accessLog: route({
    // Administrators only; the gateway answers JSON (and CSV) at the same address to API clients.
    path: '/admin/access-log',
    title: 'Access log',
    page: 'src/features/access-log/access-log-page.tsx',
    component: 'AccessLogPage',
    intro: {
      text: "Who signed in and out, who read which students' records, with the reason when a grant was used, and who exported what. Newest first.",
      after: 'stack',
    },
  }),
  settings: route({
    path: '/settings',
    title: 'Settings',
    page: 'src/features/settings/settings-page.tsx',
    component: 'SettingsPage',
    intro: { text: 'What the dashboard e-mails you, and the e-mail it has made for you.', after: 'stack' },
  }),
  signIn: route({
    path: '/sign-in',
    title: 'Sign in',
    page: 'src/features/session/sign-in-page.tsx',
    component: 'SignInPage',
    public: true,
  }),
};

/** Every page, in table order (the navigation's order, and the order a URL is matched in). */
export const ROUTES: readonly PageRoute[] = Object.values(PAGES);

/** A path pattern with its parameters filled in, each encoded as one path segment. */
function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  if (typeof query === 'string') return `${path}?${query}`;
  const params =
    query instanceof URLSearchParams ? query : new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The links pages use most, by their table entries. */
export const paths = {
  start: () => '/',
  home: () => PAGES.home.href({}),
  students: () => PAGES.students.href({}),
  /** A student's page (their timeline). */
  student: (identifier: string, query?: Query) => PAGES.student.href({ identifier }, query),
  alerts: (query?: Query) => PAGES.alerts.href({}, query),
  /** A staff member's caseload (`/caseloads?staff=E0001`). */
  caseload: (staff: string) => PAGES.caseloads.href({}, { staff }),
  signIn: () => PAGES.signIn.href({}),
  settings: () => PAGES.settings.href({}),
};

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

/** The route a URL path opens, with its parameters; undefined for a path no page has. */
export function matchRoute(pathname: string, routes: readonly PageRoute[] = ROUTES): RouteMatch | undefined {
  for (const route of routes) {
    const names = route.path
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => segment.slice(1));
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
