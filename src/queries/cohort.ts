import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, Id } from '../api/client.ts';
import type { Page } from '../api/http.ts';
import { listAll } from '../api/paging.ts';
import { mapPool } from '../lib/pool.ts';
import { createProgressStore } from './progress-store.ts';
import type { FactorResult, Link } from '../api/schemas/index.ts';
import { columnsCollector, type CohortColumns } from './cohort-pages.ts';
import { runListJob, warmListWorker } from './run-list-job.ts';
import { scoreKeys, scoreQueries } from './scores.ts';
import { isMissingExtension, peopleByIdentifiers } from './people.ts';

/**
 * A whole cohort: every respondent of one administration with every factor score, in as few
 * requests as the upstream allows.
 *
 * - With the results extension (`GET …/results?expand=factors`, decisions §9): up to 1000
 *   respondents a request, pages after the first in parallel.
 * - Without it (a real upstream answers 400 or 404): the links to each respondent's scores, then
 *   E18 per respondent, at most 6 at a time, with progress.
 *
 * Factor names and descriptions come from E19 (one request per factor, cached for an hour).
 *
 *     ['noncognitive', 'administrations', 'cohort', id]
 */

/** A respondent's score on one factor (the shape the cohort's figures read). */
export interface CohortScore {
  score: number;
  validityConcern: boolean;
}

export interface CohortFactor {
  /** The factor's name: the key of `scores`, and what two administrations are compared by. */
  name: string;
  factorId: string;
  assessmentId: string;
  description: string | undefined;
}

export interface CohortRespondent {
  person: string;
  /** By factor name. */
  scores: Record<string, CohortScore>;
  /** Any of the respondent's scores has a validity concern. */
  flagged: boolean;
}

export interface Cohort {
  administrationId: number;
  /** By factor id, as E18 orders them. */
  factors: CohortFactor[];
  /** By identifier, as the results list orders them. */
  respondents: CohortRespondent[];
  /** Respondents the service counts (the results list's total). */
  totalRespondents: number;
  /** Items that did not match the contract and are left out (links, respondents, scores). */
  invalidCount: number;
  /** How it was loaded: the results extension or E18 per respondent. */
  source: 'extension' | 'fallback';
}

export interface CohortProgress {
  loaded: number;
  total: number;
  source: 'extension' | 'fallback';
}

/** E18 calls in flight at once on the fallback path. */
export const FALLBACK_CONCURRENCY = 6;

/**
 * How often the page hears of progress at most. The fallback answers thousands of times, and each
 * notice re-rendered the page: 3,000 renders cost more main-thread time than the parsing. The first
 * notice and the end are told at once; a notice held back is told before the end.
 */
const PROGRESS_EVERY_MS = 250;

/**
 * Progress of the cohorts loading now, by administration id: the query function writes it, the
 * page reads it (`useSyncExternalStore`), so that "Loaded 412 of 3,021 respondents" follows the load.
 */
export const cohortProgress = createProgressStore<CohortProgress>({ throttleMs: PROGRESS_EVERY_MS });

const COHORT_PAGE_SIZE = 1000;

/** Called with each respondent's results as they arrive: the factors they name are looked up at once. */
type SeeResults = (results: readonly FactorResult[]) => void;

type ScoresPage = Page<FactorResult>;

/** The first respondent's E18, asked early for the factors' names; the fallback uses it rather than ask twice. */
interface Early {
  first?: { person: string; scores: Promise<ScoresPage> };
}

/**
 * Every page of the results extension at once, downloaded and parsed in the list worker
 * (src/queries/cohort-pages.ts). The cohort's size (the plain results list at `pageSize=1`: a
 * count and the first respondent's link, a few hundred bytes) is asked first, then the first
 * respondent's scores (for the factors' names) and every page together. (Asked beside page 1, the
 * count waited on the server behind page 1's megabytes, and the other pages behind the count.) If
 * the size cannot be had, the first page's total tells it (later).
 */
