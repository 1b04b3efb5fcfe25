import type { ApiClient } from '../api/client.ts';
import type { FactorResult } from '../api/schemas/index.ts';
import type { JobEvents } from './list-jobs.ts';

/**
 * A cohort's respondents and their scores in a few flat arrays (the shape both ways of loading a
 * cohort collect into: src/queries/cohort.ts). From the list worker it crosses to the page as a
 * handful of buffers, not as forty thousand objects to clone.
 */
export interface CohortColumns {
  /** The respondents, in the order the results list gives them. */
  people: string[];
  /** Per respondent: how many of the results below are theirs (they follow one another). */
  counts: number[];
  /** Per result: the factor (an index into `factorHrefs`), the score, a validity concern (1) or not (0). */
  factors: Int32Array;
  scores: Float64Array;
  concerns: Uint8Array;
  /** The factors' hrefs, each once. */
  factorHrefs: string[];
  /** The service's count of respondents (the results list's `totalValues`). */
  total: number;
  /** Items that did not match the contract and are left out (links, respondents, scores). */
  invalid: number;
}

/** Collects respondents into `CohortColumns`, growing its arrays as results come. */
export function columnsCollector() {
  const people: string[] = [];
  const counts: number[] = [];
  const hrefIndex = new Map<string, number>();
  let factors = new Int32Array(1024);
  let scores = new Float64Array(1024);
  let concerns = new Uint8Array(1024);
  let size = 0;
  const grow = (need: number) => {
    if (need <= factors.length) return;
    const length = Math.max(need, factors.length * 2);
    const [f, s, c] = [new Int32Array(length), new Float64Array(length), new Uint8Array(length)];
    f.set(factors);
    s.set(scores);
    c.set(concerns);
    [factors, scores, concerns] = [f, s, c];
  };
  return {
    add(person: string, results: readonly FactorResult[]): void {
      grow(size + results.length);
      for (const result of results) {
        const href = result.factor.href;
        let index = hrefIndex.get(href);
        if (index === undefined) hrefIndex.set(href, (index = hrefIndex.size));
        factors[size] = index;
        scores[size] = result.score;
        concerns[size] = result.validityConcern ? 1 : 0;
        size++;
      }
      people.push(person);
      counts.push(results.length);
    },
    done(total: number, invalid: number): CohortColumns {
      return {
        people,
        counts,
        factors: factors.slice(0, size),
        scores: scores.slice(0, size),
        concerns: concerns.slice(0, size),
        factorHrefs: [...hrefIndex.keys()],
        total,
        invalid,
      };
    },
  };
}

/** An identifier that reads the same in a URL path, escaped or not (no `%`, `.`, `/`, `?` or `#`). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * The respondent an item's href names, read without a URL parse per item: thousands of hrefs differ
 * only in the identifier, so once one has been parsed in full (`parseHref`), any other with the same
 * text around a plain identifier points to the same kind of resource for that identifier. Anything
 * else is parsed in full.
 */
export function respondentReader(api: ApiClient): (href: string) => string | undefined {
  let around: { prefix: string; suffix: string } | undefined;
  return (href) => {
    if (around && href.length > around.prefix.length + around.suffix.length && href.startsWith(around.prefix) && href.endsWith(around.suffix)) {
      const person = href.slice(around.prefix.length, href.length - around.suffix.length);
      if (PLAIN_SEGMENT.test(person)) return person;
    }
    const target = api.parseHref(href);
    if (target?.kind !== 'factorScores') return undefined;
    const person = target.personIdentifier;
    const at = href.lastIndexOf(`/${person}/`);
    if (!around && PLAIN_SEGMENT.test(person) && at >= 0 && href.indexOf(`/${person}/`) === at) {
      around = { prefix: href.slice(0, at + 1), suffix: href.slice(at + 1 + person.length) };
    }
    return person;
  };
}

export interface CohortPagesInput {
  administrationId: number;
  /** Respondents a page (1000, the extension's most). */
  pageSize: number;
  /** The cohort's size if already known (the plain results list's total): every page is asked for at once. */
  knownTotal?: number;
}

const pagesFor = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / Math.max(1, pageSize)));

/**
 * Every page of the results extension (`…/results?expand=factors`, decisions §9), each parsed with
 * the contract's schemas, collected into columns. Run as a list job (src/queries/list-jobs.ts): in
 * the worker, the megabytes of JSON are parsed off the page's main thread. A missing extension
 * rejects with the service's 400 or 404, for the caller to fall back.
 */
export async function cohortPages(api: ApiClient, input: CohortPagesInput, events: JobEvents = {}): Promise<CohortColumns> {
  const { administrationId: id, pageSize } = input;
  const options = events.signal ? { signal: events.signal } : {};
  type ExtensionPage = Awaited<ReturnType<ApiClient['noncognitive']['administrations']['resultsWithFactors']>>;
  let loaded = 0;
  let total = input.knownTotal ?? 0;
  const fetchPage = async (page: number): Promise<ExtensionPage> => {
    const answer = await api.noncognitive.administrations.resultsWithFactors(id, { page, pageSize }, options);
    total = answer.totalValues;
    loaded += answer.values.length + answer.invalidCount;
    events.onProgress?.({ loaded: Math.min(loaded, total), total });
    return answer;
  };
  const requested = new Map<number, Promise<ExtensionPage>>();
  const request = (pages: number) => {
    for (let page = 1; page <= pages; page++) {
      if (requested.has(page)) continue;
      const answer = fetchPage(page);
      // Settled here so that a page failing while another is awaited is not an unhandled rejection.
      answer.catch(() => undefined);
      requested.set(page, answer);
    }
  };
  request(input.knownTotal === undefined ? 1 : pagesFor(input.knownTotal, pageSize));
  const first = await requested.get(1)!;
  // The first page's own figures win (the cohort may have grown since the count).
  const lastPage = pagesFor(first.totalValues, first.pageSize >= 1 ? first.pageSize : pageSize);
  request(lastPage);
  const columns = columnsCollector();
  const respondentOf = respondentReader(api);
  let invalid = 0;
  for (let page = 1; page <= lastPage; page++) {
    const answer = await requested.get(page)!;
    invalid += answer.invalidCount;
    for (const item of answer.values) {
      const person = respondentOf(item.href);
      if (person === undefined) invalid++;
      else columns.add(person, item.values);
    }
  }
  return columns.done(first.totalValues, invalid);
}
