import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { ProblemError } from '../http/problem.ts';

/**
 * The one reading of a request's path (#27): decoded once, here, and every later decision — the
 * gateway's routing, the /api operation, its permission, the journal, what is forwarded — is made
 * on that reading. A spelling that could be read two ways is refused with 400 instead: an encoded
 * slash or backslash, a dot segment (`.`, `..`, `%2e%2e`), a doubled slash, a malformed escape or
 * one that is not UTF-8, a control character.
 *
 * The raw request-target is read from Node's request where there is one: the URL a web Request
 * holds has already had its dot segments resolved, which would hide `/x/../` from this check.
 */
export type PathReading =
  | {
      ok: true;
      /** The decoded segments, without the empty one a trailing slash leaves. */
      segments: string[];
      trailingSlash: boolean;
      /** The same path with each segment encoded one way (encodeURIComponent): what routing sees. */
      path: string;
    }
  | { ok: false; detail: string; name: 'path' | 'query' };

const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

const refuse = (detail: string, name: 'path' | 'query' = 'path'): PathReading => ({ ok: false, detail, name });

/** Reads a request-target (`/a/b?c`, or the absolute form `http://host/a/b?c`). */
export function readRequestTarget(target: string): PathReading {
  let rest = target;
  const scheme = /^https?:\/\/[^/?#]*/i.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length) || '/';
  const hashAt = rest.indexOf('#');
  if (hashAt !== -1) rest = rest.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  const rawPath = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : rest.slice(queryAt + 1);
  if (!rawPath.startsWith('/')) return refuse('The path must start with /');
  if (MALFORMED_ESCAPE.test(rawPath)) return refuse('The path has a malformed percent-escape (% must be followed by two hexadecimal digits)');
  if (MALFORMED_ESCAPE.test(rawQuery)) return refuse('The query string has a malformed percent-escape (% must be followed by two hexadecimal digits)', 'query');
  if (rawPath === '/') return { ok: true, segments: [], trailingSlash: false, path: '/' };
  const raw = rawPath.slice(1).split('/');
  const trailingSlash = raw.at(-1) === '';
  if (trailingSlash) raw.pop();
  const segments: string[] = [];
  for (const segment of raw) {
    if (segment === '') return refuse('The path has a doubled slash (//)');
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return refuse('The path has a percent-escape that is not UTF-8');
    }
    if (decoded === '.' || decoded === '..') return refuse('The path has a dot segment (. or ..); send the path it stands for');
    if (decoded.includes('/') || decoded.includes('\\')) return refuse('The path has an encoded slash or backslash (%2F, %5C) inside a segment');
    if (CONTROL.test(decoded)) return refuse('The path has a control character');
    segments.push(decoded);
  }
  const path = `/${segments.map(encodeURIComponent).join('/')}${trailingSlash ? '/' : ''}`;
  return { ok: true, segments, trailingSlash, path };
}

const readings = new WeakMap<Request, PathReading>();

/** The request's reading, made once per request (Hono asks for the path more than once). */
export function pathReadingOf(request: Request, env?: unknown): PathReading {
  let reading = readings.get(request);
  if (!reading) {
    const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
    reading = readRequestTarget(incoming?.url ?? request.url);
    readings.set(request, reading);
  }
  return reading;
}

/**
 * Hono's `getPath`: the canonical path, without a trailing slash (the gateway's routes were
 * registered without one). A refused path routes as itself; `refuseUnreadablePaths` answers it.
 */
export function canonicalGetPath(request: Request, options?: { env?: unknown }): string {
  const reading = pathReadingOf(request, options?.env);
  if (!reading.ok) return '/';
  return reading.path.length > 1 && reading.path.endsWith('/') ? reading.path.slice(0, -1) : reading.path;
}

/** 400 for a path (or query) that cannot be read one way only, before anything else looks at it. */
export function refuseUnreadablePaths(): MiddlewareHandler {
  return async (c, next) => {
    const reading = pathReadingOf(c.req.raw, c.env);
    if (!reading.ok)
      throw new ProblemError(400, reading.detail, {
        errors: [{ in: reading.name === 'query' ? 'query' : 'path', name: reading.name, message: reading.detail }],
      });
    await next();
  };
}