async function viaExtension(
  api: ApiClient,
  id: number,
  signal: AbortSignal,
  see: SeeResults,
  early: Early,
  pageSize = COHORT_PAGE_SIZE,
): Promise<CohortColumns> {
  warmListWorker();
  const sizeAnswer = await api.noncognitive.administrations.results(id, { pageSize: 1 }, { signal }).catch(() => undefined);
  // The factors' names (E19) asked from the first respondent's scores (E18, a few hundred bytes),
  // asked before the pages: not after the first page's megabyte has arrived and been read.
  const firstTarget = sizeAnswer?.values[0] ? api.parseHref(sizeAnswer.values[0].href) : null;
  if (firstTarget?.kind === 'factorScores') {
    const scores = api.noncognitive.factorScores(id, firstTarget.personIdentifier, {}, { signal });
    scores.then(
      (answer) => see(answer.values),
      () => undefined,
    );
    early.first = { person: firstTarget.personIdentifier, scores };
  }
  return runListJob(
    api,
    'cohortPages',
    { administrationId: id, pageSize, ...(sizeAnswer ? { knownTotal: sizeAnswer.totalValues } : {}) },
    { signal, onProgress: (progress) => cohortProgress.set(id, { ...progress, source: 'extension' }) },
  );
}

async function viaFallback(api: ApiClient, id: number, signal: AbortSignal, see: SeeResults, early: Early): Promise<CohortColumns> {
  const links = await listAll((params, options) => api.noncognitive.administrations.results(id, params, options), {}, { signal, pageSize: 1000 });
  let invalid = links.invalidCount;
  const people: string[] = [];
  for (const link of links.values as Link[]) {
    const target = api.parseHref(link.href);
    if (target?.kind === 'factorScores') people.push(target.personIdentifier);
    else invalid++;
  }
  let loaded = 0;
  cohortProgress.set(id, { loaded, total: people.length, source: 'fallback' });
  // The first respondent's scores asked while the extension was tried: settled before the six
  // start (so never a seventh in flight), and used if they came.
  const first = early.first;
  const firstScores = first ? await first.scores.catch(() => undefined) : undefined;
  const pages = await mapPool(
    people,
    FALLBACK_CONCURRENCY,
    async (person) => {
      const page = (person === first?.person ? firstScores : undefined) ?? (await api.noncognitive.factorScores(id, person, {}, { signal }));
      see(page.values);
      invalid += page.invalidCount;
      loaded++;
      cohortProgress.set(id, { loaded, total: people.length, source: 'fallback' });
      return page.values;
    },
    { signal },
  );
  const columns = columnsCollector();
  people.forEach((person, i) => columns.add(person, pages[i]!));
  return columns.done(links.totalValues, invalid);
}

/**
 * Loads a cohort (see the module's comment); `queryClient` caches the factors' E19 answers.
 * `extensionPageSize`: respondents a page of the results extension (1000, its most; tests ask for less).
 */
export async function loadCohort(
  api: ApiClient,
  queryClient: QueryClient,
  administrationId: number,
  signal: AbortSignal,
  extensionPageSize = COHORT_PAGE_SIZE,
): Promise<Cohort> {
  // The factors, by href, named by E19 (a factor E19 does not know keeps its id as its name). Asked
  // as soon as the first page names them, while the other pages load, not after the last one:
  // that wait was a round trip between the last page and the histograms.
  const factorLookups = new Map<string, Promise<CohortFactor>>();
  const lookUp = (href: string) => {
    if (factorLookups.has(href)) return;
    const target = api.parseHref(href);
    if (target?.kind !== 'factor') return;
    const { assessmentId, factorId } = target;
    factorLookups.set(
      href,
      queryClient
        .fetchQuery(scoreQueries.factor(api, assessmentId, factorId))
        .catch(() => undefined)
        .then((factor) => ({ name: factor?.name ?? `Factor ${factorId}`, factorId, assessmentId, description: factor?.description })),
    );
  };
  const see: SeeResults = (results) => results.forEach((result) => lookUp(result.factor.href));
  const early: Early = {};
  let loaded: CohortColumns | undefined;
  let source: Cohort['source'] = 'extension';
  try {
    try {
      loaded = await viaExtension(api, administrationId, signal, see, early, extensionPageSize);
      // An upstream that ignores `expand` answers bare links, which do not read as expanded ones.
      if (loaded.people.length === 0 && loaded.invalid > 0) loaded = undefined;
    } catch (error) {
      if (!isMissingExtension(error)) throw error;
    }
    if (!loaded) {
      source = 'fallback';
      loaded = await viaFallback(api, administrationId, signal, see, early);
    }
  } finally {
    cohortProgress.set(administrationId, undefined);
  }
  return assemble(administrationId, loaded, source, factorLookups, lookUp);
}

/**
 * The cohort from its columns: each factor named (E19, looked up as the scores came; any the
 * columns name that were not seen yet, now), each respondent's scores by factor name.
 */
