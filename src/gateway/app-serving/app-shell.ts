import {
  ABOVE_HEADING,
  BOTTOM_BAR_HEIGHT,
  BOTTOM_BAR_SHADOW,
  BOTTOM_NAV_COUNT,
  BREAKPOINTS,
  COMPACT_HEADING_SIZE,
  DRAWER_WIDTH,
  FONT_FAMILY,
  MAIN_PADDING_BOTTOM,
  MAIN_PADDING_X,
  PAGE_TOP,
  ROOT_FONT_PX,
  SCHEMES,
  SPACING,
  TOOLBAR_HEIGHT,
  TYPE,
  type SchemeColours,
  type TypeStyle,
} from '../../app/layout-values.ts';
import type { MyStudents } from '../../api/my-students.ts';
import { APP_NAME, ROUTES, START_PATH, documentTitle, pathPattern, type PageRoute } from '../../app/route-table.ts';
import { HOME_PICTURE_CSS, homePictureHtml } from './home-picture.ts';

/**
 * The signed-in shell as plain HTML, painted before any JavaScript has loaded: the app bar, the
 * navigation (a drawer from md up, a bar at the bottom below) and the page's `h1` from the route
 * table. On a phone over a slow network the app's code takes seconds to arrive and run; without
 * this the screen stays blank all that time. The app removes it the moment its own layout renders
 * (src/app/static-shell.ts), in the same frame, so nothing moves. Until then it is a picture of the
 * page, not the page: `inert` and hidden from assistive technology, so neither a keyboard nor a
 * screen reader lands in it and is then pulled away when the app takes over.
 *
 * The stylesheet is generated from the values the layout (src/app/layout.tsx) and the theme
 * (src/app/theme.ts) are built from (src/app/layout-values.ts), not copied from them:
 * toolbar heights 56 / 48 (landscape phone) / 64 from 600 px, the 232 px drawer from 900 px, the
 * 56 px bottom bar below, the h4 heading 24 px under the toolbar, and the row a page puts above its
 * heading (the route table's `aboveHeading`: a breadcrumb trail, a "← back" link) reserved at its
 * height, left empty (its words are the page's data); and the page's opening sentence where it is
 * fixed text (`intro`), which on most pages is the largest text of the first screen: painted here,
 * it is on screen from the first frame rather than once the code has run. Light or dark follows the system
 * until the app applies the chosen scheme (class `light` / `dark` on <html>, as MUI names it).
 * It carries this response's CSP nonce: no inline script.
 */

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SIGNED_IN_ROUTES = ROUTES.filter((route) => !route.public).map((route) => ({ route, path: pathPattern(route.path) }));
const START = ROUTES.find((route) => route.path === START_PATH);

/** The signed-in route a URL path opens (`/` opens the start page), or undefined (public pages, unknown paths). */
export function shellRoute(pathname: string): PageRoute | undefined {
  if (pathname === '/') return START;
  return SIGNED_IN_ROUTES.find(({ path }) => path.test(pathname))?.route;
}

const NAV = ROUTES.flatMap((route) => (route.nav ? [{ to: route.path, label: route.nav.label }] : []));

