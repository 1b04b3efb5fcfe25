import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { replaceResponse } from './compression.ts';
import { hasBody, knownBody, setResponseHeader } from './known-body.ts';

/**
 * Strong ETags on GET responses and 304 for a matching If-None-Match (issue #14 item 2), so a
 * client revalidating a page it has moves a few hundred bytes instead of the page.
 *
 * The tag is a hash of the identity body. Compression (compression.ts) marks its variants
 * `"<tag>-br"` and so on, since their bytes differ; any of them matches here.
 */
const ENCODING_SUFFIX = /-(?:zstd|br|gzip)"$/;

/** The tags of an If-None-Match header, with a compression variant's suffix taken off. */
export function ifNoneMatchTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, '').replace(ENCODING_SUFFIX, '"'))
    .filter(Boolean);
}

/** The If-None-Match header as an upstream that never saw our compression suffixes expects it. */
export function withoutEncodingSuffixes(header: string): string {
  return header
    .split(',')
    .map((t) => t.trim().replace(ENCODING_SUFFIX, '"'))
    .join(', ');
}

export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  const tags = ifNoneMatchTags(ifNoneMatch);
  const own = etag.replace(/^W\//, '').replace(ENCODING_SUFFIX, '"');
  return tags.some((t) => t === '*' || t === own);
}

/** Headers a 304 keeps (RFC 9110 §15.4.5); the body and its length go. */
const KEPT_ON_304 = ['etag', 'cache-control', 'vary', 'content-location', 'date', 'expires'];

export function etag(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || c.res.status !== 200 || !hasBody(c.res) || c.res.headers.has('content-encoding')) return;
    let tag = c.res.headers.get('etag');
    if (!tag) {
      const known = knownBody(c.res);
      if (typeof known === 'string' || known instanceof Uint8Array) {
        // A body made here (known-body.ts): hashed as it is (a string as its UTF-8 bytes, the
        // same digest), the header set in place — no copy of the body, no new response.
        tag = `"${createHash('sha1').update(known).digest('base64url')}"`;
        setResponseHeader(c, 'etag', tag);
      } else {
        const body = new Uint8Array(await c.res.arrayBuffer());
        tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        const headers = new Headers(c.res.headers);
        headers.set('etag', tag);
        replaceResponse(c, new Response(body, { status: 200, headers }));
      }
    }
    if (etagMatches(c.req.header('if-none-match'), tag)) {
      const headers = new Headers();
      for (const name of KEPT_ON_304) {
        const value = c.res.headers.get(name);
        if (value) headers.set(name, value);
      }
      replaceResponse(c, new Response(null, { status: 304, headers }));
    }
  };
}
