import { describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { recordingFetch } from '../api/test-support.ts';
import { createQueryClient } from '../queries/query-client.ts';
import { testApi } from '../testing/render-app.tsx';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { startEarly } from './early-start.ts';
import { matchRoute } from './route-table.ts';

const fetch = recordingFetch();
const { backend } = setupTestBackend({ fetch });

/** Starts early for `path` on the real backend; returns the API paths asked for and the cache. */
async function start(path: string): Promise<{ asked: string[]; queryClient: QueryClient }> {
  fetch.requests.length = 0;
  const queryClient = createQueryClient();
  await startEarly({ queryClient, api: testApi(backend(), fetch) }, new URL(path, 'https://dashboard.example'));
  return { asked: fetch.requests.map((r) => r.url.pathname.replace(/^\/api/, '')), queryClient };
}

const sessionAsked = (queryClient: QueryClient) => queryClient.getQueryCache().find({ queryKey: ['session', 'current'] }) !== undefined;

describe('matchRoute', () => {
  it('finds the page and its decoded parameters', () => {
    expect(matchRoute('/scores/6')).toMatchObject({ route: { path: '/scores/:administrationId' }, params: { administrationId: '6' } });
    expect(matchRoute('/scores/6/S%20001/')).toMatchObject({
      route: { path: '/scores/:administrationId/:person' },
      params: { administrationId: '6', person: 'S 001' },
    });
    expect(matchRoute('/students')?.route.path).toBe('/students');
  });

  it('finds the home at `/`, and nothing for an unknown path or a malformed escape', () => {
    expect(matchRoute('/')?.route.path).toBe('/');
    expect(matchRoute('/nowhere/at/all')).toBeUndefined();
    expect(matchRoute('/students/%E0')).toBeUndefined();
  });
});

describe('startEarly', () => {
  it("asks for a cohort's administration and its results before the app's UI code runs", async () => {
    const { asked, queryClient } = await start('/scores/1');
    expect(sessionAsked(queryClient)).toBe(true);
    expect(asked).toContain('/noncognitives/administrations/1');
    expect(asked.some((path) => path === '/noncognitives/administrations/1/results')).toBe(true);
  });

  it("asks for a student's record and timeline lists, for the URL's range", async () => {
    const { asked } = await start('/students/S000001?from=2025-06-01&to=2026-06-01');
    expect(asked).toEqual(expect.arrayContaining(['/people/S000001']));
    const timeline = fetch.requests.filter((r) => /^\/api\/notations\/(updates|alerts|dataInsights)\/$/.test(r.url.pathname));
    expect(timeline.map((r) => r.url.pathname.split('/')[3]).sort()).toEqual(['alerts', 'dataInsights', 'updates']);
    expect(timeline.every((r) => r.url.searchParams.get('identifiers') === 'S000001' && r.url.searchParams.get('createdOnEnd') === '2026-06-01')).toBe(true);
  });

  it('asks only who is signed in on a page without a prefetch, and nothing on the sign-in page', async () => {
    const students = await start('/students');
    expect(students.asked).toEqual([]);
    expect(sessionAsked(students.queryClient)).toBe(true);
    const unknown = await start('/nowhere');
    expect(sessionAsked(unknown.queryClient)).toBe(true);
    const signIn = await start('/sign-in?returnTo=%2Falerts');
    expect(signIn.asked).toEqual([]);
    expect(sessionAsked(signIn.queryClient)).toBe(false);
  });

  it('never rejects on a URL its page would refuse', async () => {
    await expect(start('/scores/not-a-number')).resolves.toMatchObject({ asked: [] });
    await expect(start('/students/%E0')).resolves.toMatchObject({ asked: [] });
  });
});
