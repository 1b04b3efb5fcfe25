import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from '../testing/backend.ts';
import { createApiClient } from './client.ts';
import { createTokenProvider } from './token-provider.ts';
import { recordingFetch, sleep } from './test-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend({ scale: 0.1, tokenTtlSeconds: 1 });
});
afterAll(() => backend.close());

const tokenUrl = () => `${backend.baseUrl}/oauth2/token`;
const isTokenRequest = (url: URL) => url.pathname === '/api/oauth2/token';

describe('token endpoint', () => {
  it('api.auth.token gets a bearer token with HTTP Basic credentials', async () => {
    const fetch = recordingFetch();
    const api = createApiClient({ baseUrl: backend.baseUrl, fetch });
    const token = await api.auth.token({ clientId: backend.clientId, clientSecret: backend.clientSecret });
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 1, access_token: expect.any(String) });
    expect(fetch.requests[0]!.headers.get('Authorization')).toMatch(/^Basic /);
  });

  it('wrong credentials: an http ApiError 401 of operation auth.token', async () => {
    const api = createApiClient({ baseUrl: backend.baseUrl });
    await expect(api.auth.token({ clientId: backend.clientId, clientSecret: 'wrong' })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      operation: 'auth.token',
      body: { error: 'invalid_client' },
    });
  });
});

describe('token provider with the client', () => {
  it('renews before expiry: with 1 s tokens, each call after half a second gets a new token', async () => {
    const fetch = recordingFetch();
    const provider = createTokenProvider({ tokenUrl: tokenUrl(), clientId: backend.clientId, clientSecret: backend.clientSecret, fetch });
    const api = createApiClient({ baseUrl: backend.baseUrl, subscriptionKey: backend.subscriptionKey, accessToken: provider, fetch });
    await api.people.list({ pageSize: 1 });
    await sleep(1100);
    await api.people.list({ pageSize: 1 });
    expect(fetch.requests.filter((r) => isTokenRequest(r.url))).toHaveLength(2);
    expect(fetch.requests.filter((r) => !isTokenRequest(r.url))).toHaveLength(2);
  });

  it('an expired token: the 401 is retried once with a fresh token', async () => {
    const fetch = recordingFetch();
    // A clock that stands still keeps the expired token "valid" for the provider: only the
    // service's 401 reveals that it expired.
    const provider = createTokenProvider({ tokenUrl: tokenUrl(), clientId: backend.clientId, clientSecret: backend.clientSecret, fetch, now: () => 0 });
    const api = createApiClient({ baseUrl: backend.baseUrl, subscriptionKey: backend.subscriptionKey, accessToken: provider, fetch });
    await api.people.get('S000001');
    await sleep(1100);
    const person = await api.people.get('S000001');
    expect(person.identifier).toBe('S000001');
    const apiCalls = fetch.requests.filter((r) => !isTokenRequest(r.url));
    expect(apiCalls).toHaveLength(3);
    const [first, refused, retried] = apiCalls.map((r) => r.headers.get('Authorization'));
    expect(refused).toBe(first);
    expect(retried).not.toBe(refused);
    expect(fetch.requests.filter((r) => isTokenRequest(r.url))).toHaveLength(2);
  });

  it('a second 401 is an ApiError (no loop)', async () => {
    const fetch = recordingFetch();
    const api = createApiClient({ baseUrl: backend.baseUrl, subscriptionKey: backend.subscriptionKey, accessToken: async () => 'forged-token', fetch });
    await expect(api.people.get('S000001')).rejects.toMatchObject({ kind: 'http', status: 401, operation: 'people.get' });
    expect(fetch.requests).toHaveLength(2);
  });

  it('a missing subscription key is a 401 even with a good token; a fixed token is not retried', async () => {
    const { access_token } = await createApiClient({ baseUrl: backend.baseUrl }).auth.token({ clientId: backend.clientId, clientSecret: backend.clientSecret });
    const fetch = recordingFetch();
    const api = createApiClient({ baseUrl: backend.baseUrl, accessToken: access_token, fetch });
    const e = await api.people.get('S000001').catch((error: unknown) => error);
    expect(e).toMatchObject({ kind: 'http', status: 401 });
    expect(fetch.requests).toHaveLength(1);
  });
});
