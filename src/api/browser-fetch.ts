import type { FetchLike } from './http.ts';

/**
 * The fetch of a browser's client of the same-origin gateway (the page's and the list worker's).
 *
 * - `cache: 'no-store'`: the gateway answers every `/api` request with `Cache-Control: no-store`,
 *   and the client revalidates with ETags it keeps itself (`ValidatorCache`, src/api/http.ts), so
 *   the browser's HTTP cache never holds an `/api` answer. Looking in it anyway cost the browser
 *   process about 0.7 ms a request: seconds over a cohort's thousands of E18 calls (the fallback).
 *   A request that carries `If-None-Match` is `no-store` by the Fetch standard already.
 * - A 401 means the session has ended: `onSessionEnded` is told.
 */
export function browserFetch(onSessionEnded: () => void): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, { ...init, cache: 'no-store' });
    if (response.status === 401) onSessionEnded();
    return response;
  };
}
