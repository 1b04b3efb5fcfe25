import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { startBackend, type TestBackend } from '../testing/backend.ts';
import { createApiClient, type ApiClient } from './client.ts';
import type { ExpandedPerson } from './schemas/index.ts';
import { fieldErrors, type ApiError, type Page } from './http.ts';
import { listAll } from './paging.ts';
import type { Alert, AssessmentFactor, Category, Comment, EncouragementType, Link, Update } from './schemas/index.ts';
import { createTokenProvider } from './token-provider.ts';
import { recordingFetch, type RecordingFetch } from './test-support.ts';

let backend: TestBackend;
let api: ApiClient;
let fetch: RecordingFetch;

beforeAll(async () => {
  backend = await startBackend();
  fetch = recordingFetch();
  api = createApiClient({
    baseUrl: backend.baseUrl,
    subscriptionKey: backend.subscriptionKey,
    accessToken: createTokenProvider({
      tokenUrl: `${backend.baseUrl}/oauth2/token`,
      clientId: backend.clientId,
      clientSecret: backend.clientSecret,
    }),
    fetch,
  });
});
afterAll(() => backend.close());

/** The query string of the last request, as a plain object. */
function lastQuery(): Record<string, string> {
  const last = fetch.requests.at(-1);
  if (!last) throw new Error('no request');
  return Object.fromEntries(last.url.searchParams);
}

function lastPath(): string {
  return fetch.requests.at(-1)!.url.pathname;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as ApiError,
  );
}

/** The first item of a list whose expanded collection is not empty. */
async function withComments<T extends { comments: { totalValues: number } }>(list: (page: number) => Promise<Page<T>>): Promise<T> {
  for (let page = 1; page <= 20; page += 1) {
    const found = (await list(page)).values.find((v) => v.comments.totalValues > 0);
    if (found) return found;
  }
  throw new Error('no item with comments in the seed');
}

describe('updates', () => {
  it('list (E1): a page of updates, wire names and values as the contract spells them', async () => {
    const page = await api.updates.list({
      page: 2,
      pageSize: 25,
      createdOnStart: new Date('2026-01-01T00:00:00Z'),
      createdOnEnd: '2026-05-31',
      modifiedOnStart: '2025-01-01',
      modifiedOnEnd: new Date('2026-12-31T23:59:59.999Z'),
    });
    expect(lastPath()).toBe('/api/notations/updates/');
    expect(lastQuery()).toEqual({
      page: '2',
      pageSize: '25',
      createdOnStart: '2026-01-01T00:00:00.000Z',
      createdOnEnd: '2026-05-31',
      modifiedOnStart: '2025-01-01',
      modifiedOnEnd: '2026-12-31T23:59:59.999Z',
    });
    expect(page.page).toBe(2);
    expect(page.pageSize).toBe(25);
    expect(page.values).toHaveLength(25);
    expect(page.invalidCount).toBe(0);
    for (const u of page.values) {
      expect(u.createdOn >= '2026-01-01T00:00:00.000Z' && u.createdOn <= '2026-05-31T23:59:59.999Z').toBe(true);
    }
    expectTypeOf(page.values).toEqualTypeOf<Update[]>();
    expectTypeOf(page.values[0]!.student).toEqualTypeOf<Link>();
  });

  it('list (E1): identifiers joined by commas filter by student; expand joined', async () => {
    const page = await api.updates.list({ identifiers: ['S000001', 'S000002'], expand: ['student', 'createdBy'], pageSize: 100 });
    expect(lastQuery()).toEqual({ identifiers: 'S000001,S000002', expand: 'student,createdBy', pageSize: '100' });
    expect(page.values.length).toBeGreaterThan(0);
    for (const u of page.values) expect(['S000001', 'S000002']).toContain(u.student.identifier);
    expectTypeOf(page.values[0]!.student).toEqualTypeOf<ExpandedPerson>();
    expectTypeOf(page.values[0]!.createdBy.firstName).toEqualTypeOf<string>();
    expectTypeOf(page.values[0]!.comments).toEqualTypeOf<Link>();
    // An empty identifiers list means no filter: nothing is sent.
    await api.updates.list({ identifiers: [], pageSize: 1 });
    expect(lastQuery()).toEqual({ pageSize: '1' });
  });

  it('get (E2), comments (E3), comment, categories: with and without expand', async () => {
    const update = await withComments((page) => api.updates.list({ page, pageSize: 200, expand: ['comments', 'categories'] }));
    expectTypeOf(update.comments.values).toEqualTypeOf<Comment[]>();
    const plain = await api.updates.get(update.id);
    expect(lastPath()).toBe(`/api/notations/updates/${update.id}`);
    expect(plain.self.href).toBe(update.self.href);
    expectTypeOf(plain).toEqualTypeOf<Update>();
    const full = await api.updates.get(update.id, { expand: ['categories', 'comments', 'createdBy', 'student'] });
    expect(full.student.role).toBe('Student');
    expect(full.student.href).toBe(plain.student.href);
    expect(full.comments.values.length).toBe(update.comments.totalValues);
    expectTypeOf(full.categories.values).toEqualTypeOf<Category[]>();

    const comments = await api.updates.comments(update.id, { expand: ['createdBy'] });
    expect(lastQuery()).toEqual({ expand: 'createdBy' });
    expect(comments.values.map((c) => c.id)).toEqual(update.comments.values.map((c) => c.id));
    expectTypeOf(comments.values[0]!.createdBy).toEqualTypeOf<ExpandedPerson>();
    const first = comments.values[0]!;
    expect(first.createdBy.lastName).toEqual(expect.any(String));

    const one = await api.updates.comment(update.id, first.id);
    expect(one.self.href).toBe(first.self.href);
    expect(lastPath()).toBe(`/api/notations/updates/${update.id}/comments/${first.id}`);
    const categories = await api.updates.categories(update.id);
    expect(categories.values.map((c) => c.id)).toEqual(update.categories.values.map((c) => c.id));
  });

  it('get (E2): an unknown id is an http ApiError 404 with the problem', async () => {
    const e = await rejection(api.updates.get(999_999_999));
    expect(e).toMatchObject({ kind: 'http', status: 404, operation: 'updates.get' });
    expect(e.problem?.status).toBe(404);
    expect(e.message).toBe(e.problem?.detail);
  });
});

