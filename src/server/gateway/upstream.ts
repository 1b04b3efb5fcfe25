import type { Hono } from 'hono';
import { createTokenProvider, type TokenProvider } from '../../api/token-provider.ts';

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
  /** Rewrites the upstream's hrefs to the gateway's own base, so the browser stays same-origin. */
  rewrite(text: string, publicBase: string): string;
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
}

/** The reference backend, called as a function: no socket, and hrefs already carry the public base. */
export function inProcessUpstream(backend: Hono, credentials: Credentials): Upstream {
  const internal = 'http://reference-backend.internal/api';
  const fetchInProcess = async (input: string | URL | Request, init?: RequestInit) => backend.fetch(new Request(input, init));
  return {
    send: (path, init, publicBase) => fetchInProcess(`${publicBase}${path}`, init),
    token: createTokenProvider({
      tokenUrl: `${internal}/oauth2/token`,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      fetch: fetchInProcess,
    }),
    subscriptionKey: credentials.subscriptionKey,
    rewrite: (text) => text,
  };
}

export interface RemoteOptions extends Credentials {
  /** The service's base URL, e.g. https://api.example.edu/student-success */
  url: string;
  tokenUrl: string;
}

export function remoteUpstream(options: RemoteOptions): Upstream {
  const base = options.url.replace(/\/$/, '');
  return {
    send: (path, init) => fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) }),
    token: createTokenProvider({ tokenUrl: options.tokenUrl, clientId: options.clientId, clientSecret: options.clientSecret }),
    subscriptionKey: options.subscriptionKey,
    rewrite: (text, publicBase) => text.split(base).join(publicBase),
  };
}
