import { createApiClient, type ApiClient } from '../api/client.ts';

/** The browser's client: same origin, no credentials (the gateway adds them). The app builds one and passes it down. */
export function browserApi(): ApiClient {
  return createApiClient({ baseUrl: `${window.location.origin}/api` });
}
