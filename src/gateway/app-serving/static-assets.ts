import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';

/**
 * The built assets (`dist/assets`), held in memory with their precompressed variants. A cold page
 * asks for twenty or more chunks at once; reading each from disk per request made the server the
 * bottleneck of the first paint (a few ms each, one after the other). Hashed names never change,
 * so they are cached for a year. Source maps and anything else fall through to the next handler.
 */
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  png: 'image/png',
  woff2: 'font/woff2',
};

interface Asset {
  type: string;
  identity: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

function load(dir: string): Map<string, Asset> {
  const names = new Set(readdirSync(dir));
  const assets = new Map<string, Asset>();
  for (const name of names) {
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!type) continue;
    const read = (file: string) => (names.has(file) ? new Uint8Array(readFileSync(join(dir, file))) : undefined);
    const br = read(`${name}.br`);
    const gzip = read(`${name}.gz`);
    assets.set(name, { type, identity: new Uint8Array(readFileSync(join(dir, name))), ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
  }
  return assets;
}

/** Prefers br, then gzip, as the request accepts them (a `q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | undefined, asset: Asset): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (asset.br && ok('br')) return 'br';
  if (asset.gzip && ok('gzip')) return 'gzip';
  return undefined;
}

/** Middleware for `/assets/*` serving `dir`'s files from memory. */
export function staticAssets(dir: string): MiddlewareHandler {
  const assets = load(dir);
  return async (c, next) => {
    const name = decodeURIComponent(c.req.path.slice(c.req.path.lastIndexOf('/') + 1));
    const asset = assets.get(name);
    if (!asset || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const encoding = pickEncoding(c.req.header('accept-encoding'), asset);
    const body = encoding === 'br' ? asset.br! : encoding === 'gzip' ? asset.gzip! : asset.identity;
    c.header('content-type', asset.type);
    c.header('cache-control', 'public, max-age=31536000, immutable');
    c.header('vary', 'accept-encoding');
    if (encoding) c.header('content-encoding', encoding);
    return c.req.method === 'HEAD' ? c.body(null) : c.body(body);
  };
}