describe('data insights', () => {
  it('list (E5): createdOnStart goes on the wire as createOnStart, and the server applies it', async () => {
    const start = '2026-05-01T00:00:00Z';
    const page = await api.dataInsights.list({ createdOnStart: start, createdOnEnd: '2026-05-20', pageSize: 200 });
    expect(lastPath()).toBe('/api/notations/dataInsights/');
    expect(lastQuery()).toEqual({ createOnStart: start, createdOnEnd: '2026-05-20', pageSize: '200' });
    expect(page.values.length).toBeGreaterThan(0);
    for (const d of page.values) {
      expect(d.createdOn >= '2026-05-01T00:00:00.000Z').toBe(true);
      expect(d.createdOn <= '2026-05-20T23:59:59.999Z').toBe(true);
    }
    // …and only E5: E1 and E7 get createdOnStart.
    await api.alerts.list({ createdOnStart: start, pageSize: 1 });
    expect(lastQuery()).toEqual({ createdOnStart: start, pageSize: '1' });
  });

  it('get (E6), comments, comment with expand', async () => {
    const insight = await withComments((page) => api.dataInsights.list({ page, pageSize: 500, expand: ['comments', 'student'] }));
    expectTypeOf(insight.student).toEqualTypeOf<ExpandedPerson>();
    expect(insight.student.role).toBe('Student');
    const got = await api.dataInsights.get(insight.id, { expand: ['student'] });
    expect(got.student.identifier).toBe(insight.student.identifier);
    const comments = await api.dataInsights.comments(insight.id);
    expect(comments.totalValues).toBe(insight.comments.totalValues);
    const c = comments.values[0]!;
    const one = await api.dataInsights.comment(insight.id, c.id, { expand: ['createdBy'] });
    expect(one.createdBy.href).toBe(c.createdBy.href);
    expect(one.createdBy.firstName).toEqual(expect.any(String));
  });
});

