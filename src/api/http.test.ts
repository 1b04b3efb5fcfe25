import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError, fieldErrors, isApiError } from './http.ts';
import { envelope, fakeFetch, json, problem, sleep } from './test-support.ts';

const BASE = 'http://test/api';

const person = (identifier: string) => ({
  identifier,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.edu',
  role: 'Student',
  self: { href: `${BASE}/people/${identifier}` },
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    expect(isApiError(e)).toBe(true);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('transport', () => {
  it('sends the subscription key and the bearer token when configured, and neither otherwise', async () => {
    const fetch = fakeFetch(() => json(person('S1')));
    await createApiClient({ baseUrl: BASE, fetch, subscriptionKey: 'key-1', accessToken: 'tok-1' }).people.get('S1');
    await createApiClient({ baseUrl: `${BASE}/`, fetch }).people.get('S1');
    const [withAuth, browser] = fetch.requests;
    expect(withAuth!.headers.get('Ocp-Apim-Subscription-Key')).toBe('key-1');
    expect(withAuth!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(browser!.headers.has('Ocp-Apim-Subscription-Key')).toBe(false);
    expect(browser!.headers.has('Authorization')).toBe(false);
    expect(browser!.url.href).toBe(`${BASE}/people/S1`);
  });

  it('encodes path segments', async () => {
    const fetch = fakeFetch(() => json(person('a/b c')));
    await createApiClient({ baseUrl: BASE, fetch }).people.get('a/b c');
    expect(fetch.requests[0]!.url.pathname).toBe('/api/people/a%2Fb%20c');
  });

  it('sends JSON bodies with their content type', async () => {
    const fetch = fakeFetch(() => new Response(null, { status: 204 }));
    await createApiClient({ baseUrl: BASE, fetch }).categories.edit(3, { isActive: true, name: 'Housing' });
    const [req] = fetch.requests;
    expect(req!.method).toBe('PUT');
    expect(req!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(req!.body!)).toEqual({ isActive: true, name: 'Housing' });
  });

  it('keeps unknown fields of a response (loose schemas)', async () => {
    const fetch = fakeFetch(() => json({ ...person('S1'), pronouns: 'she/her' }));
    const p = await createApiClient({ baseUrl: BASE, fetch }).people.get('S1');
    expect(p.pronouns).toBe('she/her');
  });
});

describe('ApiError kinds', () => {
  it('http: carries status, the parsed problem, the operation and problem.detail as message', async () => {
    const fetch = fakeFetch(() => problem(400, 'pageSize must be at most 1000', [{ in: 'query', name: 'pageSize', message: 'must be at most 1000' }]));
    const e = await caught(createApiClient({ baseUrl: BASE, fetch }).alerts.list({ pageSize: 1001 }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(Error);
    expect(e.kind).toBe('http');
    expect(e.status).toBe(400);
    expect(e.operation).toBe('alerts.list');
    expect(e.problem?.detail).toBe('pageSize must be at most 1000');
    expect(e.message).toBe('pageSize must be at most 1000');
    expect(fieldErrors(e)).toEqual({ pageSize: 'must be at most 1000' });
  });

  it('http: a body that is not problem details is kept as body, with a generic message', async () => {
    const fetch = fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const e = await caught(createApiClient({ baseUrl: BASE, fetch }).triggers.get(1));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(502);
    expect(e.problem).toBeUndefined();
    expect(e.body).toBe('<html>bad gateway</html>');
    expect(e.message).toBe('triggers.get failed with HTTP 502');
  });

  it('network: fetch itself fails', async () => {
    const fetch = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const e = await caught(createApiClient({ baseUrl: BASE, fetch }).people.get('S1'));
    expect(e.kind).toBe('network');
    expect(e.operation).toBe('people.get');
    expect(e.cause).toBeInstanceOf(TypeError);
  });

  it('timeout: the configured timeoutMs runs out (and a per-call one overrides it)', async () => {
    const fetch = fakeFetch(async () => {
      await sleep(1000);
      return json(person('S1'));
    });
    const api = createApiClient({ baseUrl: BASE, fetch, timeoutMs: 30 });
    const e = await caught(api.people.get('S1'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('30 ms');
    const e2 = await caught(createApiClient({ baseUrl: BASE, fetch }).people.get('S1', { timeoutMs: 20 }));
    expect(e2.kind).toBe('timeout');
  });

  it('timeout: a caller signal from AbortSignal.timeout counts as a timeout', async () => {
    const fetch = fakeFetch(async () => {
      await sleep(1000);
      return json(person('S1'));
    });
    const e = await caught(createApiClient({ baseUrl: BASE, fetch }).people.get('S1', { signal: AbortSignal.timeout(20) }));
    expect(e.kind).toBe('timeout');
  });

  it('aborted: the caller aborts, before or during the request', async () => {
    const fetch = fakeFetch(async () => {
      await sleep(1000);
      return json(person('S1'));
    });
    const api = createApiClient({ baseUrl: BASE, fetch, timeoutMs: 5000 });
    const controller = new AbortController();
    const pending = api.people.get('S1', { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const e = await caught(pending);
    expect(e.kind).toBe('aborted');
    const before = await caught(api.people.get('S1', { signal: AbortSignal.abort() }));
    expect(before.kind).toBe('aborted');
    expect(fetch.requests).toHaveLength(1);
  });

  it('beforeParse: the body waits for it, the request does not; an abort while it waits is an abort', async () => {
    const fetch = fakeFetch(() => json(person('S1')));
    const api = createApiClient({ baseUrl: BASE, fetch });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let settled = false;
    const pending = api.people.get('S1', { beforeParse: () => gate }).then((value) => ((settled = true), value));
    await sleep(10);
    expect(fetch.requests).toHaveLength(1);
    expect(settled).toBe(false);
    open();
    expect((await pending).identifier).toBe('S1');

    const controller = new AbortController();
    const waiting = api.people.get('S1', { signal: controller.signal, beforeParse: () => new Promise<void>(() => undefined) });
    setTimeout(() => controller.abort(), 10);
    expect((await caught(waiting)).kind).toBe('aborted');
  });

  it('beforeParse is not waited for by an error answer', async () => {
    const fetch = fakeFetch(() => problem(404, 'No such person'));
    const api = createApiClient({ baseUrl: BASE, fetch });
    const e = await caught(api.people.get('S1', { beforeParse: () => new Promise<void>(() => undefined) }));
    expect(e.status).toBe(404);
  });

  it('invalid-response: a 200 body that is not JSON, or that does not match the schema', async () => {
    const notJson = fakeFetch(() => new Response('hello', { status: 200 }));
    const e1 = await caught(createApiClient({ baseUrl: BASE, fetch: notJson }).people.get('S1'));
    expect(e1.kind).toBe('invalid-response');
    const wrong = fakeFetch(() => json({ ...person('S1'), role: 'Wizard' }));
    const e2 = await caught(createApiClient({ baseUrl: BASE, fetch: wrong }).people.get('S1'));
    expect(e2.kind).toBe('invalid-response');
    expect(e2.issues?.[0]?.path).toEqual(['role']);
    expect(e2.message).toContain('role');
  });

  it('invalid-response: an envelope that does not match sinks the page', async () => {
    const fetch = fakeFetch(() => json({ values: [] }));
    const e = await caught(createApiClient({ baseUrl: BASE, fetch }).people.list());
    expect(e.kind).toBe('invalid-response');
    expect(e.operation).toBe('people.list');
  });

  it('fieldErrors: first message per name, optionally one part of the request, {} for anything else', () => {
    const e = new ApiError({
      kind: 'http',
      operation: 'updates.create',
      status: 400,
      problem: {
        type: 'x',
        title: 'Bad Request',
        status: 400,
        detail: 'invalid body',
        errors: [
          { in: 'body', name: 'details', message: 'must not be blank' },
          { in: 'body', name: 'details', message: 'second' },
          { in: 'query', name: 'expand', message: 'unknown name' },
        ],
      },
    });
    expect(fieldErrors(e)).toEqual({ details: 'must not be blank', expand: 'unknown name' });
    expect(fieldErrors(e, 'body')).toEqual({ details: 'must not be blank' });
    expect(fieldErrors(new Error('x'))).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('a list item that fails to parse', () => {
  it('is left out, counted, and described; the good items come back', async () => {
    const good = person('S1');
    const fetch = fakeFetch(() => json(envelope([good, { ...person('S2'), role: 42 }, person('S3'), { nope: true }])));
    const page = await createApiClient({ baseUrl: BASE, fetch }).people.list();
    expect(page.values.map((p) => p.identifier)).toEqual(['S1', 'S3']);
    expect(page.invalidCount).toBe(2);
    expect(page.invalidItems.map((i) => i.index)).toEqual([1, 3]);
    expect(page.invalidItems[0]!.issues[0]!.path).toEqual(['role']);
    expect(page.totalValues).toBe(4);
  });
});

describe('401 with a token provider', () => {
  it('retries once with a fresh token after invalidating the refused one', async () => {
    let issued = 0;
    const provider = Object.assign(
      vi.fn(async () => `t${issued}`),
      {
        invalidate: vi.fn(() => {
          issued += 1;
        }),
      },
    );
    const fetch = fakeFetch((req) => (req.headers.get('Authorization') === 'Bearer t0' ? problem(401, 'expired token') : json(person('S1'))));
    const p = await createApiClient({ baseUrl: BASE, fetch, accessToken: provider }).people.get('S1');
    expect(p.identifier).toBe('S1');
    expect(provider.invalidate).toHaveBeenCalledExactlyOnceWith('t0');
    expect(fetch.requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer t0', 'Bearer t1']);
  });

  it('a second 401 is an ApiError', async () => {
    const provider = Object.assign(async () => 'bad', { invalidate: vi.fn() });
    const fetch = fakeFetch(() => problem(401, 'unknown token'));
    const e = await caught(createApiClient({ baseUrl: BASE, fetch, accessToken: provider }).people.get('S1'));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(401);
    expect(e.message).toBe('unknown token');
    expect(fetch.requests).toHaveLength(2);
    expect(provider.invalidate).toHaveBeenCalledTimes(1);
  });

  it('a fixed token is not retried; a body is resent on the retry', async () => {
    const fixed = fakeFetch(() => problem(401, 'no'));
    await caught(createApiClient({ baseUrl: BASE, fetch: fixed, accessToken: 'static' }).people.get('S1'));
    expect(fixed.requests).toHaveLength(1);

    let n = 0;
    const fetch = fakeFetch(() => (n++ === 0 ? problem(401, 'expired') : json({ href: `${BASE}/notations/updates/9` }, 201)));
    const body = {
      audienceType: 'All' as const,
      canStudentView: true,
      createdBy: { identifier: 'E0001' },
      details: 'Met with the student',
      student: { identifier: 'S000001' },
    };
    const created = await createApiClient({ baseUrl: BASE, fetch, accessToken: async () => 'x' }).updates.create(body);
    expect(created.href).toBe(`${BASE}/notations/updates/9`);
    expect(fetch.requests.map((r) => JSON.parse(r.body!))).toEqual([body, body]);
  });
});

describe('revalidation with ETags', () => {
  const page = (ids: string[]) => ({ ...envelope(ids.map(person)) });
  it('sends the last ETag of a URL and reuses the kept body on 304, parsed once', async () => {
    let version = 1;
    const fetch = fakeFetch((req) => {
      const tag = `"v${version}"`;
      if (req.headers.get('If-None-Match') === tag) return new Response(null, { status: 304, headers: { etag: tag } });
      return json(page(version === 1 ? ['S1', 'S2'] : ['S1', 'S2', 'S3']), 200, { etag: tag });
    });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const first = await api.people.list({ role: 'Student' });
    expect(fetch.requests[0]!.headers.has('If-None-Match')).toBe(false);
    const second = await api.people.list({ role: 'Student' });
    expect(fetch.requests[1]!.headers.get('If-None-Match')).toBe('"v1"');
    expect(second.values.map((p) => p.identifier)).toEqual(['S1', 'S2']);
    expect(second).toBe(first);
    version = 2;
    const third = await api.people.list({ role: 'Student' });
    expect(fetch.requests[2]!.headers.get('If-None-Match')).toBe('"v1"');
    expect(third.values.map((p) => p.identifier)).toEqual(['S1', 'S2', 'S3']);
    // Writes are never conditional.
    await api.categories.edit(3, { isActive: true, name: 'Housing' }).catch(() => undefined);
    expect(fetch.requests[3]!.headers.has('If-None-Match')).toBe(false);
  });

  it('can be turned off, and does not keep answers without an ETag', async () => {
    const fetch = fakeFetch(() => json(person('S1'), 200, { etag: '"a"' }));
    const off = createApiClient({ baseUrl: BASE, fetch, revalidate: false });
    await off.people.get('S1');
    await off.people.get('S1');
    expect(fetch.requests[1]!.headers.has('If-None-Match')).toBe(false);
    const untagged = fakeFetch(() => json(person('S1')));
    const on = createApiClient({ baseUrl: BASE, fetch: untagged });
    await on.people.get('S1');
    await on.people.get('S1');
    expect(untagged.requests[1]!.headers.has('If-None-Match')).toBe(false);
  });
});
