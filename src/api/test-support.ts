import type { FetchLike } from './http.ts';
import { pageEnvelope } from './schemas/common.ts';

/**
 * Test helpers for the client's tests (imported by `*.test.ts` only): a scriptable fake `fetch`
 * and a recording wrapper around a real one. Web APIs only, like the rest of src/api.
 */

export interface SeenRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

export type FakeHandler = (request: SeenRequest) => Response | Promise<Response>;

export interface RecordingFetch extends FetchLike {
  requests: SeenRequest[];
}

function seen(input: string, init: RequestInit): SeenRequest {
  return {
    url: new URL(input),
    method: init.method ?? 'GET',
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? init.body : undefined,
  };
}

/** A `fetch` answered by `handler`; it honours the request's signal like the real one. */
export function fakeFetch(handler: FakeHandler): RecordingFetch {
  const requests: SeenRequest[] = [];
  const fn = (input: string, init: RequestInit): Promise<Response> => {
    const request = seen(input, init);
    requests.push(request);
    const signal = init.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve()
        .then(() => handler(request))
        .then(resolve, reject);
    });
  };
  return Object.assign(fn, { requests });
}

/** Wraps a real `fetch`, recording each request; `transform` may rewrite the response. */
export function recordingFetch(
  transform?: (response: Response, request: SeenRequest) => Response | Promise<Response>,
  inner: FetchLike = (input, init) => globalThis.fetch(input, init),
): RecordingFetch {
  const requests: SeenRequest[] = [];
  const fn = async (input: string, init: RequestInit): Promise<Response> => {
    const request = seen(input, init);
    requests.push(request);
    const response = await inner(input, init);
    return transform ? transform(response, request) : response;
  };
  return Object.assign(fn, { requests });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
}

export function problem(status: number, detail: string, errors?: { in: string; name: string; message: string }[]): Response {
  return json({ type: `about:blank`, title: 'Problem', status, detail, ...(errors ? { errors } : {}) }, status);
}

/** A collection envelope as the service sends it. */
export function envelope<T>(values: T[], page = 1, pageSize = 100, totalValues = values.length) {
  return pageEnvelope((p) => ({ href: `http://test/api/x?page=${p}&pageSize=${pageSize}` }), page, pageSize, totalValues, values);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