describe('alerts', () => {
  it('list (E7) typed by expand: student is an ExpandedPerson', async () => {
    const page = await api.alerts.list({ expand: ['student'], pageSize: 10 });
    expect(lastQuery()).toEqual({ expand: 'student', pageSize: '10' });
    expectTypeOf(page.values[0]!.student).toEqualTypeOf<ExpandedPerson>();
    expectTypeOf(page.values[0]!.createdBy).toEqualTypeOf<Link>();
    expectTypeOf(page.values[0]!.status).toEqualTypeOf<Alert['status']>();
    for (const a of page.values) {
      expect(a.student).toMatchObject({ role: 'Student', href: expect.stringContaining('/api/people/') });
    }
  });

  it('get, categories (E8), comments, comment (E9)', async () => {
    const alert = await withComments((page) => api.alerts.list({ page, pageSize: 200, expand: ['comments', 'categories'] }));
    const got = await api.alerts.get(alert.id, { expand: ['createdBy'] });
    expect(got.createdBy.role).not.toBe('Student');
    const categories = await api.alerts.categories(alert.id);
    expect(lastPath()).toBe(`/api/notations/alerts/${alert.id}/categories`);
    expect(categories.values).toEqual(alert.categories.values);
    const comments = await api.alerts.comments(alert.id);
    expect(comments.values.map((c) => c.self.href)).toEqual(alert.comments.values.map((c) => c.self.href));
    const c = comments.values[0]!;
    const one = await api.alerts.comment(alert.id, c.id, { expand: ['createdBy'] });
    expect(lastQuery()).toEqual({ expand: 'createdBy' });
    expect(one).toMatchObject({ id: c.id, details: c.details, usedToLowerAlert: c.usedToLowerAlert });
  });

  it('an expand name the operation does not accept is refused by the server (400 naming it)', async () => {
    const e = await rejection(api.alerts.list({ expand: ['type' as 'student'] }));
    expect(e).toMatchObject({ kind: 'http', status: 400 });
    expect(fieldErrors(e, 'query')).toHaveProperty('expand');
  });

  it('pageSize over 1000 is a 400 with a field error', async () => {
    const e = await rejection(api.alerts.list({ pageSize: 1001 }));
    expect(e.status).toBe(400);
    expect(fieldErrors(e)).toHaveProperty('pageSize');
  });
});

describe('encouragements', () => {
  it('list (E10), get, types.get (E11), types.list', async () => {
    const page = await api.encouragements.list({ expand: ['type', 'student'], pageSize: 5, modifiedOnEnd: '2026-12-31' });
    expect(lastQuery()).toEqual({ expand: 'type,student', pageSize: '5', modifiedOnEnd: '2026-12-31' });
    const e = page.values[0]!;
    expectTypeOf(e.type).toMatchTypeOf<EncouragementType & { href: string }>();
    expect(e.type.icon).toEqual(expect.any(String));
    const got = await api.encouragements.get(e.id);
    expect(got.type.href).toBe(e.type.href);
    const target = api.parseHref(e.type.href);
    expect(target?.kind).toBe('encouragementType');
    const type = await api.encouragements.types.get(target?.kind === 'encouragementType' ? target.id : '');
    expect(type).toMatchObject({ id: e.type.id, name: e.type.name, icon: e.type.icon });
    const types = await api.encouragements.types.list();
    expect(types.values.map((t) => t.id)).toContain(type.id);
    await expect(api.encouragements.types.get('no-such-type')).rejects.toMatchObject({ kind: 'http', status: 404 });
  });
});

describe('triggers and categories', () => {
  it('triggers.list, triggers.get (E12)', async () => {
    const page = await api.triggers.list({ pageSize: 3 });
    expect(page.values.length).toBeGreaterThan(0);
    const t = page.values[0]!;
    expect(await api.triggers.get(t.id)).toEqual(t);
  });

  it('categories.list, categories.get', async () => {
    const page = await api.categories.list({ pageSize: 100 });
    expect(page.values.some((c) => c.isActive)).toBe(true);
    const c = page.values[0]!;
    expect(await api.categories.get(c.id)).toEqual(c);
  });
});

