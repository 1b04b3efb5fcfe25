import { setTimeout as sleep } from 'node:timers/promises';
import type { Hono } from 'hono';
import type { FetchLike } from '../../api/http.ts';
import { REQUEST_ID_HEADER } from '../logging.ts';

/**
 * What `read` answers within `budgetMs`, asking the gateway's own `app` in process as the visitor
 * of `request` (their cookie and request id: the same session, permission and access-log rules as
 * the app's own request); undefined when it is late or fails, so the page is sent as it would be
 * without it. A request in process does not heed an abort signal: the race is the limit.
 */
export async function readAsVisitor<T>(app: Hono, request: Request, budgetMs: number, read: (fetch: FetchLike) => Promise<T>): Promise<T | undefined> {
  const visitor: Record<string, string> = { accept: 'application/json' };
  for (const name of ['cookie', REQUEST_ID_HEADER]) {
    const value = request.headers.get(name);
    if (value) visitor[name] = value;
  }
  const fetch: FetchLike = (input, init) => app.request(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), ...visitor } });
  const budget = new AbortController();
  const late = sleep(budgetMs, undefined, { signal: budget.signal }).catch(() => undefined);
  try {
    return await Promise.race([read(fetch), late]);
  } catch {
    return undefined;
  } finally {
    budget.abort();
  }
}
