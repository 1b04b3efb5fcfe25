import type { Hono } from 'hono';
import { createGateway, type GatewayOptions } from '../gateway/gateway.ts';
import { createLogger } from '../gateway/logging.ts';
import { remoteUpstream } from '../gateway/upstream.ts';
import type { TestBackend } from './backend.ts';
import { directSignIn } from './gateway.ts';

export type DirectSignIn = ReturnType<typeof directSignIn>;

/**
 * The real gateway, in process and silent, in front of a started reference backend over HTTP, with
 * sessions put straight into its store (`signin.cookieFor`): component tests of pages that read
 * the gateway's own /session/* answers.
 */
export function gatewayInFront(backend: TestBackend, options: Omit<GatewayOptions, 'upstream' | 'auth'> = {}): { gateway: Hono; signin: DirectSignIn } {
  const signin = directSignIn({ publicUrl: backend.origin });
  const gateway = createGateway({
    upstream: remoteUpstream({
      url: backend.baseUrl,
      tokenUrl: `${backend.baseUrl}/oauth2/token`,
      clientId: backend.clientId,
      clientSecret: backend.clientSecret,
      subscriptionKey: backend.subscriptionKey,
    }),
    auth: signin.auth,
    logger: createLogger({ level: 'silent' }),
    ...options,
  });
  return { gateway, signin };
}

// Read before any test stubs the global fetch.
const realFetch = globalThis.fetch;

/**
 * A global fetch for the app under test: its same-origin requests (a path, e.g. /session/views)
 * go to the gateway with the person's cookie and the page's origin, as a browser's would; others
 * go out unchanged. `answer` may answer a request first (a failure the test wants to see).
 */
export function sameOriginFetch(
  gateway: Hono,
  origin: string,
  cookie: () => string,
  answer?: (url: string, init?: RequestInit) => Response | undefined,
): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('/')) return realFetch(input, init);
    const answered = answer?.(url, init);
    if (answered) return Promise.resolve(answered);
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie());
    headers.set('origin', origin);
    return Promise.resolve(gateway.request(`${origin}${url}`, { ...init, headers }));
  };
}
