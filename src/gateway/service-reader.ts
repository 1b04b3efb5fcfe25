import { bodyText } from '../http/known-body.ts';
import { withDeadline, type Timeouts } from './bounded.ts';
import type { Upstream } from './upstream.ts';

/** Where hrefs point in what the gateway reads for itself (nobody's browser follows them). */
const INTERNAL_BASE = 'http://gateway.internal/api';

/**
 * A GET of the service as the gateway itself, outside any request (the notifier's polls): its
 * own token, one retry with a fresh one after a 401, each step within its deadline.
 */
export function serviceReader(upstream: Upstream, timeouts: Timeouts): (path: string) => Promise<{ status: number; body: unknown }> {
  const attempt = async (path: string) => {
    const token = await withDeadline(timeouts.tokenMs, () => upstream.token());
    const response = await withDeadline(timeouts.upstreamMs, async (signal) => {
      const answer = await upstream.send(
        path,
        {
          method: 'GET',
          headers: { accept: 'application/json', 'Ocp-Apim-Subscription-Key': upstream.subscriptionKey, Authorization: `Bearer ${token}` },
          signal,
        },
        INTERNAL_BASE,
      );
      return { status: answer.status, text: await bodyText(answer) };
    });
    return { token, ...response };
  };
  return async (path) => {
    let answer = await attempt(path);
    if (answer.status === 401) {
      upstream.token.invalidate(answer.token);
      answer = await attempt(path);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text) as unknown;
    } catch {
      body = undefined;
    }
    return { status: answer.status, body };
  };
}
