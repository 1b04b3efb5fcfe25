import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
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

/** How much of an oversized body is read (and dropped) so that the client sees the 413. */
const DISCARD_BYTES = 64 * 1024 * 1024;
const DISCARD_MS = 10_000;

/**
 * Reads the rest of a refused body into nothing. Closing a connection whose request is still
 * arriving makes the kernel reset it, and a reset can drop the 413 before the client reads it;
 * so a bounded amount is read first, at no memory cost (each chunk is released at once).
 */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const until = Date.now() + DISCARD_MS;
  let read = 0;
  try {
    while (read < DISCARD_BYTES && Date.now() < until) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to do.
  }
}

/** The body, or `undefined` once it passes `maxBytes` (the rest is then discarded). */
function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBytes) return void chunks.push(chunk);
      cleanup();
      chunks.length = 0;
      void discardIncoming(incoming).then(() => resolve(undefined));
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = () => {
      cleanup();
      resolve(undefined);
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
  });
}


/**
 * A body declared too large is never read: the 413 goes out at once on a connection that stays
 * open, so the client reads the answer instead of a reset, and hangs up. `read(0)` marks the
 * request as being consumed, which stops Node reading (dumping) the rest after the answer; a
 * client that keeps the connection open is cut off after DISCARD_MS. Memory stays flat however
 * many such uploads arrive at once.
 */
function leaveUnread(incoming: IncomingMessage): void {
  incoming.pause();
  incoming.read(0);
  const timer = setTimeout(() => incoming.destroy(), DISCARD_MS);
  timer.unref();
  incoming.once('close', () => clearTimeout(timer));
}

function discardIncoming(incoming: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > DISCARD_BYTES) {
        incoming.pause();
        done();
      }
    };
    const timer = setTimeout(done, DISCARD_MS);
    incoming.on('data', onData);
    incoming.once('end', done);
    incoming.once('error', done);
    incoming.once('close', done);
    incoming.resume();
  });
}

/**
 * Refuses a body past `maxBytes` with 413 — at once when Content-Length says so, else as soon as
 * the streamed bytes pass it — holding at most `maxBytes` of any request in memory, so many
 * large uploads at once leave memory flat. (hono/body-limit does the counting the same way, but
 * answers before the body has arrived, which loses the answer to a connection reset.)
 */
export function requestBodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  // `close`: a refused body is not read to its end, so the connection cannot carry another request
  // (left out by leaveUnread, which keeps the connection open until the client hangs up).
  const tooLarge = (close = true) =>
    new ProblemError(413, `The request body is larger than ${maxBytes} bytes (${Math.round(maxBytes / 1024)} KiB); send less`, {
      errors: [{ in: 'body', name: 'body', message: `must be at most ${maxBytes} bytes` }],
      ...(close ? { headers: { connection: 'close' } } : {}),
    });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('transfer-encoding') ? undefined : c.req.header('content-length');
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming && !incoming.readableEnded && incoming.readableFlowing === null) {
      // On Node, read the socket's stream itself: no web stream, no copies, nothing kept once refused.
      if (declared !== undefined && Number(declared) > maxBytes) {
        leaveUnread(incoming);
        throw tooLarge(false);
      }
      const body = await readIncoming(incoming, maxBytes);
      if (body === undefined) throw tooLarge();
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body: new Uint8Array(body), signal: c.req.raw.signal });
      return next();
    }
    const stream = c.req.raw.body;
    if (!stream) return next();
    const reader = stream.getReader();
    if (declared !== undefined && Number(declared) > maxBytes) {
      await discard(reader);
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        chunks.length = 0;
        await discard(reader);
        throw tooLarge();
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    await next();
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
