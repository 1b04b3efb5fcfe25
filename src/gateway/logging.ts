import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { pino, type DestinationStream, type Logger } from 'pino';
import { setResponseHeader } from '../http/known-body.ts';

/**
 * Structured logs (#15.4): one JSON line per event (pino), one access-log line per request, and a
 * request id that ties the browser's request, the gateway's lines and the service's request
 * together (X-Request-Id, sent on upstream). Nothing personal and no credential is logged: paths
 * keep their query parameter names but not their values (a search for a student's name stays out).
 */
declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

export type { Logger };
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** LOG_LEVEL picks the level (default info); `silent` for tests that do not read logs. */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  const config = {
    level: options.level ?? 'info',
    base: { service: 'student-success-gateway' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Belt and braces: a header or credential that ends up in a logged object is blanked.
    redact: { paths: ['*.authorization', '*.cookie', '*.Authorization', '*["set-cookie"]', '*["Ocp-Apim-Subscription-Key"]', 'headers'], censor: '[redacted]' },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

/** An incoming id is kept when it is short and plain (a load balancer's or a trace's), else replaced. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(c: Context): string {
  return c.get('requestId') ?? '';
}

/** `/api/people/?q=Smith&page=2` → `/api/people/?q=&page=`. */
export function loggablePath(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const names = [...new Set(searchParams.keys())];
  return names.length === 0 ? pathname : `${pathname}?${names.map((n) => `${encodeURIComponent(n)}=`).join('&')}`;
}

/**
 * The node response, when a handler wrote it itself (the development provider, which returns
 * @hono/node-server's RESPONSE_ALREADY_SENT): its status is there, and c.res must stay untouched.
 */
function sentByHandler(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && (outgoing.headersSent || c.res.headers.has('x-hono-already-sent')) ? outgoing : undefined;
}

/** Assigns the request id, answers with it, and writes the access-log line once the response is known. */
export function requestLogging(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const requestId = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    try {
      await next();
    } finally {
      const sent = sentByHandler(c);
      // A handler that answered by itself set the id there (touching c.res would answer twice).
      if (!sent) setResponseHeader(c, REQUEST_ID_HEADER, requestId);
      logger.info(
        {
          requestId,
          method: c.req.method,
          path: loggablePath(c.req.url),
          status: sent ? sent.statusCode : c.res.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
