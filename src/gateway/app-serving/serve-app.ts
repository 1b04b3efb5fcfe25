import { existsSync, readFileSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { matchRoute } from '../../app/route-table.ts';
import { withAppShell } from './app-shell.ts';
import { dataHeading } from './data-headings.ts';
import { readHome } from './home-picture.ts';
import { cspNonce, withNonceMeta } from '../headers.ts';
import { problemBody, problemResponse } from '../../http/problem.ts';
import { routePreloads, withPreloads, type BuildManifest } from './route-preloads.ts';
import { staticAssets } from './static-assets.ts';

/**
 * The built dashboard (`dist/`) behind the gateway (#15.3): hashed assets from memory, cached for
 * a year; the app's HTML for any page URL, never cached by a shared cache and carrying this
 * response's CSP nonce; everything else — source maps, the build manifest, dotfiles, a file that
 * is not there (favicon.ico included) — a 404 that no cache keeps.
 */
export function createServeApp(root: string): (app: Hono) => void {
  return (app) => {
    const indexHtml = readFileSync(`${root}index.html`, 'utf8');
    const manifestPath = `${root}.vite/manifest.json`;
    const preloadsFor = existsSync(manifestPath) ? routePreloads(JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest) : () => [];
    // The app's page for any URL that is not a file, naming that page's chunks (route-preloads.ts)
    // and painting its shell, with its heading where that is data (data-headings.ts), before the
    // code arrives (app-shell.ts).
    const page = async (c: Context) => {
      c.header('cache-control', 'private, no-cache');
      const nonce = cspNonce(c);
      const [heading, answer] = await Promise.all([dataHeading(app, c.req.raw, c.req.path), readHome(app, c.req.raw)]);
      const home = answer ? { answer, nowMs: Date.now() } : undefined;
      // A URL no page has still gets the app (it shows its own not-found page), but says 404:
      // `/ADMIN/journal` is not the journal, and a client reading the status learns so (#27).
      const known = c.req.path === '/' || c.req.path === '/index.html' || matchRoute(c.req.path) !== undefined;
      return c.html(withNonceMeta(withAppShell(withPreloads(indexHtml, preloadsFor(c.req.path)), c.req.path, nonce, heading, home), nonce), known ? 200 : 404);
    };
    const missing = (c: Context) => {
      const response = problemResponse(problemBody(404, `There is no file at ${c.req.path.slice(0, 200)}`));
      response.headers.set('cache-control', 'no-cache');
      return response;
    };
    // Source maps and the manifest describe the source; dotfiles are never public.
    app.use('*', async (c, next) => {
      const path = c.req.path;
      if (/\.map$/i.test(path) || /(^|\/)\./.test(path) || /\.(br|gz)$/i.test(path)) return missing(c);
      await next();
    });
    app.get('/', page);
    app.get('/index.html', page);
    app.use('/assets/*', staticAssets(`${root}assets`));
    // A chunk that is not there is a 404, never the app's HTML parsed as a script.
    app.get('/assets/*', missing);
    app.use('/*', async (c, next) => {
      await next();
      // Files outside assets/ have no hash in their name: revalidated, not kept for a year.
      if (c.res.status === 200 && !c.res.headers.has('cache-control')) c.header('cache-control', 'no-cache');
    });
    app.use('/*', serveStatic({ root, precompressed: true }));
    app.get('*', (c) => {
      // A URL whose last segment names a file (robots.txt, favicon.ico) and is not there: 404.
      if (/\.[a-z0-9]{1,8}$/i.test(c.req.path)) return missing(c);
      return page(c);
    });
  };
}