describe('people', () => {
  it('people.list by role and name, people.get, successNetwork.get (E15)', async () => {
    const advisors = await api.people.list({ role: 'Advisor', pageSize: 5 });
    expect(lastQuery()).toEqual({ role: 'Advisor', pageSize: '5' });
    expect(advisors.values.every((p) => p.role === 'Advisor')).toBe(true);
    const someone = advisors.values[0]!;
    const found = await api.people.list({ q: someone.lastName });
    expect(found.values.map((p) => p.identifier)).toContain(someone.identifier);
    expect(await api.people.get(someone.identifier)).toEqual(someone);
    const network = await api.people.successNetwork.get('S000001');
    expect(network.values.length).toBeGreaterThan(0);
    for (const link of network.values) {
      const member = await api.follow(link.href);
      expect(member.kind).toBe('person');
    }
    await expect(api.people.get('nobody')).rejects.toMatchObject({ kind: 'http', status: 404, operation: 'people.get' });
  });
});

describe('non-cognitive', () => {
  it('administrations.list (E17), get, results, factorScores (E18), factorScore, factor (E19)', async () => {
    const all = await api.noncognitive.administrations.list({ pageSize: 100 });
    let done = false;
    for (const administration of all.values) {
      const results = await api.noncognitive.administrations.results(administration.id, { pageSize: 5 });
      if (results.values.length === 0) continue;
      expect(await api.noncognitive.administrations.get(administration.id)).toEqual(administration);
      const target = api.parseHref(results.values[0]!.href);
      if (target?.kind !== 'factorScores') throw new Error(`unexpected ${JSON.stringify(target)}`);
      const person = target.personIdentifier;

      const mine = await api.noncognitive.administrations.list({ personIdentifier: person });
      expect(lastQuery()).toEqual({ personIdentifier: person });
      expect(mine.values.map((a) => a.id)).toContain(administration.id);

      const scores = await api.noncognitive.factorScores(administration.id, person, { expand: ['factor'] });
      expect(lastQuery()).toEqual({ expand: 'factor' });
      expect(scores.values.length).toBeGreaterThan(0);
      const score = scores.values[0]!;
      expectTypeOf(score.factor).toMatchTypeOf<AssessmentFactor & { href: string }>();
      expect(score.factor.name).toEqual(expect.any(String));

      const factorTarget = api.parseHref(score.factor.href);
      if (factorTarget?.kind !== 'factor') throw new Error('factor href');
      const factor = await api.noncognitive.factor(factorTarget.assessmentId, factorTarget.factorId);
      expect(factor).toMatchObject({ id: score.factor.id, name: score.factor.name });

      const selfTarget = api.parseHref(score.self.href);
      if (selfTarget?.kind !== 'factorScore') throw new Error('factor score href');
      const single = await api.noncognitive.factorScore(administration.id, person, selfTarget.factorId);
      expect(single.score).toBe(score.score);
      done = true;
      break;
    }
    expect(done).toBe(true);
  });

  it('E18 for an unknown administration is an empty list (no 404)', async () => {
    const scores = await api.noncognitive.factorScores(999_999, 'S000001');
    expect(scores.values).toEqual([]);
  });
});

describe('openapi', () => {
  it('returns the OpenAPI document', async () => {
    const doc = await api.openapi();
    expect(doc.openapi).toEqual(expect.stringMatching(/^3\./));
  });
});

