import type { Hono } from 'hono';
import { createTokenProvider, requestToken, type ClientCredentials, type TokenProvider } from '../api/token-provider.ts';
import { DEFAULT_TIMEOUTS, type Timeouts } from './bounded.ts';

/**
 * Where the gateway sends /api: the reference backend in this process (default), or the real
 * service over HTTPS. Either way the gateway holds the credentials and obtains tokens with client
 * credentials; the browser never sees them.
 */
export interface Upstream {
  /** Sends a request for `path` (e.g. `/notations/alerts/?page=2`, relative to the API base). */
  send(path: string, init: RequestInit, publicBase: string): Promise<Response>;
  token: TokenProvider;
  subscriptionKey: string;
  /** Rewrites the upstream's hrefs (a body, or one Location) to the gateway's own base, so the browser stays same-origin. */
  rewrite(text: string, publicBase: string): string;
  /** The HTTP status of an unauthenticated request to the service's base (readiness). */
  probe(signal?: AbortSignal): Promise<number>;
  /** Resolves when the token endpoint issues a token now (not from the cache). */
  probeToken(signal?: AbortSignal): Promise<void>;
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
}

/**
 * A bodiless request (GET, HEAD) handed to the in-process backend: what Hono reads of a request
 * (its URL, method, headers, signal) as plain fields. A web Request costs more to build than the
 * backend spends answering a small GET (undici validates and copies every part, and follows the
 * signal); one is still built, once, if anything asks for more (`clone()`, `cache`, …).
 */
class InProcessRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | undefined;
  #request: Request | undefined;

  constructor(url: string, method: string, headers: Headers, signal: AbortSignal | undefined) {
    this.url = url;
    this.method = method;
    this.headers = headers;
    this.signal = signal;
  }

  /** The web Request these fields describe. */
  request(): Request {
    return (this.#request ??= new Request(this.url, { method: this.method, headers: this.headers, ...(this.signal ? { signal: this.signal } : {}) }));
  }
}
for (const name of [
  'body',
  'bodyUsed',
  'cache',
  'credentials',
  'destination',
  'duplex',
  'integrity',
  'keepalive',
  'mode',
  'redirect',
  'referrer',
  'referrerPolicy',
]) {
  Object.defineProperty(InProcessRequest.prototype, name, {
    get(this: InProcessRequest) {
      return (this.request() as unknown as Record<string, unknown>)[name];
    },
  });
}
for (const name of ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text']) {
  Object.defineProperty(InProcessRequest.prototype, name, {
    value(this: InProcessRequest) {
      const request = this.request() as unknown as Record<string, () => unknown>;
      return request[name]!.call(request);
    },
  });
}

/** The request for the in-process backend: a plain one for GET and HEAD, else a web Request. */
export function inProcessRequest(input: string | URL | Request, init?: RequestInit): Request {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (typeof input === 'object' && !(input instanceof URL)) return new Request(input, init);
  if ((method !== 'GET' && method !== 'HEAD') || init?.body != null) return new Request(input, init);
  // The URL as a Request would hold it (parsed and serialised: dot segments, escapes).
  return new InProcessRequest(new URL(input).href, method, new Headers(init?.headers), init?.signal ?? undefined) as unknown as Request;
}

/** The reference backend, called as a function: no socket, and hrefs already carry the public base. */
export function inProcessUpstream(backend: Hono, credentials: Credentials, timeouts: Partial<Timeouts> = {}): Upstream {
  const internal = 'http://reference-backend.internal/api';
  const fetchInProcess = async (input: string | URL | Request, init?: RequestInit) => backend.fetch(inProcessRequest(input, init));
  const tokenCredentials: ClientCredentials = {
    tokenUrl: `${internal}/oauth2/token`,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    fetch: fetchInProcess,
  };
  return {
    send: (path, init, publicBase) => fetchInProcess(`${publicBase}${path}`, init),
    token: createTokenProvider({ ...tokenCredentials, timeoutMs: timeouts.tokenMs ?? DEFAULT_TIMEOUTS.tokenMs }),
    subscriptionKey: credentials.subscriptionKey,
    rewrite: (text) => text,
    probe: async () => (await fetchInProcess(`${internal}/`)).status,
    probeToken: async (signal) => void (await requestToken({ ...tokenCredentials, ...(signal ? { signal } : {}) })),
  };
}

export interface RemoteOptions extends Credentials {
  /** The service's base URL, e.g. https://api.example.edu/student-success */
  url: string;
  tokenUrl: string;
  timeouts?: Partial<Timeouts>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rewrites every href (and a Location) that points into the service's API, whatever host it names:
 * behind an API manager the service often answers with its internal host name, which the browser
 * could neither reach nor be allowed to (same-origin). A URL counts as the API's when its path
 * starts with the base's path; hrefs elsewhere (another site) are left alone.
 */
export function hrefRewriter(base: string): (text: string, publicBase: string) => string {
  const basePath = new URL(base).pathname.replace(/\/$/, '');
  const apiUrl = new RegExp(`^https?://[^/?#"\\s]+${escapeRegExp(basePath)}(?=[/?#]|$)`);
  const rewriteUrl = (url: string, publicBase: string) => url.replace(apiUrl, publicBase);
  return (text, publicBase) => {
    if (/^https?:\/\/\S+$/.test(text)) return rewriteUrl(text, publicBase);
    // Most answers are small and many carry no href at all: no regular expression over them then.
    if (!text.includes('"href"')) return text;
    return text.replace(
      /("href"\s*:\s*")(https?:\/\/[^"\\]+)(")/g,
      (_, open: string, url: string, close: string) => `${open}${rewriteUrl(url, publicBase)}${close}`,
    );
  };
}

export function remoteUpstream(options: RemoteOptions): Upstream {
  const base = options.url.replace(/\/$/, '');
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const tokenCredentials: ClientCredentials = { tokenUrl: options.tokenUrl, clientId: options.clientId, clientSecret: options.clientSecret };
  return {
    // The gateway puts its own deadline on each call (bounded.ts); this one is a backstop.
    send: (path, init) => fetch(`${base}${path}`, { ...init, signal: init.signal ?? AbortSignal.timeout(timeouts.upstreamMs) }),
    token: createTokenProvider({ ...tokenCredentials, timeoutMs: timeouts.tokenMs }),
    subscriptionKey: options.subscriptionKey,
    rewrite: hrefRewriter(base),
    probe: async (signal) => {
      const response = await fetch(`${base}/`, { signal: signal ?? AbortSignal.timeout(timeouts.upstreamMs) });
      await response.body?.cancel();
      return response.status;
    },
    probeToken: async (signal) => void (await requestToken({ ...tokenCredentials, signal: signal ?? AbortSignal.timeout(timeouts.tokenMs) })),
  };
}
