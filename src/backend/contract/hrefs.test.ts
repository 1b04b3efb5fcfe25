/**
 * Links (decisions §1): every href is absolute under the base URL the request came in on,
 * and every href the server emits resolves with GET.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectHrefs, type J, useBackend } from './helpers.ts';

const ctx = useBackend();

let seeds: string[] = [];

beforeAll(async () => {
  const api = ctx.api;
  const alerts = (await api.ok('/notations/alerts/', { pageSize: 40 })).values as J[];
  const withComment: string[] = [];
  for (const a of alerts) {
    const c = await api.ok(`/notations/alerts/${a.id}/comments`);
    if (c.totalValues > 0) {
      withComment.push(c.values[0].self.href);
      if (withComment.length >= 2) break;
    }
  }
  const adm = (await api.ok('/noncognitives/administrations/', { pageSize: 5 })).values as J[];
  const student = (await api.ok('/people/', { role: 'Student', pageSize: 1 })).values[0].identifier;
  seeds = [
    api.url('/notations/updates/', { pageSize: 3, expand: 'categories,comments,createdBy,student' }),
    api.url('/notations/updates/', { pageSize: 3, page: 2 }),
    api.url('/notations/dataInsights/', { pageSize: 3, expand: 'comments,student' }),
    api.url('/notations/dataInsights/', { pageSize: 3, page: 3 }),
    api.url('/notations/alerts/', { pageSize: 3, expand: 'categories,createdBy,comments,student' }),
    api.url('/notations/alerts/', { pageSize: 3, page: 4 }),
    api.url('/notations/encouragements/', { pageSize: 3, expand: 'createdBy,student,type' }),
    api.url('/notations/encouragements/', { pageSize: 3, page: 2 }),
    api.url('/notations/encouragements/types/'),
    api.url('/notations/categories/', { pageSize: 5 }),
    api.url('/notations/triggers/', { pageSize: 5 }),
    api.url('/noncognitives/administrations/', { pageSize: 5 }),
    api.url('/people/', { pageSize: 3 }),
    api.url(`/people/${student}/successNetwork`),
    ...withComment,
    ...adm.map((a) => a.results.href as string),
  ];
}, 60_000);

const envelopeProblems: string[] = [];

/** Collection envelope arithmetic (service.md "Collection envelope"; decisions §4 links). */
function checkEnvelope(url: string, env: J): string[] {
  const out: string[] = [];
  const { page, pageSize, totalValues, values, links } = env;
  const last = Math.max(1, Math.ceil(totalValues / pageSize));
  const expected = page < last ? pageSize : page === last ? totalValues - (last - 1) * pageSize : 0;
  if (values.length !== expected) out.push(`${url}: ${values.length} values on page ${page}/${last} (pageSize ${pageSize}, total ${totalValues})`);
  const pg = (h: string): number => Number(new URL(h).searchParams.get('page') ?? '1');
  if (!links?.first || pg(links.first.href) !== 1) out.push(`${url}: links.first`);
  if (!links?.last || pg(links.last.href) !== last) out.push(`${url}: links.last`);
  if (page < last !== Boolean(links?.next)) out.push(`${url}: links.next presence`);
  if (links?.next && pg(links.next.href) !== page + 1) out.push(`${url}: links.next page`);
  if (page <= last && page > 1 !== Boolean(links?.previous)) out.push(`${url}: links.previous presence`);
  return out;
}

async function crawl(start: string[], maxRequests: number): Promise<{ visited: Map<string, number>; foreign: string[] }> {
  const visited = new Map<string, number>();
  const foreign: string[] = [];
  let frontier = [...new Set(start)];
  for (let depth = 0; depth < 3 && frontier.length > 0 && visited.size < maxRequests; depth++) {
    const next = new Set<string>();
    const batch = frontier.filter((u) => !visited.has(u)).slice(0, maxRequests - visited.size);
    for (let i = 0; i < batch.length; i += 12) {
      const chunk = batch.slice(i, i + 12);
      const results = await Promise.all(chunk.map((u) => ctx.api.get(u)));
      results.forEach((r, k) => {
        const u = chunk[k]!;
        visited.set(u, r.status);
        if (r.status !== 200 || !r.body) return;
        if (r.body && Array.isArray(r.body.values) && typeof r.body.totalValues === 'number') envelopeProblems.push(...checkEnvelope(u, r.body));
        for (const h of collectHrefs(r.body)) {
          if (!h.startsWith(ctx.b.baseUrl + '/')) foreign.push(`${h} (in ${u})`);
          else if (!visited.has(h)) next.add(h);
        }
      });
    }
    frontier = [...next];
  }
  return { visited, foreign };
}

describe('every emitted href resolves with GET (decisions §1)', () => {
  it('crawl from a sample of responses: all hrefs absolute under the base URL, all GET 200', async () => {
    const { visited, foreign } = await crawl(seeds, 500);
    expect(foreign, 'hrefs outside the base URL').toEqual([]);
    expect(envelopeProblems, 'envelopes whose arithmetic or links are off').toEqual([]);
    const failures = [...visited].filter(([, s]) => s !== 200).map(([u, s]) => `${s} ${u}`);
    expect(failures, 'hrefs that did not answer 200').toEqual([]);
    expect(visited.size).toBeGreaterThan(100);
    // the crawl reached each kind of resource
    const all = [...visited.keys()].join('\n');
    for (const part of [
      '/notations/updates/',
      '/notations/dataInsights/',
      '/notations/alerts/',
      '/notations/encouragements/',
      '/notations/encouragements/types/',
      '/notations/categories/',
      '/notations/triggers/',
      '/people/',
      '/successNetwork',
      '/noncognitives/administrations/',
      '/factors',
      '/comments',
    ]) {
      expect(all, `crawl visited something under ${part}`).toContain(part);
    }
  }, 45_000);

  it('a single resource’s self answers the same representation', async () => {
    const env = await ctx.api.ok('/notations/alerts/', { pageSize: 5 });
    for (const a of env.values) expect(await ctx.api.ok(a.self.href)).toEqual(a);
    const people = await ctx.api.ok('/people/', { pageSize: 5 });
    for (const p of people.values) expect(await ctx.api.ok(p.self.href)).toEqual(p);
  });
});

describe('hrefs follow the base URL the request came in on (decisions §1)', () => {
  function getWithHost(path: string, host: string): Promise<{ status: number; body: J }> {
    const u = new URL(ctx.b.baseUrl + path);
    return new Promise((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'GET', headers: { ...ctx.b.headers, Host: host } }, (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) });
          } catch (e) {
            reject(e);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('with another Host header, every href uses that host', async () => {
    const r = await getWithHost('/notations/updates/?pageSize=2&expand=student', 'dashboard.example:8443');
    expect(r.status).toBe(200);
    const hrefs = [...collectHrefs(r.body)];
    expect(hrefs.length).toBeGreaterThan(5);
    for (const h of hrefs) expect(h.startsWith('http://dashboard.example:8443/api/'), h).toBe(true);
  });

  it('people are linked as {base}/people/{identifier}, URL-encoded', async () => {
    const env = await ctx.api.ok('/people/', { pageSize: 20 });
    for (const p of env.values) expect(p.self.href).toBe(`${ctx.b.baseUrl}/people/${encodeURIComponent(p.identifier)}`);
  });
});
