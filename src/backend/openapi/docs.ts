import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';

/**
 * `/api/docs`: the OpenAPI document rendered by Swagger UI, served from the npm package (no CDN)
 * with its initializer in a file of its own (no inline script).
 */
const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const here = dirname(fileURLToPath(import.meta.url));

const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: join(distDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: join(distDir, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-initializer.js': { file: join(here, 'swagger-initializer.js'), type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: join(distDir, 'favicon-32x32.png'), type: 'image/png' },
};

function page(basePath: string): string {
  // The initializer finds the document on its own tag (data-document), whatever the page's URL.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Student Success API reference</title>
<link rel="icon" type="image/png" href="${basePath}/docs/favicon-32x32.png">
<link rel="stylesheet" href="${basePath}/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><noscript>The reference needs JavaScript; the document itself is at <a href="${basePath}/openapi.json">${basePath}/openapi.json</a>.</noscript></main>
<script src="${basePath}/docs/swagger-ui-bundle.js"></script>
<script src="${basePath}/docs/swagger-initializer.js" data-document="${basePath}/openapi.json"></script>
</body>
</html>
`;
}

export function isDocsPath(path: string, basePath: string): boolean {
  return path === `${basePath}/docs` || path.startsWith(`${basePath}/docs/`);
}

export function registerDocs(app: Hono, basePath: string): void {
  const cache = new Map<string, Uint8Array>();
  app.get(`${basePath}/docs`, (c) => c.html(page(basePath)));
  app.get(`${basePath}/docs/:asset`, (c) => {
    const name = c.req.param('asset');
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) return c.notFound();
    let bytes = cache.get(name);
    if (!bytes) {
      bytes = new Uint8Array(readFileSync(asset.file));
      cache.set(name, bytes);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=3600' });
  });
}