describe('hrefs', () => {
  it('every href of a response follows to what it names', async () => {
    const page = await api.alerts.list({ pageSize: 3 });
    const alert = page.values[0]!;
    const hrefs = [alert.self, alert.student, alert.createdBy, alert.comments, alert.categories, page.links.next!, page.links.last];
    const kinds = [];
    for (const { href } of hrefs) {
      expect(api.isOwnHref(href)).toBe(true);
      const followed = await api.follow(href);
      kinds.push(followed.kind);
      if (followed.kind === 'alert') expect(followed.value.id).toBe(alert.id);
      if (followed.kind === 'alerts') expect(followed.value.page).toBeGreaterThan(1);
    }
    expect(kinds).toEqual(['alert', 'person', 'person', 'comments', 'notationCategories', 'alerts', 'alerts']);
  });

  it('every href in expanded responses of every kind is own and follows without error', async () => {
    const hrefs = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (key === 'href' && typeof v === 'string') hrefs.add(v);
          else collect(v);
        }
      }
    };
    collect(await api.updates.list({ pageSize: 2, expand: ['categories', 'comments', 'createdBy', 'student'] }));
    collect(await api.dataInsights.list({ pageSize: 2, expand: ['comments', 'student'] }));
    collect(await api.alerts.list({ pageSize: 2, expand: ['categories', 'comments', 'createdBy', 'student'] }));
    collect(await api.encouragements.list({ pageSize: 2, expand: ['createdBy', 'student', 'type'] }));
    collect(await api.triggers.list({ pageSize: 2 }));
    collect(await api.categories.list({ pageSize: 2 }));
    collect(await api.people.list({ pageSize: 2 }));
    collect(await api.encouragements.types.list({ pageSize: 2 }));
    const administrations = await api.noncognitive.administrations.list({ pageSize: 100 });
    collect(administrations);
    for (const a of administrations.values) {
      const results = await api.noncognitive.administrations.results(a.id, { pageSize: 1 });
      collect(results);
      const first = results.values[0];
      if (first) collect(await api.follow(first.href));
    }
    expect(hrefs.size).toBeGreaterThan(40);
    const kinds = new Set<string>();
    for (const href of hrefs) {
      expect(api.isOwnHref(href), href).toBe(true);
      const followed = await api.follow(href);
      kinds.add(followed.kind);
      if ('invalidCount' in followed.value) expect(followed.value.invalidCount, href).toBe(0);
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['alert', 'comment', 'comments', 'factor', 'factorScore', 'factorScores', 'notationCategories', 'person', 'update']),
    );
  });

  it('resolve turns a parsed href into the right call', async () => {
    const page = await api.updates.list({ pageSize: 1 });
    const target = api.parseHref(page.values[0]!.student.href)!;
    expect(target).toEqual({ kind: 'person', identifier: expect.stringMatching(/^S\d+$/) });
    const person = await api.resolve(target as { kind: 'person'; identifier: string });
    expectTypeOf(person.firstName).toEqualTypeOf<string>();
    expect(person.role).toBe('Student');
    expect(fetch.requests.at(-1)!.url.pathname).toBe(`/api/people/${person.identifier}`);
  });

  it('an href outside the base URL is refused and never fetched', async () => {
    const before = fetch.requests.length;
    for (const href of [
      'javascript:alert(1)',
      'https://evil.example.com/api/people/S000001',
      `${backend.origin}/elsewhere/people/S000001`,
      `${backend.baseUrl}/../people/S000001`,
    ]) {
      expect(api.isOwnHref(href)).toBe(false);
      await expect(api.follow(href)).rejects.toMatchObject({ kind: 'invalid-response', operation: 'follow' });
    }
    expect(fetch.requests.length).toBe(before);
  });
});

describe('partial pages', () => {
  it('an item that fails to parse is left out and counted; the rest of the page comes back', async () => {
    const corrupting = recordingFetch(async (response) => {
      const body = (await response.json()) as { values: Record<string, unknown>[] };
      body.values[1] = { ...body.values[1], status: 'Exploded' };
      delete body.values[3]!.student;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    });
    const corrupt = createApiClient({ baseUrl: backend.baseUrl, subscriptionKey: backend.subscriptionKey, accessToken: backend.token, fetch: corrupting });
    const page = await corrupt.alerts.list({ pageSize: 10 });
    const clean = await api.alerts.list({ pageSize: 10 });
    expect(page.values).toHaveLength(8);
    expect(page.invalidCount).toBe(2);
    expect(page.invalidItems.map((i) => [i.index, i.issues[0]!.path.join('.')])).toEqual([
      [1, 'status'],
      [3, 'student'],
    ]);
    expect(page.values.map((a) => a.id)).toEqual(clean.values.filter((_, i) => i !== 1 && i !== 3).map((a) => a.id));
  });
});

