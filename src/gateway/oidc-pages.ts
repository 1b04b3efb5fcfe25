import type { Hono } from 'hono';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The gateway's own small pages (sign-in outcomes, the development identity provider) take their
 * style and script from files, never inline: they are served under the same strict
 * Content-Security-Policy as the app (headers.ts), which admits neither inline script nor an
 * inline style without a nonce. Light or dark follows the system (`color-scheme`).
 */
export const PAGE_STYLESHEET = '/auth/page.css';
export const PAGE_SCRIPT = '/auth/page.js';

const STYLESHEET = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45}
body{margin:0;background:Canvas;color:CanvasText}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:1.6rem;margin:0 0 12px}h2{font-size:1.05rem;margin:20px 0 8px}
.notice{border-left:4px solid #1565c0;padding:8px 12px;background:color-mix(in srgb,#1565c0 10%,Canvas)}
.error{border-left:4px solid #b71c1c;padding:8px 12px;background:color-mix(in srgb,#b71c1c 12%,Canvas)}
ul{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:8px}
button{font:inherit;cursor:pointer;border-radius:6px;border:1px solid #1565c0;background:#1565c0;color:#fff;padding:8px 12px}
ul button{width:100%;text-align:left;background:transparent;color:inherit;border-color:color-mix(in srgb,CanvasText 30%,Canvas)}
ul button:hover,ul button:focus-visible{border-color:#1565c0;outline:2px solid #1565c0}
button.secondary{background:transparent;color:inherit}
.id{opacity:.8;font-size:.9em}
.groups{font-weight:400;font-size:.85rem;opacity:.85;margin-left:6px}
input{font:inherit;padding:6px 8px;border-radius:6px;border:1px solid color-mix(in srgb,CanvasText 40%,Canvas);background:Canvas;color:CanvasText}
.other{margin-top:24px;border-top:1px solid color-mix(in srgb,CanvasText 20%,Canvas);padding-top:12px}
a{color:LinkText}
`;

/** The scheme named on <html> as the app names it (class "dark"), and the development provider's staff filter. */
const SCRIPT = `const scheme = matchMedia('(prefers-color-scheme: dark)');
const paint = () => document.documentElement.classList.toggle('dark', scheme.matches);
paint();
scheme.addEventListener('change', paint);
const filter = document.getElementById('filter');
if (filter) {
  filter.addEventListener('input', () => {
    const q = filter.value.trim().toLowerCase();
    for (const li of document.querySelectorAll('li[data-name]')) li.hidden = q !== '' && !li.dataset.name.includes(q);
    // A role with nobody left in it is hidden too.
    for (const section of document.querySelectorAll('section')) section.hidden = !section.querySelector('li[data-name]:not([hidden])');
  });
}
`;

/** Serves the pages' stylesheet and script (before /auth's catch-all 404). */
export function mountPageAssets(app: Hono): void {
  app.get(PAGE_STYLESHEET, (c) => c.body(STYLESHEET, 200, { 'content-type': 'text/css; charset=utf-8' }));
  app.get(PAGE_SCRIPT, (c) => c.body(SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
}

/** A small page of the gateway's own, light or dark. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PAGE_STYLESHEET}">
<script src="${PAGE_SCRIPT}" defer></script>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
