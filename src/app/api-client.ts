import { createApiClient, type ApiClient } from '../api/client.ts';

/**
 * The browser's client: same origin, no credentials (the gateway adds them). Built lazily so
 * that tests can build their own with `createApiClient`.
 */
let client: ApiClient | undefined;
export function browserApi(): ApiClient {
  client ??= createApiClient({ baseUrl: `${window.location.origin}/api` });
  return client;
}
