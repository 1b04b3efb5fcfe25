import { createApiClient, type ApiClient } from '../api/client.ts';
import { SESSION_ENDED_EVENT } from '../queries/session-events.ts';

export { SESSION_ENDED_EVENT };

/** The browser's client: same origin, no credentials (the gateway adds them). The app builds one and passes it down. */
export function browserApi(): ApiClient {
  return createApiClient({
    baseUrl: `${window.location.origin}/api`,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 401) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
      return response;
    },
  });
}
