import { describe, expect, it } from 'vitest';
import { createTokenProvider, requestToken } from './token-provider.ts';
import { fakeFetch, json, sleep } from './test-support.ts';

const TOKEN_URL = 'http://auth.test/oauth2/token';

function tokenServer(expiresIn = 3600, delayMs = 0) {
  let issued = 0;
  const fetch = fakeFetch(async () => {
    await sleep(delayMs);
    issued += 1;
    return json({ access_token: `token-${issued}`, token_type: 'Bearer', expires_in: expiresIn });
  });
  return fetch;
}

describe('requestToken', () => {
  it('POSTs grant_type=client_credentials with HTTP Basic (form-encoded id and secret)', async () => {
    const fetch = tokenServer();
    const token = await requestToken({ tokenUrl: TOKEN_URL, clientId: 'my client', clientSecret: 's:e/c', fetch });
    expect(token).toMatchObject({ access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 });
    const [req] = fetch.requests;
    expect(req!.method).toBe('POST');
    expect(req!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(req!.body).get('grant_type')).toBe('client_credentials');
    expect(req!.headers.get('Authorization')).toBe(`Basic ${btoa('my+client:s%3Ae%2Fc')}`);
  });

  it('turns an RFC 6749 error into an http ApiError of operation auth.token', async () => {
    const fetch = fakeFetch(() => json({ error: 'invalid_client', error_description: 'unknown client' }, 401));
    await expect(requestToken({ tokenUrl: TOKEN_URL, clientId: 'x', clientSecret: 'y', fetch })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      operation: 'auth.token',
      message: 'token request refused: invalid_client (unknown client)',
      body: { error: 'invalid_client' },
    });
  });

  it('a malformed token response is invalid-response; no answer is network', async () => {
    const bad = fakeFetch(() => json({ token: 'x' }));
    await expect(requestToken({ tokenUrl: TOKEN_URL, clientId: 'x', clientSecret: 'y', fetch: bad })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    const down = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    await expect(requestToken({ tokenUrl: TOKEN_URL, clientId: 'x', clientSecret: 'y', fetch: down })).rejects.toMatchObject({
      kind: 'network',
    });
  });
});

describe('createTokenProvider', () => {
  it('caches the token until refreshMarginSeconds before expiry', async () => {
    let now = 1_000_000;
    const fetch = tokenServer(3600);
    const provider = createTokenProvider({ tokenUrl: TOKEN_URL, clientId: 'c', clientSecret: 's', fetch, now: () => now });
    expect(await provider()).toBe('token-1');
    now += 3_539_000; // 1 s before the 60 s margin
    expect(await provider()).toBe('token-1');
    now += 1_000;
    expect(await provider()).toBe('token-2');
    expect(fetch.requests).toHaveLength(2);
  });

  it('uses a token shorter-lived than the margin for half its lifetime', async () => {
    let now = 0;
    const fetch = tokenServer(10);
    const provider = createTokenProvider({ tokenUrl: TOKEN_URL, clientId: 'c', clientSecret: 's', fetch, now: () => now });
    expect(await provider()).toBe('token-1');
    now = 4_999;
    expect(await provider()).toBe('token-1');
    now = 5_000;
    expect(await provider()).toBe('token-2');
  });

  it('shares one in-flight request among concurrent callers', async () => {
    const fetch = tokenServer(3600, 20);
    const provider = createTokenProvider({ tokenUrl: TOKEN_URL, clientId: 'c', clientSecret: 's', fetch });
    const tokens = await Promise.all(Array.from({ length: 10 }, () => provider()));
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(fetch.requests).toHaveLength(1);
  });

  it('invalidate() forgets the token; invalidate(rejected) only when it is still the cached one', async () => {
    const fetch = tokenServer();
    const provider = createTokenProvider({ tokenUrl: TOKEN_URL, clientId: 'c', clientSecret: 's', fetch });
    expect(await provider()).toBe('token-1');
    provider.invalidate('token-1');
    expect(await provider()).toBe('token-2');
    provider.invalidate('token-1'); // stale: another caller already renewed it
    expect(await provider()).toBe('token-2');
    provider.invalidate();
    expect(await provider()).toBe('token-3');
  });

  it('does not cache a failure', async () => {
    let fail = true;
    const fetch = fakeFetch(() => (fail ? json({ error: 'invalid_client' }, 401) : json({ access_token: 'ok', token_type: 'Bearer', expires_in: 3600 })));
    const provider = createTokenProvider({ tokenUrl: TOKEN_URL, clientId: 'c', clientSecret: 's', fetch });
    await expect(provider()).rejects.toMatchObject({ kind: 'http', status: 401 });
    fail = false;
    expect(await provider()).toBe('ok');
  });

  it('gives up on a hanging token endpoint after timeoutMs (one request at a time), and recovers once it answers', async () => {
    let answer: (() => void) | undefined;
    let hang = true;
    let issued = 0;
    // Ignores its abort signal on purpose: the provider must not depend on the fetch honouring it.
    const fetch = (async () => {
      if (hang) await new Promise<void>((resolve) => (answer = resolve));
      issued += 1;
      return json({ access_token: `token-${issued}`, token_type: 'Bearer', expires_in: 3600 });
    }) as unknown as Parameters<typeof createTokenProvider>[0]['fetch'];
    let calls = 0;
    const counted: typeof fetch = (input, init) => {
      calls += 1;
      return fetch!(input, init);
    };
    const provider = createTokenProvider({ tokenUrl: TOKEN_URL, clientId: 'c', clientSecret: 's', fetch: counted, timeoutMs: 100 });
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => provider()));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as { kind: string }).kind === 'timeout')).toBe(true);
    expect(calls).toBe(1);
    hang = false;
    answer?.();
    expect(await provider()).toMatch(/^token-/);
    expect(calls).toBe(2);
  });
});
