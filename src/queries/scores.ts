import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, Id } from '../api/client.ts';
import type { ExpandName } from '../api/expand.ts';
import type { FactorResultExpansions } from '../api/schemas/index.ts';
import type { AdministrationListParams, PageParams } from '../api/params.ts';
import { expandKey } from './keys.ts';

/**
 * Non-cognitive administrations and scores (E17–E19; the administration extensions). Read only.
 *
 *     ['noncognitive']
 *     ['noncognitive', 'administrations', 'list', { personIdentifier?, page?, pageSize? }]   E17
 *     ['noncognitive', 'administrations', 'detail', id]
 *     ['noncognitive', 'administrations', 'results', id, paging]
 *     ['noncognitive', 'factorScores', administrationId, personIdentifier, { expand? }]     E18
 *     ['noncognitive', 'factorScore', administrationId, personIdentifier, factorId, { expand? }]
 *     ['noncognitive', 'factors', assessmentId, factorId]                                  E19
 */

type FactorResultExpand = ExpandName<typeof FactorResultExpansions>;

/** Assessment factors are part of an assessment's definition: 1 hour. */
export const FACTOR_STALE_TIME = 60 * 60_000;

const all = ['noncognitive'] as const;
const paging = (params: PageParams) => ({ page: params.page, pageSize: params.pageSize });

export const scoreKeys = {
  all,
  administrations: () => [...all, 'administrations'] as const,
  administrationLists: () => [...all, 'administrations', 'list'] as const,
  administrationList: (params: AdministrationListParams = {}) =>
    [...all, 'administrations', 'list', { personIdentifier: params.personIdentifier, ...paging(params) }] as const,
  administration: (id: Id) => [...all, 'administrations', 'detail', String(id)] as const,
  results: (id: Id) => [...all, 'administrations', 'results', String(id)] as const,
  /** Every variant (`expand`) of one respondent's scores in one administration. */
  factorScores: (administrationId: Id, personIdentifier: string) => [...all, 'factorScores', String(administrationId), personIdentifier] as const,
  factorScore: (administrationId: Id, personIdentifier: string, factorId: Id) =>
    [...all, 'factorScore', String(administrationId), personIdentifier, String(factorId)] as const,
  factor: (assessmentId: Id, factorId: Id) => [...all, 'factors', String(assessmentId), String(factorId)] as const,
};

const PROFILE_EXPAND = ['factor'] as const;

export const scoreQueries = {
  all: scoreKeys.all,
  /** E17; `personIdentifier`: the administrations in which that person is a respondent. */
  administrations: (api: ApiClient, params: AdministrationListParams = {}) =>
    queryOptions({
      queryKey: scoreKeys.administrationList(params),
      queryFn: ({ signal }) => api.noncognitive.administrations.list(params, { signal }),
    }),
  administration: (api: ApiClient, id: Id) =>
    queryOptions({
      queryKey: scoreKeys.administration(id),
      queryFn: ({ signal }) => api.noncognitive.administrations.get(id, { signal }),
    }),
  /** Links to each respondent's factor scores. */
  results: (api: ApiClient, id: Id, params: PageParams = {}) =>
    queryOptions({
      queryKey: [...scoreKeys.results(id), paging(params)] as const,
      queryFn: ({ signal }) => api.noncognitive.administrations.results(id, params, { signal }),
    }),
  /** E18 (`expand: ['factor']` adds each factor's name and description). */
  factorScores: <const E extends FactorResultExpand = never>(api: ApiClient, administrationId: Id, personIdentifier: string, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...scoreKeys.factorScores(administrationId, personIdentifier), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.noncognitive.factorScores<E>(administrationId, personIdentifier, expand ? { expand } : {}, { signal }),
    }),
  /** A profile's scores of one administration: E18 with each factor's name (the profile and its route's prefetch ask the same). */
  profileScores: (api: ApiClient, administrationId: Id, personIdentifier: string) =>
    scoreQueries.factorScores(api, administrationId, personIdentifier, PROFILE_EXPAND),
  factorScore: <const E extends FactorResultExpand = never>(
    api: ApiClient,
    administrationId: Id,
    personIdentifier: string,
    factorId: Id,
    expand?: readonly E[],
  ) =>
    queryOptions({
      queryKey: [...scoreKeys.factorScore(administrationId, personIdentifier, factorId), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.noncognitive.factorScore<E>(administrationId, personIdentifier, factorId, expand ? { expand } : {}, { signal }),
    }),
  /** E19 (1 hour fresh). */
  factor: (api: ApiClient, assessmentId: Id, factorId: Id) =>
    queryOptions({
      queryKey: scoreKeys.factor(assessmentId, factorId),
      queryFn: ({ signal }) => api.noncognitive.factor(assessmentId, factorId, { signal }),
      staleTime: FACTOR_STALE_TIME,
      gcTime: FACTOR_STALE_TIME,
    }),
};