describe('listAll against the backend', () => {
  it('returns every alert of a student in order, as the pages have them', async () => {
    const identifiers = ['S000001', 'S000002', 'S000003', 'S000004', 'S000005', 'S000006'];
    const progress: number[] = [];
    const all = await listAll(api.alerts.list, { identifiers }, { pageSize: 5, concurrency: 3, onProgress: (p) => progress.push(p.loaded) });
    const reference = await api.alerts.list({ identifiers, pageSize: 1000 });
    expect(all.totalValues).toBe(reference.totalValues);
    expect(all.values.map((a) => a.id)).toEqual(reference.values.map((a) => a.id));
    expect(progress.at(-1)).toBe(reference.totalValues);
    expect(all.pages).toBe(Math.ceil(reference.totalValues / 5));
  });

  it('api.alerts.listAll keeps the expand typing', async () => {
    const all = await api.alerts.listAll({ identifiers: ['S000007'], expand: ['student'] }, { pageSize: 2 });
    expectTypeOf(all.values[0]!.student).toEqualTypeOf<ExpandedPerson>();
    expect(all.values.every((a) => a.student.identifier === 'S000007')).toBe(true);
    expect(all.values.length).toBe(all.totalValues);
  });

  it('holds at most `concurrency` requests in flight and stops on abort', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const counting = recordingFetch(undefined, async (input, init) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await globalThis.fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    });
    const counted = createApiClient({ baseUrl: backend.baseUrl, subscriptionKey: backend.subscriptionKey, accessToken: backend.token, fetch: counting });
    const all = await counted.updates.listAll({}, { pageSize: 500, concurrency: 2 });
    expect(all.values.length).toBe(all.totalValues);
    expect(new Set(all.values.map((u) => u.id)).size).toBe(all.totalValues);
    expect(maxInFlight).toBe(2);

    const controller = new AbortController();
    const requestsBefore = counting.requests.length;
    const pending = counted.updates.listAll({}, { pageSize: 100, concurrency: 2, signal: controller.signal, onProgress: () => controller.abort() });
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    const issued = counting.requests.length - requestsBefore;
    expect(issued).toBeLessThanOrEqual(3);
  });
});

describe('token provider', () => {
  it('caches the token and shares one in-flight request among concurrent calls', async () => {
    const counting = recordingFetch();
    const provider = createTokenProvider({
      tokenUrl: `${backend.baseUrl}/oauth2/token`,
      clientId: backend.clientId,
      clientSecret: backend.clientSecret,
      fetch: counting,
    });
    const client = createApiClient({ baseUrl: backend.baseUrl, subscriptionKey: backend.subscriptionKey, accessToken: provider, fetch: counting });
    const pages = await Promise.all(Array.from({ length: 8 }, (_, i) => client.people.list({ page: i + 1, pageSize: 5 })));
    expect(pages.every((p) => p.values.length === 5)).toBe(true);
    expect(counting.requests.filter((r) => r.url.pathname === '/api/oauth2/token')).toHaveLength(1);
    await client.people.list({ pageSize: 1 });
    expect(counting.requests.filter((r) => r.url.pathname === '/api/oauth2/token')).toHaveLength(1);
  });
});

describe('failures against a real socket', () => {
  it('network: a closed port', async () => {
    const closed = await startBackend({ scale: 0.05 });
    const baseUrl = closed.baseUrl;
    await closed.close();
    const e = await rejection(createApiClient({ baseUrl }).people.get('S000001'));
    expect(e).toMatchObject({ kind: 'network', operation: 'people.get' });
  });

  it('timeout and abort are told apart', async () => {
    const slow = recordingFetch(undefined, async (input, init) => {
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, 500);
        init.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          reject(init.signal?.reason);
        });
      });
      return globalThis.fetch(input, init);
    });
    const slowApi = createApiClient({
      baseUrl: backend.baseUrl,
      subscriptionKey: backend.subscriptionKey,
      accessToken: backend.token,
      fetch: slow,
      timeoutMs: 50,
    });
    await expect(slowApi.alerts.list()).rejects.toMatchObject({ kind: 'timeout', operation: 'alerts.list' });
    const controller = new AbortController();
    const pending = slowApi.alerts.list({}, { signal: controller.signal, timeoutMs: 5000 });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', operation: 'alerts.list' });
  });
});