/** Whether a navigation entry is the current page or one of its sub-pages (as layout.tsx marks them). */
const isCurrent = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`) || (pathname === '/' && to === START_PATH);

const px = (units: number) => `${units * SPACING}px`;
/** A number as CSS spells it shortest (`.875rem`, `1.43`). */
const short = (value: string | number) =>
  String(value)
    .replace(/^0\./, '.')
    .replace(/(\D)0\./g, '$1.');
const rgba = (colour: string) => colour.replace(/\s+/g, '').replace(/0\./g, '.');
const type = (style: TypeStyle) => `font-size:${short(style.fontSize)};font-weight:${style.fontWeight};line-height:${short(style.lineHeight)}`;
/** A line of `style`'s type, in px. */
const lineOf = (style: TypeStyle) => Math.round(parseFloat(style.fontSize) * ROOT_FONT_PX * style.lineHeight * 100) / 100;
const below = (width: number) => `(max-width:${width - 0.05}px)`;

const schemeVars = (scheme: SchemeColours, dark: boolean) =>
  `color-scheme:${dark ? 'dark' : 'light'};--ss-bg:${scheme.background};--ss-paper:${scheme.paper};--ss-text:${rgba(scheme.text)};--ss-text2:${rgba(scheme.textSecondary)};` +
  `--ss-divider:${rgba(scheme.divider)};--ss-bar:${scheme.bar};--ss-bar-text:${scheme.barText};--ss-primary:${scheme.primary};--ss-selected:${rgba(scheme.selected)};` +
  (dark ? '' : `--ss-bottom-shadow:${BOTTOM_BAR_SHADOW.replace(/,0\./g, ',.')};`) +
  '--ss-bottom-image:none';

const aboveRows = Object.entries(ABOVE_HEADING)
  .map(([name, row]) => `.ss-above-${name}{height:${lineOf(TYPE[row.line])}px;margin-bottom:${px(row.gap)}}`)
  .join('');

/**
 * The shell's stylesheet, generated from the frame's values (src/app/layout-values.ts), which the
 * theme and the layout are built from: toolbar heights, the drawer, the bottom bar, the page's
 * padding, the h1's type and the colours of both schemes. One value is the shell's own: the body2
 * intro's letter spacing (MUI's Roboto spacing; the app's system font has none), which its test pins.
 */
export const SHELL_CSS = `
:root{${schemeVars(SCHEMES.light, false).replace('color-scheme:light', 'color-scheme:light dark')}}
@media (prefers-color-scheme:dark){:root:not(.light){${schemeVars(SCHEMES.dark, true)}}}
:root.dark{${schemeVars(SCHEMES.dark, true)}}
body{margin:0;background:var(--ss-bg);color:var(--ss-text);font-family:${FONT_FAMILY.replace(/, /g, ',')};font-size:${short(TYPE.body1.fontSize)};line-height:${short(TYPE.body1.lineHeight)};font-weight:${TYPE.body1.fontWeight};-webkit-font-smoothing:antialiased}
#app-shell a{text-decoration:none}
.ss-bar{position:fixed;top:0;left:0;right:0;z-index:1100;display:flex;align-items:center;min-height:${TOOLBAR_HEIGHT.xs}px;padding:0 ${px(2)};box-sizing:border-box;background:var(--ss-bar);color:var(--ss-bar-text)}
.ss-brand{${type(TYPE.h6)};white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ss-tool{min-height:${TOOLBAR_HEIGHT.xs}px;display:flex;align-items:center;padding:0 ${px(2)};box-sizing:border-box}
.ss-drawer{display:none}
.ss-main{padding:0 ${px(MAIN_PADDING_X.xs)} calc(${BOTTOM_BAR_HEIGHT + MAIN_PADDING_BOTTOM * SPACING}px + env(safe-area-inset-bottom))}
.ss-spacer{min-height:${TOOLBAR_HEIGHT.xs}px}
.ss-page{padding-top:${px(PAGE_TOP)}}.ss-main h1{margin:0;${type(TYPE.h4)}}
.ss-bottom{position:fixed;left:0;right:0;bottom:0;z-index:1100;background:var(--ss-paper);background-image:var(--ss-bottom-image);box-shadow:var(--ss-bottom-shadow);padding-bottom:env(safe-area-inset-bottom)}
.ss-bottom ul{display:flex;justify-content:center;height:${BOTTOM_BAR_HEIGHT}px;margin:0;padding:0;list-style:none}
.ss-bottom li{flex:1;max-width:168px;min-width:0}
.ss-bottom a,.ss-bottom span{display:flex;flex-direction:column;align-items:center;justify-content:flex-end;height:100%;box-sizing:border-box;padding:0 4px 6px;font-size:.75rem;line-height:1.5;color:var(--ss-text2)}
.ss-bottom a[aria-current]{font-size:.875rem;padding-bottom:5px;color:var(--ss-primary)}
${aboveRows}
@media ${below(BREAKPOINTS.sm)}{.ss-main h1.ss-small{font-size:${short(TYPE.h5.fontSize)};line-height:${short(TYPE.h5.lineHeight)}}}
@media ${below(BREAKPOINTS.md)}{.ss-main h1.ss-compact{font-size:${COMPACT_HEADING_SIZE}}}
.ss-intro{margin:0;color:var(--ss-text2)}.ss-intro-stack{margin-top:${px(2)}}.ss-intro-body2{font-size:${short(TYPE.body2.fontSize)};line-height:${short(TYPE.body2.lineHeight)};letter-spacing:.01071em}.ss-main h1.ss-gutter{margin-bottom:.35em}
@media (orientation:landscape) and ${below(BREAKPOINTS.sm)}{.ss-bar,.ss-tool,.ss-spacer{min-height:${TOOLBAR_HEIGHT.landscapePhone}px}}
@media (min-width:${BREAKPOINTS.sm}px){.ss-bar,.ss-tool,.ss-spacer{min-height:${TOOLBAR_HEIGHT.sm}px}.ss-bar,.ss-tool{padding:0 ${px(3)}}}
@media (min-width:${BREAKPOINTS.md}px){
.ss-bar{left:${DRAWER_WIDTH}px}.ss-bar .ss-brand{display:none}
.ss-drawer{display:block;position:fixed;top:0;left:0;bottom:0;width:${DRAWER_WIDTH}px;box-sizing:border-box;overflow-y:auto;background:var(--ss-paper);border-right:1px solid var(--ss-divider);z-index:1200}
.ss-drawer hr{margin:0;border:0;border-bottom:1px solid var(--ss-divider)}
.ss-drawer ul{margin:0;padding:${px(1)} 0;list-style:none}
.ss-drawer a{color:inherit;display:flex;align-items:center;min-height:48px;box-sizing:border-box;padding:${px(1)} ${px(2)} ${px(1)} 52px}
.ss-drawer a[aria-current]{background:var(--ss-selected)}
.ss-main{margin-left:${DRAWER_WIDTH}px;padding:0 ${px(MAIN_PADDING_X.md)} ${px(MAIN_PADDING_BOTTOM)}}
.ss-bottom{display:none}}
`
  .replace(/\n/g, '')
  .trim();

/** The shell's markup for one page (before `<div id="root">`); `heading`: its h1 read from data (data-headings.ts). */
export function appShellHtml(route: PageRoute, pathname: string, heading?: string, picture = ''): string {
  const link = (item: { to: string; label: string }) =>
    `<a href="${escapeHtml(item.to)}"${isCurrent(item.to, pathname) ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a>`;
  const drawer = NAV.map((item) => `<li>${link(item)}</li>`).join('');
  const bottom = NAV.slice(0, BOTTOM_NAV_COUNT)
    .map((item) => `<li>${link(item)}</li>`)
    .join('');
  const above = route.aboveHeading ? `<div class="ss-above-${route.aboveHeading}"></div>` : '';
  const headingClasses = [route.smallHeadingOnPhone && 'ss-small', route.compactHeadingBelowMd && 'ss-compact', route.intro?.after === 'gutter' && 'ss-gutter']
    .filter(Boolean)
    .join(' ');
  const introClasses = ['ss-intro', route.intro?.after === 'stack' && 'ss-intro-stack', route.intro?.body2 && 'ss-intro-body2'].filter(Boolean).join(' ');
  const intro = route.intro ? `<p class="${introClasses}">${escapeHtml(route.intro.text)}</p>` : '';
  const headingClass = headingClasses ? ` class="${headingClasses}"` : '';
  return (
    `<div id="app-shell" aria-hidden="true" inert>` +
    `<header class="ss-bar"><span class="ss-brand">${escapeHtml(APP_NAME)}</span></header>` +
    `<nav class="ss-drawer" aria-label="Main"><div class="ss-tool"><span class="ss-brand">${escapeHtml(APP_NAME)}</span></div><hr><ul>${drawer}</ul></nav>` +
    `<nav class="ss-bottom" aria-label="Main"><ul>${bottom}<li><span>More</span></li></ul></nav>` +
    `<main class="ss-main"><div class="ss-spacer"></div><div class="ss-page">${above}<h1${headingClass}>${escapeHtml(heading ?? route.heading ?? route.title)}</h1>${intro}${picture}</div></main>` +
    `</div>`
  );
}

/**
 * `html` (the built index.html) with the shell of the page at `pathname` and its stylesheet
 * (carrying `nonce`), and the page's title. Unchanged for public pages and unknown paths.
 */
export function withAppShell(
  html: string,
  pathname: string,
  nonce: string | undefined,
  heading?: string,
  home?: { answer: MyStudents; nowMs: number },
): string {
  const route = shellRoute(pathname);
  const root = '<div id="root"></div>';
  if (!route || !html.includes(root) || !html.includes('</head>')) return html;
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : '';
  const css = home ? `${SHELL_CSS}${HOME_PICTURE_CSS}` : SHELL_CSS;
  const picture = home ? homePictureHtml(home.answer, home.nowMs) : '';
  return (
    html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(documentTitle(route.title))}</title>`)
      .replace('</head>', `  <style id="app-shell-style"${nonceAttribute}>${css}</style>\n  </head>`)
      // A function: a heading is data, and `$&` in a replacement string is a pattern.
      .replace(root, () => `${appShellHtml(route, pathname, heading, picture)}${root}`)
  );
}
