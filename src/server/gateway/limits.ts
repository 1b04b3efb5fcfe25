import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES } from '../http/body.ts';
import { ProblemError } from '../http/problem.ts';

/**
 * What the gateway accepts before it spends memory or an upstream call on a request (#15.2):
 * known methods only, bodies counted while they stream in (never buffered past the limit), and
 * JSON no deeper than any contract body needs.
 */

/** The methods the gateway serves; anything else (TRACE, CONNECT, WebDAV …) is 405 with Allow. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ALLOW = ALLOWED_METHODS.join(', ');

/** The deepest JSON the contract needs is 3 levels; 32 leaves room without risking recursion. */
export const MAX_JSON_DEPTH = 32;

export function methodGuard(): MiddlewareHandler {
  const allowed = new Set<string>(ALLOWED_METHODS);
  return async (c, next) => {
    if (!allowed.has(c.req.method)) {
      throw new ProblemError(405, `The method ${c.req.method.slice(0, 20)} is not allowed here; use one of ${ALLOW}`, { headers: { allow: ALLOW } });
    }
    await next();
  };
}

/**
 * Refuses a body past `maxBytes` with 413: at once when Content-Length says so, else as soon as
 * the streamed bytes pass it (hono/body-limit), so many large uploads cost no memory.
 */
export function requestBodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ProblemError(413, `The request body is larger than ${maxBytes} bytes (${Math.round(maxBytes / 1024)} KiB); send less`, {
        errors: [{ in: 'body', name: 'body', message: `must be at most ${maxBytes} bytes` }],
      });
    },
  });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return limit(c, next);
  };
}

/** The nesting depth of a JSON text, counted without parsing (strings skipped); stops past `max`. */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i += 1;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth += 1;
      if (depth > max) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth -= 1;
  }
  return false;
}

/**
 * Parses a JSON body for the gateway's own use (stamping the actor): 400 when it nests deeper
 * than MAX_JSON_DEPTH; `undefined` when it is not JSON at all (the service judges that itself).
 */
export function parseBoundedJson(text: string): { value: unknown } | undefined {
  if (jsonDepthExceeds(text)) {
    throw new ProblemError(400, `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels; no request needs that`, {
      errors: [{ in: 'body', name: 'body', message: `must nest at most ${MAX_JSON_DEPTH} levels` }],
    });
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
