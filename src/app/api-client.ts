import { browserFetch } from '../api/browser-fetch.ts';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { SESSION_ENDED_EVENT } from '../queries/session-events.ts';

export { SESSION_ENDED_EVENT };

/** The browser's client: same origin, no credentials (the gateway adds them). The app builds one and passes it down. */
export function browserApi(): ApiClient {
  return createApiClient({
    baseUrl: `${window.location.origin}/api`,
    fetch: browserFetch(() => window.dispatchEvent(new Event(SESSION_ENDED_EVENT))),
  });
}
