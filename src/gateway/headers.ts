import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { randomFillSync } from 'node:crypto';
import { secureHeaders, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers';
import { setResponseHeader } from '../http/known-body.ts';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * Response headers that make the gateway safe to put on the internet (#15.3).
 *
 * The Content-Security-Policy allows scripts only from this origin (Vite's build has no inline
 * script) and styles from this origin or carrying this response's nonce: MUI's emotion inserts
 * `<style>` elements at run time, and the app gives them the nonce it reads from the page's
 * `<meta name="csp-nonce">` (src/app/style-cache.ts). No page may frame the app.
 */
function securityHeaderOptions(options: { publicUrl?: string | undefined }, styleSrc: (string | ContentSecurityPolicyOptionHandler)[]): SecureHeadersOptions {
  const https = options.publicUrl?.startsWith('https://') ?? false;
  return {
    crossOriginEmbedderPolicy: false,
    // Browsers ignore HSTS over plain HTTP, and sending it from a dev server on localhost pins
    // that name to HTTPS for a year: only when the public address is HTTPS.
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc,
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** Where Hono's secure-headers middleware keeps the response's nonce (its own NONCE does the same). */
const NONCE_KEY = 'secureHeadersNonce';

/**
 * Random bytes for nonces, drawn from the CSPRNG a few kilobytes at a time rather than 16 bytes
 * per response (every /api answer carries a CSP, so every one needs a nonce): each nonce is still
 * 16 random bytes used once, base64 as Hono's NONCE makes it.
 */
const noncePool = Buffer.alloc(16 * 256);
let nonceOffset = noncePool.length;
function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + 16);
  nonceOffset += 16;
  return nonce;
}

/** Hono's NONCE, with the nonce from the pool above. */
const pooledNonce: ContentSecurityPolicyOptionHandler = (c) => {
  const get = c.get as (key: string) => unknown;
  const set = c.set as (key: string, value: string) => void;
  const existing = get(NONCE_KEY) as string | undefined;
  const nonce = existing || newNonce();
  if (existing == null) set(NONCE_KEY, nonce);
  return `'nonce-${nonce}'`;
};

export function securityHeaders(options: { publicUrl?: string | undefined } = {}): MiddlewareHandler {
  return secureHeaders(securityHeaderOptions(options, ["'self'", pooledNonce]));
}

/**
 * The same headers as a plain record, plus `Cache-Control: no-store`, for responses written
 * outside Hono (the development identity provider's, on the raw node response). Without a nonce:
 * those pages have no inline style or script (their stylesheet and script are files, oidc-pages.ts).
 * Computed by running the very middleware above, so the two cannot drift apart.
 */
export async function fixedSecurityHeaders(options: { publicUrl?: string | undefined } = {}): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use(secureHeaders(securityHeaderOptions(options, ["'self'"])));
  probe.get('/', (c) => c.body(null));
  const response = await probe.request('/');
  return { ...Object.fromEntries(response.headers), 'cache-control': 'no-store' };
}

/** This response's CSP nonce, for the HTML to hand to the app's style cache. */
export function cspNonce(c: Context): string | undefined {
  return (c.get as (key: string) => unknown)(NONCE_KEY) as string | undefined;
}

/** `html` with `<meta name="csp-nonce" content="…">` at the top of its head. */
export function withNonceMeta(html: string, nonce: string | undefined): string {
  if (!nonce) return html;
  const at = html.indexOf('<head>');
  if (at === -1) return html;
  const end = at + '<head>'.length;
  return `${html.slice(0, end)}\n    <meta name="csp-nonce" content="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}" />${html.slice(end)}`;
}

/**
 * Student records must not be kept by shared caches or the browser's disk cache: everything the
 * gateway answers itself or passes on from the service is `no-store`.
 */
const PRIVATE_PREFIXES = ['/api', '/auth', '/session', '/admin', '/healthz', '/readyz'];

export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    if (PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
      // An HTML page of the app at /admin/… is the app's shell, not data: it stays revalidated.
      if (c.res.headers.get('content-type')?.startsWith('text/html')) return;
      setResponseHeader(c, 'cache-control', 'no-store');
      setResponseHeader(c, 'expires', undefined);
    }
  };
}
