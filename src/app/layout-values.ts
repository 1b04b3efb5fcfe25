/**
 * The measurements and colours of the app's frame, once: the theme (src/app/theme.ts) and the
 * layout (src/app/layout.tsx) are built from them, and so is the stylesheet of the first frame the
 * server paints before any JavaScript has run (src/gateway/app-serving/app-shell.ts), which must
 * put every pixel where the app will. Data only, no imports: the gateway reads this file.
 *
 * Where a value is MUI's default (the breakpoints, the type scale, the toolbar's heights, the
 * neutral colours), the theme sets it explicitly from here all the same, so that the two cannot
 * drift apart when MUI's defaults change.
 */

/** px; MUI's default breakpoints. */
export const BREAKPOINTS = { sm: 600, md: 900, lg: 1200 } as const;

/** px per spacing unit (MUI's `theme.spacing(1)`). */
export const SPACING = 8;

/** The app bar's (and every Toolbar's) height: 56 px, 48 px on a phone held sideways, 64 px from `sm`. */
export const TOOLBAR_HEIGHT = { xs: 56, landscapePhone: 48, sm: 64 } as const;

/** The permanent navigation drawer from `md` up. */
export const DRAWER_WIDTH = 232;

/** Below `md`: the bar at the bottom, and how many pages it holds before "More". */
export const BOTTOM_BAR_HEIGHT = 56;
export const BOTTOM_NAV_COUNT = 4;

/**
 * The page area, in spacing units: its side padding (below and from `md`), the space under its
 * last line (above the bottom bar below `md`), and the space above a page's first line.
 */
export const MAIN_PADDING_X = { xs: 2, md: 3 } as const;
export const MAIN_PADDING_BOTTOM = 4;
export const PAGE_TOP = 3;

export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export interface TypeStyle {
  fontSize: string;
  fontWeight: number;
  lineHeight: number;
}

/**
 * The type the frame and the pages' headings use (MUI's scale). No letter spacing: MUI gives its
 * variants one only under its default font (Roboto), and the app sets the system's.
 */
export const TYPE = {
  h4: { fontSize: '2.125rem', fontWeight: 400, lineHeight: 1.235 },
  h5: { fontSize: '1.5rem', fontWeight: 400, lineHeight: 1.334 },
  h6: { fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.6 },
  body1: { fontSize: '1rem', fontWeight: 400, lineHeight: 1.5 },
  body2: { fontSize: '0.875rem', fontWeight: 400, lineHeight: 1.43 },
} as const satisfies Record<string, TypeStyle>;

/** The page's h1 below `md` where the page makes it smaller (the student page's header). */
export const COMPACT_HEADING_SIZE = '1.75rem';

/** px in the root font size every `rem` above is of. */
export const ROOT_FONT_PX = 16;

export const BORDER_RADIUS = 8;

export interface SchemeColours {
  primary: string;
  secondary: string;
  warning: string;
  background: string;
  paper: string;
  text: string;
  textSecondary: string;
  divider: string;
  /** The selected navigation entry's background (`action.selected`). */
  selected: string;
  /** The app bar's background: the primary colour in light, the paper in dark (MUI's AppBar). */
  bar: string;
  barText: string;
}

/**
 * Light and dark. MUI's default warning orange is 3.1:1 on white, under WCAG AA: the light scheme
 * uses a darker amber.
 */
export const SCHEMES = {
  light: {
    primary: '#1f5fa8',
    secondary: '#6b4fa3',
    warning: '#a15c00',
    background: '#f6f7f9',
    paper: '#fff',
    text: 'rgba(0, 0, 0, 0.87)',
    textSecondary: 'rgba(0, 0, 0, 0.6)',
    divider: 'rgba(0, 0, 0, 0.12)',
    selected: 'rgba(0, 0, 0, 0.08)',
    bar: '#1f5fa8',
    barText: '#fff',
  },
  dark: {
    primary: '#8ab8f0',
    secondary: '#c3a9f0',
    warning: '#f0b45a',
    background: '#121212',
    paper: '#121212',
    text: '#fff',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    divider: 'rgba(255, 255, 255, 0.12)',
    selected: 'rgba(255, 255, 255, 0.16)',
    bar: '#121212',
    barText: '#fff',
  },
} as const satisfies Record<'light' | 'dark', SchemeColours>;

/** The bottom bar's shadow (a Paper of elevation 3, MUI's `shadows[3]`). */
export const BOTTOM_BAR_SHADOW = '0px 3px 3px -2px rgba(0,0,0,0.2),0px 3px 4px 0px rgba(0,0,0,0.14),0px 1px 8px 0px rgba(0,0,0,0.12)';

/**
 * The row a page puts above its h1 (the route table's `aboveHeading`), whose height the first frame
 * reserves: its line's height and the space under it.
 * - `breadcrumbs`: MUI Breadcrumbs, one body1 line, 8 px (`mb: 1`) above the h1;
 * - `back-link`: a body2 link in a block of body1 lines, the h1 4 px (`mt: 0.5`) under it;
 * - `back-link-stack`: a body2 link as a Stack's item, the h1 16 px (`spacing={2}`) under it.
 */
export const ABOVE_HEADING = {
  breadcrumbs: { line: 'body1', gap: 1 },
  'back-link': { line: 'body1', gap: 0.5 },
  'back-link-stack': { line: 'body2', gap: 2 },
} as const satisfies Record<string, { line: keyof typeof TYPE; gap: number }>;
