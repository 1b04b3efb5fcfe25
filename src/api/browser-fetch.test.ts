import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserFetch } from './browser-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

describe('browserFetch', () => {
  it('asks past the browser’s HTTP cache, keeping the method, headers, body and signal', async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal('fetch', (_input: string, init: RequestInit) => {
      seen.push(init);
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    const signal = new AbortController().signal;
    const response = await browserFetch(() => undefined)('/api/people/', { method: 'POST', headers: { Accept: 'application/json' }, body: '{}', signal });
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ method: 'POST', headers: { Accept: 'application/json' }, body: '{}', signal, cache: 'no-store' }]);
  });

  it('tells that the session ended on a 401, and on nothing else', async () => {
    const statuses = [401, 200, 403];
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: statuses.shift() })));
    const ended = vi.fn();
    const send = browserFetch(ended);
    expect((await send('/api/a', {})).status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
    await send('/api/b', {});
    await send('/api/c', {});
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
