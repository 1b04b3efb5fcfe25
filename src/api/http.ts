import { z } from 'zod';
import { ApiError, abortKind } from './errors.ts';
import { ValidatorCache } from './revalidation.ts';
import { HiddenByAudienceSchema, ProblemSchema, envelopeOf, type Envelope, type HiddenByAudience } from './schemas/index.ts';

export { ApiError, isApiError, isNotFound, fieldErrors, gatewayFailure, type ApiErrorKind, type GatewayFailure } from './errors.ts';

/** `fetch`, or anything shaped like it (a Hono app's `fetch` answers synchronously at times). */
export type FetchLike = (input: string, init: RequestInit) => Response | Promise<Response>;

/**
 * A source of access tokens. A plain function is called before every request; `invalidate`, when
 * present, is called with the token the service refused (401) before the one retry.
 */
export type AccessTokenProvider = (() => Promise<string>) & { invalidate?: (rejected?: string) => void };

export interface HttpConfig {
  /** Absolute (`https://host/api`) or, in the browser, same-origin relative (`/api`). */
  baseUrl: string;
  fetch?: FetchLike;
  /** Adds `Ocp-Apim-Subscription-Key`. Leave unset in the browser: the gateway adds it. */
  subscriptionKey?: string;
  /** A token, or a provider of tokens (then a 401 is retried once with a fresh token). */
  accessToken?: string | AccessTokenProvider;
  /** Default time limit of every request, body included. */
  timeoutMs?: number;
  /**
   * Revalidate GETs with the last ETag of their URL (a 304 reuses the kept body); on by default,
   * `false` turns it off, or pass a cache to share or bound it.
   */
  revalidate?: boolean | ValidatorCache;
}

/** Per-call transport options, the last argument of every client method. */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Awaited once the body has arrived and before it is parsed: a page that is still rendering can
   * keep the main thread for itself while a large answer waits (e.g. `whenIdle` of src/lib/after-paint.ts).
   */
  beforeParse?: () => Promise<void>;
  /** More request headers, for the gateway rather than the service (e.g. the bulk reassignment a write belongs to). */
  headers?: Readonly<Record<string, string>>;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the base URL (`/notations/alerts/`), or `url` for an absolute own href. */
  path?: string;
  url?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
  /** The service answered 304: `body` is the one kept from the last answer for this URL. */
  notModified?: boolean;
}

export interface Http {
  readonly baseUrl: string;
  send(request: HttpRequest, options?: RequestOptions): Promise<HttpResponse>;
}

const ACCEPT = 'application/json, application/problem+json';

export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(name, String(value));
  }
  const qs = search.toString();
  return `${trimBaseUrl(baseUrl)}${path}${qs ? `?${qs}` : ''}`;
}

/** Combines the caller's signal and the time limit; remembers which is which for the error kind. */
function requestSignal(options: RequestOptions | undefined, defaultTimeoutMs: number | undefined) {
  const timeoutMs = options?.timeoutMs ?? defaultTimeoutMs;
  const timeout = timeoutMs !== undefined && timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
  const caller = options?.signal;
  const signals = [caller, timeout].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length <= 1 ? signals[0] : AbortSignal.any(signals);
  return { signal, caller, timeout, timeoutMs };
}

export function createHttp(config: HttpConfig): Http {
  const baseUrl = trimBaseUrl(config.baseUrl);
  const fetchFn: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { accessToken, subscriptionKey } = config;
  const validators = config.revalidate === false ? undefined : config.revalidate instanceof ValidatorCache ? config.revalidate : new ValidatorCache();

  async function send(request: HttpRequest, options?: RequestOptions): Promise<HttpResponse> {
    const { operation, method } = request;
    const url = request.url ?? buildUrl(baseUrl, request.path ?? '', request.query);
    const { signal, caller, timeout, timeoutMs } = requestSignal(options, config.timeoutMs);

    const fail = (kind: ApiError['kind'], cause?: unknown, message?: string) =>
      new ApiError({ kind, operation, method, url, cause, ...(message ? { message } : {}) });
    /** An error thrown while waiting: an abort (caller's or the time limit) or a network failure. */
    const classify = (error: unknown): ApiError => {
      if (error instanceof ApiError) return error;
      if (caller?.aborted) {
        const kind = abortKind(caller.reason);
        return fail(kind, caller.reason);
      }
      if (timeout?.aborted) {
        return fail('timeout', timeout.reason, `${operation} timed out after ${timeoutMs} ms`);
      }
      return fail('network', error);
    };

    if (signal?.aborted) throw classify(signal.reason);

    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const kept = method === 'GET' ? validators?.get(url) : undefined;
    const attempt = async (token: string | undefined): Promise<Response> => {
      const headers: Record<string, string> = { ...options?.headers, Accept: ACCEPT };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (subscriptionKey) headers['Ocp-Apim-Subscription-Key'] = subscriptionKey;
      if (token) headers.Authorization = `Bearer ${token}`;
      if (kept) headers['If-None-Match'] = kept.etag;
      try {
        return await fetchFn(url, { method, headers, body, signal });
      } catch (error) {
        throw classify(error);
      }
    };
    const tokenNow = async (): Promise<string | undefined> => {
      if (typeof accessToken !== 'function') return accessToken;
      try {
        return await untilAborted(accessToken(), signal);
      } catch (error) {
        throw classify(error);
      }
    };

    let token = await tokenNow();
    let response = await attempt(token);
    if (response.status === 401 && typeof accessToken === 'function') {
      // One retry with a fresh token: the cached one may have expired or been revoked.
      await discard(response);
      accessToken.invalidate?.(token);
      token = await tokenNow();
      response = await attempt(token);
    }

    if (response.status === 304 && kept) {
      await discard(response);
      return { status: 200, headers: response.headers, body: kept.body, notModified: true };
    }

    let text: string;
    try {
      text = await response.text();
      if (options?.beforeParse && response.ok) await untilAborted(options.beforeParse(), signal);
    } catch (error) {
      throw classify(error);
    }
    let parsed: unknown = undefined;
    let jsonError: unknown = undefined;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        jsonError = error;
      }
    }

    if (!response.ok) {
      const problem = ProblemSchema.safeParse(parsed);
      throw new ApiError({
        kind: 'http',
        operation,
        method,
        url,
        status: response.status,
        ...(problem.success ? { problem: problem.data } : { body: parsed ?? (text || undefined) }),
      });
    }
    if (jsonError !== undefined) {
      throw new ApiError({
        kind: 'invalid-response',
        operation,
        method,
        url,
        status: response.status,
        cause: jsonError,
        message: `${operation} received a body that is not JSON`,
      });
    }
    if (method === 'GET' && validators) {
      const etag = response.headers.get('etag');
      if (etag && parsed !== undefined) validators.set(url, { etag, body: parsed, size: text.length });
      else validators.delete(url);
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  return { baseUrl, send };
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to do: the body is dropped either way.
  }
}

