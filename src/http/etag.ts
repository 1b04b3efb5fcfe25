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

/**
 * What compression.ts needs to give a 304 the headers its 200 would have had (#31 item 18): the
 * tag of the variant this request would get, and `Vary: Accept-Encoding`.
 */
export interface NotModified {
  size: number;
  type: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    notModified: NotModified | undefined;
  }
}

/**
 * The tag a 304 names when an upstream confirmed `upstreamTag` for a request whose If-None-Match
 * may name a compressed variant of it (`"<tag>-br"`): the variant the client holds, which is
 * the one its 200 carried.
 */
export function notModifiedTag(ifNoneMatch: string | null | undefined, upstreamTag: string): string {
  const own = upstreamTag.replace(/^W\//, '');
  const held = (ifNoneMatch ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .find((t) => t === own || t.replace(ENCODING_SUFFIX, '"') === own);
  return held ?? upstreamTag;
}

/** Headers a 304 keeps (RFC 9110 §15.4.5); the body and its length go. */
const KEPT_ON_304 = ['etag', 'cache-control', 'vary', 'content-location', 'date', 'expires'];

export function etag(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // HEAD is answered as GET (RFC 9110 §9.3.2): the same tag, the same 304.
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.res.status !== 200 || !hasBody(c.res) || c.res.headers.has('content-encoding')) return;
    let tag = c.res.headers.get('etag');
    let size = Number(c.res.headers.get('content-length') ?? Number.NaN);
    if (!tag) {
      const known = knownBody(c.res);
      if (typeof known === 'string' || known instanceof Uint8Array) {
        size = typeof known === 'string' ? Buffer.byteLength(known) : known.byteLength;
        // A body made here (known-body.ts): hashed as it is (a string as its UTF-8 bytes, the
        // same digest), the header set in place — no copy of the body, no new response.
        tag = `"${createHash('sha1').update(known).digest('base64url')}"`;
        setResponseHeader(c, 'etag', tag);
      } else {
        const body = new Uint8Array(await c.res.arrayBuffer());
        size = body.byteLength;
        tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        const headers = new Headers(c.res.headers);
        headers.set('etag', tag);
        replaceResponse(c, new Response(body, { status: 200, headers }));
      }
    }
    // HEAD's body is dropped once this returns: the length GET's answer would have, said here.
    if (c.req.method === 'HEAD' && Number.isFinite(size) && !c.res.headers.has('content-length')) setResponseHeader(c, 'content-length', String(size));
    if (etagMatches(c.req.header('if-none-match'), tag)) {
      c.set('notModified', { size: Number.isFinite(size) ? size : 0, type: c.res.headers.get('content-type') ?? '' });
      const headers = new Headers();
      for (const name of KEPT_ON_304) {
        const value = c.res.headers.get(name);
        if (value) headers.set(name, value);
      }
      replaceResponse(c, new Response(null, { status: 304, headers }));
    }
  };
}
