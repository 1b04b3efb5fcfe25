import { ApiError, abortKind } from './errors.ts';
import type { AccessTokenProvider, FetchLike } from './http.ts';
import { OAuthErrorSchema, ProblemSchema, TokenResponseSchema, type TokenResponse } from './schemas/index.ts';

/**
 * OAuth 2.0 client credentials (RFC 6749 §4.4; decisions §6). For servers and scripts only: the
 * client secret must never reach a browser (the dashboard goes through the gateway instead).
 */

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
  scope?: string;
  signal?: AbortSignal;
}

/** RFC 6749 §2.3.1: form-encode id and secret, then HTTP Basic. */
function basicAuth(clientId: string, clientSecret: string): string {
  const form = (s: string) => new URLSearchParams([['', s]]).toString().slice(1);
  return `Basic ${btoa(`${form(clientId)}:${form(clientSecret)}`)}`;
}

/**
 * Settles with `promise`, or rejects as soon as `signal` aborts: a fetch that ignores its signal
 * (an in-process handler, a stalled body) cannot hold the caller past its deadline.
 */
function untilAborted<T>(promise: Promise<T> | T, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return Promise.resolve(promise);
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(promise).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** One token request. Errors are ApiErrors of operation `auth.token`. */
export async function requestToken(credentials: ClientCredentials): Promise<TokenResponse> {
  const operation = 'auth.token';
  const { tokenUrl, clientId, clientSecret, scope, signal } = credentials;
  const fetchFn: FetchLike = credentials.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (scope) form.set('scope', scope);
  let response: Response;
  let text: string;
  try {
    response = await untilAborted(
      fetchFn(tokenUrl, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: basicAuth(clientId, clientSecret),
        },
        body: form.toString(),
        ...(signal ? { signal } : {}),
      }),
      signal,
    );
    text = await untilAborted(response.text(), signal);
  } catch (error) {
    if (signal?.aborted) {
      throw new ApiError({ kind: abortKind(signal.reason), operation, method: 'POST', url: tokenUrl, cause: error });
    }
    throw new ApiError({ kind: 'network', operation, method: 'POST', url: tokenUrl, cause: error });
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const oauth = OAuthErrorSchema.safeParse(body);
    const problem = ProblemSchema.safeParse(body);
    throw new ApiError({
      kind: 'http',
      operation,
      method: 'POST',
      url: tokenUrl,
      status: response.status,
      ...(problem.success ? { problem: problem.data } : { body }),
      ...(oauth.success
        ? {
            message: `token request refused: ${oauth.data.error}${oauth.data.error_description ? ` (${oauth.data.error_description})` : ''}`,
          }
        : {}),
    });
  }
  const token = TokenResponseSchema.safeParse(body);
  if (!token.success) {
    throw new ApiError({ kind: 'invalid-response', operation, method: 'POST', url: tokenUrl, status: response.status, issues: token.error.issues });
  }
  return token.data;
}

export interface TokenProviderOptions extends Omit<ClientCredentials, 'signal'> {
  /** Renew this long before expiry (capped at half the token's lifetime). Default 60. */
  refreshMarginSeconds?: number;
  /**
   * Give up on a token request after this long (an `ApiError` of kind `timeout`); the next call
   * starts a new one. Default: no limit.
   */
  timeoutMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** A token provider to hand to `createApiClient({ accessToken })`. */
export interface TokenProvider extends AccessTokenProvider {
  (): Promise<string>;
  /**
   * Forget the cached token, so that the next call fetches a new one. With `rejected`, only when
   * the cached token is that one (many requests refused at once renew it once, not once each).
   */
  invalidate(rejected?: string): void;
}

/**
 * Caches the token until shortly before it expires and shares one in-flight request among
 * concurrent callers (never more than one at a time, however many requests wait). A failed request is not cached: the next call tries again.
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const now = options.now ?? Date.now;
  const marginMs = Math.max(0, (options.refreshMarginSeconds ?? 60) * 1000);
  let cached: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;
  let generation = 0;

  const provider = (async () => {
    if (cached && now() < cached.renewAt) return cached.token;
    if (inFlight) return inFlight;
    const started = generation;
    const requestedAt = now();
    const { timeoutMs, ...credentials } = options;
    const request = requestToken({ ...credentials, ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}) }).then((response) => {
      const lifetimeMs = response.expires_in * 1000;
      // A token shorter-lived than twice the margin is still used for half its lifetime.
      const renewAt = requestedAt + lifetimeMs - Math.min(marginMs, lifetimeMs / 2);
      if (started === generation) cached = { token: response.access_token, renewAt };
      return response.access_token;
    });
    inFlight = request;
    try {
      return await request;
    } finally {
      if (inFlight === request) inFlight = undefined;
    }
  }) as TokenProvider;

  provider.invalidate = (rejected?: string) => {
    // A token already renewed (or being renewed) by another refused request is left alone.
    if (rejected !== undefined && cached?.token !== rejected) return;
    cached = undefined;
    generation += 1;
  };
  return provider;
}