/** Rejects with the signal's reason as soon as it aborts, without waiting for `promise`. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Parsing responses with the contract's schemas.

/**
 * Parses of a body, per schema: a 304 hands back the very body object kept from the last answer,
 * so its parse is reused instead of run again over thousands of items.
 */
type ParseMemo = WeakMap<object, WeakMap<z.ZodType, unknown>>;
const parsedResources: ParseMemo = new WeakMap();
const parsedPages: ParseMemo = new WeakMap();
function memoParse<T>(memo: ParseMemo, body: unknown, schema: z.ZodType, parse: () => T): T {
  if (typeof body !== 'object' || body === null) return parse();
  let bySchema = memo.get(body);
  if (bySchema?.has(schema)) return bySchema.get(schema) as T;
  const value = parse();
  if (!bySchema) memo.set(body, (bySchema = new WeakMap()));
  bySchema.set(schema, value);
  return value;
}

export function parseResource<S extends z.ZodType>(operation: string, schema: S, response: HttpResponse): z.infer<S> {
  return memoParse(parsedResources, response.body, schema, () => parseResourceNow(operation, schema, response));
}

function parseResourceNow<S extends z.ZodType>(operation: string, schema: S, response: HttpResponse): z.infer<S> {
  const result = schema.safeParse(response.body);
  if (!result.success) {
    throw new ApiError({ kind: 'invalid-response', operation, status: response.status, issues: result.error.issues });
  }
  return result.data;
}

/** A list item that did not match its schema: left out of `values`, kept here for logging. */
export interface InvalidItem {
  /** Position in the page's `values` as received. */
  index: number;
  issues: readonly z.core.$ZodIssue[];
  /** The raw item, for logging. */
  value: unknown;
}

/**
 * One page of a list. `values` holds the items that match the contract; the others are counted
 * in `invalidCount` (the UI can say "3 items could not be shown") and described in `invalidItems`.
 */
export type Page<T> = Envelope<T> & { invalidCount: number; invalidItems: InvalidItem[]; hiddenByAudience?: HiddenByAudience };

/** The service's envelope, and what the gateway adds to a list it filtered (schemas/audiences.ts). */
const LooseEnvelopeSchema = envelopeOf(z.unknown()).extend({ hiddenByAudience: HiddenByAudienceSchema.optional().catch(undefined) });

export function parsePage<S extends z.ZodType>(operation: string, itemSchema: S, response: HttpResponse): Page<z.infer<S>> {
  return memoParse(parsedPages, response.body, itemSchema, () => parsePageNow(operation, itemSchema, response));
}

function parsePageNow<S extends z.ZodType>(operation: string, itemSchema: S, response: HttpResponse): Page<z.infer<S>> {
  const envelope = LooseEnvelopeSchema.safeParse(response.body);
  if (!envelope.success) {
    throw new ApiError({ kind: 'invalid-response', operation, status: response.status, issues: envelope.error.issues });
  }
  const values: z.infer<S>[] = [];
  const invalidItems: InvalidItem[] = [];
  envelope.data.values.forEach((raw, index) => {
    const item = itemSchema.safeParse(raw);
    if (item.success) values.push(item.data);
    else invalidItems.push({ index, issues: item.error.issues, value: raw });
  });
  return { ...envelope.data, values, invalidCount: invalidItems.length, invalidItems };
}