async function assemble(
  administrationId: number,
  columns: CohortColumns,
  source: Cohort['source'],
  factorLookups: Map<string, Promise<CohortFactor>>,
  lookUp: (href: string) => void,
): Promise<Cohort> {
  columns.factorHrefs.forEach(lookUp);
  // By the columns' factor index: undefined for an href that names no factor.
  const byIndex = await Promise.all(columns.factorHrefs.map((href) => factorLookups.get(href)));
  const factors = [...new Set(byIndex.filter((factor) => factor !== undefined))].sort(
    (a, b) => Number(a.factorId) - Number(b.factorId) || a.factorId.localeCompare(b.factorId),
  );
  let invalid = columns.invalid;
  let at = 0;
  const respondents: CohortRespondent[] = columns.people.map((person, i) => {
    const scores: Record<string, CohortScore> = {};
    let flagged = false;
    for (const end = at + columns.counts[i]!; at < end; at++) {
      const factor = byIndex[columns.factors[at]!];
      if (!factor) {
        invalid++;
        continue;
      }
      const validityConcern = columns.concerns[at] === 1;
      scores[factor.name] = { score: columns.scores[at]!, validityConcern };
      flagged ||= validityConcern;
    }
    return { person, scores, flagged };
  });
  return { administrationId, factors, respondents, totalRespondents: columns.total, invalidCount: invalid, source };
}

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** Names of many people at once (see `peopleByIdentifiers`), as the roster shows them. */
export async function loadNames(
  api: ApiClient,
  identifiers: readonly string[],
  signal: AbortSignal,
): Promise<{ supported: boolean; names: Record<string, PersonName> }> {
  const { supported, people } = await peopleByIdentifiers(api, identifiers, signal);
  const names: Record<string, PersonName> = {};
  for (const [identifier, { firstName, lastName }] of people) names[identifier] = { firstName, lastName };
  return { supported, names };
}

export const cohortKeys = {
  cohort: (id: Id) => [...scoreKeys.administrations(), 'cohort', String(id)] as const,
  respondentCount: (id: Id) => [...scoreKeys.results(id), 'count'] as const,
  assessment: (id: Id) => [...scoreKeys.results(id), 'assessment'] as const,
  allAdministrations: (personIdentifier: string | undefined) => [...scoreKeys.administrationLists(), 'all', { personIdentifier }] as const,
};

export const cohortQueries = {
  /** The whole cohort of an administration (see `loadCohort`); a cohort changes rarely: 5 minutes. */
  cohort: (api: ApiClient, id: number) =>
    // The app's one client is not part of what the data is (the scores' own factories key without it too).

    queryOptions({
      queryKey: cohortKeys.cohort(id),
      queryFn: ({ signal, client }) => loadCohort(api, client, id, signal),
      staleTime: 5 * 60_000,
    }),
  /** Every respondent's name (see `loadNames`), once the cohort is in (enable it then). */
  names: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...cohortKeys.cohort(id), 'names'] as const,
      queryFn: ({ signal, client }) => {
        const cohort = client.getQueryData<Cohort>(cohortKeys.cohort(id));
        return loadNames(api, cohort?.respondents.map((r) => r.person) ?? [], signal);
      },
      staleTime: 5 * 60_000,
    }),
  /** How many respondents an administration has (the results list's `totalValues`). */
  respondentCount: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: cohortKeys.respondentCount(id),
      queryFn: async ({ signal }) => (await api.noncognitive.administrations.results(id, { pageSize: 1 }, { signal })).totalValues,
      staleTime: 5 * 60_000,
    }),
  /**
   * Which assessment an administration is of: the administration does not say, its scores do
   * (`assessmentId` of its first respondent's first score); null when no one responded.
   */
  assessment: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: cohortKeys.assessment(id),
      queryFn: async ({ signal }): Promise<number | null> => {
        const first = await api.noncognitive.administrations.results(id, { pageSize: 1 }, { signal });
        const target = first.values[0] ? api.parseHref(first.values[0].href) : null;
        if (target?.kind !== 'factorScores') return null;
        const scores = await api.noncognitive.factorScores(id, target.personIdentifier, {}, { signal });
        return scores.values[0]?.assessmentId ?? null;
      },
      staleTime: 60 * 60_000,
    }),
  /** Every administration (E17, all pages), optionally those a person responded to; newest first. */
  allAdministrations: (api: ApiClient, personIdentifier?: string) =>
    queryOptions({
      queryKey: cohortKeys.allAdministrations(personIdentifier),
      queryFn: ({ signal }) =>
        listAll((params, options) => api.noncognitive.administrations.list({ ...params, personIdentifier }, options), {}, { signal, pageSize: 1000 }),
      staleTime: 5 * 60_000,
    }),
};
