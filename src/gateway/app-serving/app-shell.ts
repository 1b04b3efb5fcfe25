import { APP_NAME, ROUTES, START_PATH, documentTitle, pathPattern, type PageRoute } from '../../app/route-table.ts';

/**
 * The signed-in shell as plain HTML, painted before any JavaScript has loaded: the app bar, the
 * navigation (a drawer from md up, a bar at the bottom below) and the page's `h1` from the route
 * table. On a phone over a slow network the app's code takes seconds to arrive and run; without
 * this the screen stays blank all that time. The app removes it the moment its own layout renders
 * (src/app/static-shell.ts), in the same frame, so nothing moves. Until then it is a picture of the
 * page, not the page: `inert` and hidden from assistive technology, so neither a keyboard nor a
 * screen reader lands in it and is then pulled away when the app takes over.
 *
 * The stylesheet copies the measurements of src/app/layout.tsx under MUI's theme (src/app/theme.ts):
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
/** As layout.tsx: the first pages in the bottom bar, "More" for the rest. */
const BOTTOM_NAV_COUNT = 4;

/** Whether a navigation entry is the current page or one of its sub-pages (as layout.tsx marks them). */
const isCurrent = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`) || (pathname === '/' && to === START_PATH);

export const SHELL_CSS = `
:root{color-scheme:light dark;--ss-bg:#f6f7f9;--ss-paper:#fff;--ss-text:rgba(0,0,0,.87);--ss-text2:rgba(0,0,0,.6);--ss-divider:rgba(0,0,0,.12);--ss-bar:#1f5fa8;--ss-bar-text:#fff;--ss-primary:#1f5fa8;--ss-selected:rgba(0,0,0,.08);--ss-bottom-shadow:0px 3px 3px -2px rgba(0,0,0,.2),0px 3px 4px 0px rgba(0,0,0,.14),0px 1px 8px 0px rgba(0,0,0,.12);--ss-bottom-image:none}
@media (prefers-color-scheme:dark){:root:not(.light){color-scheme:dark;--ss-bg:#121212;--ss-paper:#121212;--ss-text:#fff;--ss-text2:rgba(255,255,255,.7);--ss-divider:rgba(255,255,255,.12);--ss-bar:#121212;--ss-bar-text:#fff;--ss-primary:#8ab8f0;--ss-selected:rgba(255,255,255,.16);--ss-bottom-image:none}}
:root.dark{color-scheme:dark;--ss-bg:#121212;--ss-paper:#121212;--ss-text:#fff;--ss-text2:rgba(255,255,255,.7);--ss-divider:rgba(255,255,255,.12);--ss-bar:#121212;--ss-bar-text:#fff;--ss-primary:#8ab8f0;--ss-selected:rgba(255,255,255,.16);--ss-bottom-image:none}
body{margin:0;background:var(--ss-bg);color:var(--ss-text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1rem;line-height:1.5;font-weight:400;-webkit-font-smoothing:antialiased}
#app-shell a{text-decoration:none}
.ss-bar{position:fixed;top:0;left:0;right:0;z-index:1100;display:flex;align-items:center;min-height:56px;padding:0 16px;box-sizing:border-box;background:var(--ss-bar);color:var(--ss-bar-text)}
.ss-brand{font-size:1.25rem;font-weight:500;line-height:1.6;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ss-tool{min-height:56px;display:flex;align-items:center;padding:0 16px;box-sizing:border-box}
.ss-drawer{display:none}
.ss-main{padding:0 16px calc(88px + env(safe-area-inset-bottom))}
.ss-spacer{min-height:56px}
.ss-page{padding-top:24px}.ss-main h1{margin:0;font-size:2.125rem;font-weight:400;line-height:1.235}
.ss-bottom{position:fixed;left:0;right:0;bottom:0;z-index:1100;background:var(--ss-paper);background-image:var(--ss-bottom-image);box-shadow:var(--ss-bottom-shadow);padding-bottom:env(safe-area-inset-bottom)}
.ss-bottom ul{display:flex;justify-content:center;height:56px;margin:0;padding:0;list-style:none}
.ss-bottom li{flex:1;max-width:168px;min-width:0}
.ss-bottom a,.ss-bottom span{display:flex;flex-direction:column;align-items:center;justify-content:flex-end;height:100%;box-sizing:border-box;padding:0 4px 6px;font-size:.75rem;line-height:1.5;color:var(--ss-text2)}
.ss-bottom a[aria-current]{font-size:.875rem;padding-bottom:5px;color:var(--ss-primary)}
.ss-above-breadcrumbs{height:24px;margin-bottom:8px}.ss-above-back-link{height:24px;margin-bottom:4px}.ss-above-back-link-stack{height:20.02px;margin-bottom:16px}
@media (max-width:599.95px){.ss-main h1.ss-small{font-size:1.5rem;line-height:1.334}}
@media (max-width:899.95px){.ss-main h1.ss-compact{font-size:1.75rem}}
.ss-intro{margin:0;color:var(--ss-text2)}.ss-intro-stack{margin-top:16px}.ss-intro-body2{font-size:.875rem;line-height:1.43;letter-spacing:.01071em}.ss-main h1.ss-gutter{margin-bottom:.35em}
@media (orientation:landscape) and (max-width:599.95px){.ss-bar,.ss-tool,.ss-spacer{min-height:48px}}
@media (min-width:600px){.ss-bar,.ss-tool,.ss-spacer{min-height:64px}.ss-bar,.ss-tool{padding:0 24px}}
@media (min-width:900px){
.ss-bar{left:232px}.ss-bar .ss-brand{display:none}
.ss-drawer{display:block;position:fixed;top:0;left:0;bottom:0;width:232px;box-sizing:border-box;overflow-y:auto;background:var(--ss-paper);border-right:1px solid var(--ss-divider);z-index:1200}
.ss-drawer hr{margin:0;border:0;border-bottom:1px solid var(--ss-divider)}
.ss-drawer ul{margin:0;padding:8px 0;list-style:none}
.ss-drawer a{color:inherit;display:flex;align-items:center;min-height:48px;box-sizing:border-box;padding:8px 16px 8px 52px}
.ss-drawer a[aria-current]{background:var(--ss-selected)}
.ss-main{margin-left:232px;padding:0 24px 32px}
.ss-bottom{display:none}}
`
  .replace(/\n/g, '')
  .trim();

/** The shell's markup for one page (before `<div id="root">`); `heading`: its h1 read from data (data-headings.ts). */
export function appShellHtml(route: PageRoute, pathname: string, heading?: string): string {
  const link = (item: { to: string; label: string }) =>
    `<a href="${escapeHtml(item.to)}"${isCurrent(item.to, pathname) ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a>`;
  const drawer = NAV.map((item) => `<li>${link(item)}</li>`).join('');
  const bottom = NAV.slice(0, BOTTOM_NAV_COUNT)
    .map((item) => `<li>${link(item)}</li>`)
    .join('');
  const above = route.aboveHeading ? `<div class="ss-above-${route.aboveHeading}"></div>` : '';
  const headingClasses = [route.smallHeadingOnPhone && 'ss-small', route.compactHeadingBelowMd && 'ss-compact', route.intro?.after === 'gutter' && 'ss-gutter'].filter(Boolean).join(' ');
  const introClasses = ['ss-intro', route.intro?.after === 'stack' && 'ss-intro-stack', route.intro?.body2 && 'ss-intro-body2'].filter(Boolean).join(' ');
  const intro = route.intro ? `<p class="${introClasses}">${escapeHtml(route.intro.text)}</p>` : '';
  const headingClass = headingClasses ? ` class="${headingClasses}"` : '';
  return (
    `<div id="app-shell" aria-hidden="true" inert>` +
    `<header class="ss-bar"><span class="ss-brand">${escapeHtml(APP_NAME)}</span></header>` +
    `<nav class="ss-drawer" aria-label="Main"><div class="ss-tool"><span class="ss-brand">${escapeHtml(APP_NAME)}</span></div><hr><ul>${drawer}</ul></nav>` +
    `<nav class="ss-bottom" aria-label="Main"><ul>${bottom}<li><span>More</span></li></ul></nav>` +
    `<main class="ss-main"><div class="ss-spacer"></div><div class="ss-page">${above}<h1${headingClass}>${escapeHtml(heading ?? route.heading ?? route.title)}</h1>${intro}</div></main>` +
    `</div>`
  );
}

/**
 * `html` (the built index.html) with the shell of the page at `pathname` and its stylesheet
 * (carrying `nonce`), and the page's title. Unchanged for public pages and unknown paths.
 */
export function withAppShell(html: string, pathname: string, nonce: string | undefined, heading?: string): string {
  const route = shellRoute(pathname);
  const root = '<div id="root"></div>';
  if (!route || !html.includes(root) || !html.includes('</head>')) return html;
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : '';
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(documentTitle(route.title))}</title>`)
    .replace('</head>', `  <style id="app-shell-style"${nonceAttribute}>${SHELL_CSS}</style>\n  </head>`)
        // A function: a heading is data, and `$&` in a replacement string is a pattern.
    .replace(root, () => `${appShellHtml(route, pathname, heading)}${root}`);
}
