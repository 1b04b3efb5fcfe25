import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
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
 * The body, or `undefined` as soon as it passes `maxBytes`. Reading stops there: the socket is
 * paused and the rest never leaves the kernel's buffers (the connection is closed after the 413).
 */
function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: Buffer | undefined) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBytes) return void chunks.push(chunk);
      incoming.pause();
      chunks.length = 0;
      finish(undefined);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onError = () => finish(undefined);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
  });
}

/** How long a refused upload's connection stays half-open for its client to read the 413. */
export const LINGER_MS = 5_000;

/**
 * A refused body is not read to its end, so its connection cannot carry another request: the 413
 * says `Connection: close`. Closing a socket with unread bytes makes the kernel reset the
 * connection, and a client still sending sees the reset and never reads the 413 (measured: 23 of
 * 50). So the close lingers, as nginx's does, but without reading: the answer goes out with a FIN,
 * the rest of the body waits in the kernel's buffers (the sender's window closes), and the socket
 * is destroyed when the client hangs up, or after LINGER_MS. Nothing of the body reaches memory:
 * `read(0)` marks the body as being consumed, so Node does not drain it after the answer. (The
 * server must not drain it either: start.ts turns off @hono/node-server's `autoCleanupIncoming`,
 * which reads up to 64 MiB of each unread body.)
 */
function closeAfterAnswer(c: Context, incoming: IncomingMessage): void {
  incoming.pause();
  incoming.read(0);
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  const socket = incoming.socket;
  if (!outgoing || !socket) return;
  outgoing.once('finish', () => {
    // Node has ended the socket for `Connection: close` and would destroy it once the FIN is out.
    socket.removeListener('finish', socket.destroy);
    if (!socket.writableEnded) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * Refuses a body past `maxBytes` with 413 — at once when Content-Length says so, without reading
 * a byte of it, else as soon as the streamed bytes pass it — holding at most `maxBytes` of any
 * request in memory, so many large uploads at once leave memory flat. (hono/body-limit counts the
 * same way, but through a web stream that @hono/node-server then drains after the answer.)
 */
const tooLargeProblem = (maxBytes: number) =>
  new ProblemError(413, `The request body is larger than ${maxBytes} bytes (${Math.round(maxBytes / 1024)} KiB); send less`, {
    errors: [{ in: 'body', name: 'body', message: `must be at most ${maxBytes} bytes` }],
    headers: { connection: 'close' },
  });

/**
 * Refuses, unread, a body whose Content-Length passes `maxBytes`, and leaves every other body to
 * the handler (the development provider, which reads its own forms).
 */
export function declaredBodyLimit(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('transfer-encoding') ? undefined : c.req.header('content-length');
    if (declared === undefined || Number(declared) <= maxBytes) return next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming) closeAfterAnswer(c, incoming);
    throw tooLargeProblem(maxBytes);
  };
}

export function requestBodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  const tooLarge = () => tooLargeProblem(maxBytes);
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('transfer-encoding') ? undefined : c.req.header('content-length');
    const declaredTooLarge = declared !== undefined && Number(declared) > maxBytes;
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming && !incoming.readableEnded && incoming.readableFlowing === null) {
      // On Node, read the socket's stream itself: no web stream, no copies, nothing kept once refused.
      const body = declaredTooLarge ? undefined : await readIncoming(incoming, maxBytes);
      if (body === undefined) {
        closeAfterAnswer(c, incoming);
        throw tooLarge();
      }
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body: new Uint8Array(body), signal: c.req.raw.signal });
      return next();
    }
    const stream = c.req.raw.body;
    if (!stream) return next();
    if (declaredTooLarge) {
      await stream.cancel();
      throw tooLarge();
    }
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        chunks.length = 0;
        await reader.cancel();
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
