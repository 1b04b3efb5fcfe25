import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../api/http.ts';
import { createQueryClient } from './query-client.ts';
import { summarizeCohort } from '../features/scores/cohort-figures.ts';
import { testApi } from '../testing/render-app.tsx';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { cohortProgress, cohortQueries, FALLBACK_CONCURRENCY, loadCohort, loadNames } from './cohort.ts';

const { api, backend } = setupTestBackend();

/** A client whose upstream has neither extension (a real service): both answer 404. */
function withoutExtensions() {
  let inFlight = 0;
  let maxInFlight = 0;
  let e18 = 0;
  const fetchImpl: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    const extension =
      (url.pathname.endsWith('/results') && url.searchParams.has('expand')) || (url.pathname.endsWith('/people/') && url.searchParams.has('identifiers'));
    if (extension) {
      return new Response(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such operation.' }), {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
    const isE18 = url.pathname.endsWith('/factors') && url.pathname.includes('/results/');
    if (isE18) {
      e18++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
    }
    try {
      return await fetch(input, init);
    } finally {
      if (isE18) inFlight--;
    }
  };
  return { api: testApi(backend(), fetchImpl), stats: () => ({ maxInFlight, e18 }) };
}

async function largestAdministration(): Promise<{ id: number; total: number }> {
  const list = await api().noncognitive.administrations.list({ pageSize: 1000 });
  let best = { id: 0, total: -1 };
  for (const a of list.values) {
    const { totalValues } = await api().noncognitive.administrations.results(a.id, { pageSize: 1 });
    if (totalValues > best.total) best = { id: a.id, total: totalValues };
  }
  return best;
}

describe('loading a cohort', () => {
  it('with the results extension and through E18 six at a time gives the same cohort and figures', async () => {
    const { id, total } = await largestAdministration();
    expect(total).toBeGreaterThan(100);
    const withExtension = await loadCohort(api(), createQueryClient(), id, new AbortController().signal);
    expect(withExtension.source).toBe('extension');
    expect(withExtension.respondents).toHaveLength(total);
    expect(withExtension.totalRespondents).toBe(total);
    expect(withExtension.factors.length).toBeGreaterThan(3);
    expect(withExtension.factors.every((f) => f.name && !f.name.startsWith('Factor ') && f.description)).toBe(true);

    const upstream = withoutExtensions();
    const seen: number[] = [];
    const off = cohortProgress.subscribe(() => {
      const p = cohortProgress.get(id);
      if (p) seen.push(p.loaded);
    });
    const viaFallback = await loadCohort(upstream.api, createQueryClient(), id, new AbortController().signal);
    off();
    expect(viaFallback.source).toBe('fallback');
    expect(upstream.stats().e18).toBe(total);
    expect(upstream.stats().maxInFlight).toBeLessThanOrEqual(FALLBACK_CONCURRENCY);
    expect(upstream.stats().maxInFlight).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(total);
    expect(viaFallback.respondents).toEqual(withExtension.respondents);
    expect(viaFallback.factors).toEqual(withExtension.factors);
    expect(summarizeCohort(viaFallback, false)).toEqual(summarizeCohort(withExtension, false));
    expect(cohortProgress.get(id)).toBeUndefined();
  });

  it('asks for every page of the extension at once: the later pages go out before the first has answered', async () => {
    const { id, total } = await largestAdministration();
    // Five pages or more: more than any fixed number asked for before the first answer.
    const pageSize = Math.floor(total / 5);
    const pages = Math.ceil(total / pageSize);
    expect(pages).toBeGreaterThanOrEqual(5);
    const asked: number[] = [];
    const askedBeforeFirst: number[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const fetchImpl: FetchLike = async (input, init) => {
      const url = new URL(String(input));
      if (url.searchParams.has('expand')) {
        const page = Number(url.searchParams.get('page') ?? '1');
        asked.push(page);
        if (asked.filter((p) => p > 1).length === pages - 1) releaseFirst();
        // The first page is held until every other page has been asked for (or 3 s: then the test fails below).
        if (page === 1) {
          await Promise.race([firstHeld, new Promise((resolve) => setTimeout(resolve, 3000))]);
          askedBeforeFirst.push(...asked);
        }
      }
      return fetch(input, init);
    };
    const cohort = await loadCohort(testApi(backend(), fetchImpl), createQueryClient(), id, new AbortController().signal, pageSize);
    expect([...askedBeforeFirst].sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(asked.filter((p) => p === 1)).toHaveLength(1);
    expect(cohort.respondents).toHaveLength(total);
    expect(new Set(cohort.respondents.map((r) => r.person)).size).toBe(total);
    const whole = await loadCohort(api(), createQueryClient(), id, new AbortController().signal);
    expect(cohort.respondents).toEqual(whole.respondents);
  });

  it('an administration without respondents is an empty cohort, not an error', async () => {
    const list = await api().noncognitive.administrations.list({ pageSize: 1000 });
    let empty: number | undefined;
    for (const a of list.values) {
      if ((await api().noncognitive.administrations.results(a.id, { pageSize: 1 })).totalValues === 0) empty = a.id;
    }
    expect(empty).toBeDefined();
    const cohort = await loadCohort(api(), createQueryClient(), empty!, new AbortController().signal);
    expect(cohort).toMatchObject({ respondents: [], factors: [], totalRespondents: 0, invalidCount: 0 });
  });

  it('an unknown administration fails with the service’s 404 (the page says not found)', async () => {
    await expect(loadCohort(api(), createQueryClient(), 999_999, new AbortController().signal)).rejects.toMatchObject({ status: 404 });
  });
});

describe('names', () => {
  it('come a thousand at a time from the people extension, only those asked', async () => {
    const names = await loadNames(api(), ['S000001', 'S000002', 'NOBODY'], new AbortController().signal);
    expect(names.supported).toBe(true);
    expect(Object.keys(names.names).sort()).toEqual(['S000001', 'S000002']);
    const person = await api().people.get('S000001');
    expect(names.names.S000001).toEqual({ firstName: person.firstName, lastName: person.lastName });
  });

  it('say "not supported" when the upstream answers 404, so the page asks per visible row', async () => {
    const names = await loadNames(withoutExtensions().api, ['S000001'], new AbortController().signal);
    expect(names).toEqual({ supported: false, names: {} });
  });
});

describe('the assessment of an administration', () => {
  it('comes from its first respondent’s scores; null without respondents', async () => {
    const { id } = await largestAdministration();
    const client = createQueryClient();
    const assessment = await client.fetchQuery(cohortQueries.assessment(api(), id));
    const cohort = await loadCohort(api(), client, id, new AbortController().signal);
    expect(String(assessment)).toBe(cohort.factors[0]!.assessmentId);
  });
});
