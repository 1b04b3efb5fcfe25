import { describe, expect, it } from 'vitest';
import { recordingFetch } from '../api/test-support.ts';
import { createQueryClient } from './query-client.ts';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { FACTOR_STALE_TIME, scoreKeys, scoreQueries } from './scores.ts';

const fetch = recordingFetch();
const { api } = setupTestBackend({ fetch });

const STUDENT = 'S000123';

describe('score keys', () => {
  it('go general → specific under one root', () => {
    expect(scoreQueries.administrations(api(), { personIdentifier: STUDENT }).queryKey).toEqual([
      'noncognitive',
      'administrations',
      'list',
      { personIdentifier: STUDENT },
    ]);
    expect(scoreQueries.administration(api(), 7).queryKey).toEqual(['noncognitive', 'administrations', 'detail', '7']);
    expect(scoreQueries.results(api(), 7, { pageSize: 10 }).queryKey).toEqual(['noncognitive', 'administrations', 'results', '7', { pageSize: 10 }]);
    expect(scoreQueries.factorScores(api(), 7, STUDENT, ['factor']).queryKey).toEqual(['noncognitive', 'factorScores', '7', STUDENT, { expand: ['factor'] }]);
    expect(scoreQueries.factorScore(api(), 7, STUDENT, 3).queryKey).toEqual(['noncognitive', 'factorScore', '7', STUDENT, '3', {}]);
    expect(scoreQueries.factor(api(), 2, 3).queryKey).toEqual(['noncognitive', 'factors', '2', '3']);
    expect(scoreQueries.factorScores(api(), 7, STUDENT).queryKey.slice(0, 4)).toEqual(scoreKeys.factorScores(7, STUDENT));
  });
});

describe('score reads', () => {
  it('administrations of a respondent (E17), one administration, its results', async () => {
    const queryClient = createQueryClient();
    const mine = await queryClient.fetchQuery(scoreQueries.administrations(api(), { personIdentifier: STUDENT }));
    expect(mine.values.length).toBeGreaterThan(0);
    expect(fetch.requests.at(-1)!.url.searchParams.get('personIdentifier')).toBe(STUDENT);
    const first = mine.values[0]!;
    expect(await queryClient.fetchQuery(scoreQueries.administration(api(), first.id))).toEqual(first);
    const results = await queryClient.fetchQuery(scoreQueries.results(api(), first.id, { pageSize: 1000 }));
    const respondents = results.values.map((link) => api().parseHref(link.href));
    expect(respondents).toContainEqual({ kind: 'factorScores', administrationId: first.id, personIdentifier: STUDENT, query: {} });
  });

  it('factor scores (E18, expand factor), one factor score, and the factor (E19, fresh for an hour)', async () => {
    const queryClient = createQueryClient();
    const [administration] = (await api().noncognitive.administrations.list({ personIdentifier: STUDENT })).values;
    const scores = await queryClient.fetchQuery(scoreQueries.factorScores(api(), administration!.id, STUDENT, ['factor']));
    expect(scores.values.length).toBeGreaterThan(0);
    const first = scores.values[0]!;
    expect(first.factor.name).not.toBe('');

    const target = api().parseHref(first.self.href);
    if (target?.kind !== 'factorScore') throw new Error(`unexpected ${target?.kind}`);
    const one = await queryClient.fetchQuery(scoreQueries.factorScore(api(), administration!.id, STUDENT, target.factorId));
    expect(one).toMatchObject({ score: first.score, validityConcern: first.validityConcern, factor: { href: first.factor.href } });

    const factorTarget = api().parseHref(first.factor.href);
    if (factorTarget?.kind !== 'factor') throw new Error(`unexpected ${factorTarget?.kind}`);
    const factor = scoreQueries.factor(api(), factorTarget.assessmentId, factorTarget.factorId);
    expect(factor.staleTime).toBe(FACTOR_STALE_TIME);
    expect(FACTOR_STALE_TIME).toBeGreaterThanOrEqual(60 * 60_000);
    expect(await queryClient.fetchQuery(factor)).toMatchObject({ id: first.factor.id, name: first.factor.name, description: first.factor.description });
    const sent = fetch.requests.length;
    await queryClient.fetchQuery(factor);
    expect(fetch.requests.length).toBe(sent);
  });
});
