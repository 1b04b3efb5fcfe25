import { ROUTES } from '../../src/app/route-table.ts';

/**
 * Every signed-in page of the route table (src/app/route-table.ts) as a URL the bench can open:
 * each `:parameter` filled with a real identifier of the seeded backend (the student S000001, the
 * largest cohort's administration and one of its respondents, the first trigger). A route the
 * table gains later without a rule here makes the bench fail loudly rather than skip the page.
 */
type Get = <T>(path: string) => Promise<T>;

interface Page<T> {
  values: T[];
  totalValues?: number;
}

export interface BenchPage {
  /** The route table's path (`/scores/:administrationId`). */
  route: string;
  /** The URL opened (`/scores/12`). */
  path: string;
}

/** The administration with the most respondents (results' `totalValues`), and one of them. */
export async function largestCohort(get: Get): Promise<{ id: number; title: string; respondents: number; person: string }> {
  const list = await get<Page<{ id: number; title: string }>>('/noncognitives/administrations/?pageSize=1000');
  let best = { id: 0, title: '', respondents: -1 };
  for (const a of list.values) {
    const { totalValues = 0 } = await get<Page<unknown>>(`/noncognitives/administrations/${a.id}/results?pageSize=1`);
    if (totalValues > best.respondents) best = { id: a.id, title: a.title, respondents: totalValues };
  }
  const first = await get<Page<{ href: string }>>(`/noncognitives/administrations/${best.id}/results?pageSize=1`);
  // A result's href ends in …/results/{person}/factors (or …/results/{person}).
  const person = /\/results\/([^/]+)/.exec(first.values[0]?.href ?? '')?.[1] ?? 'S000001';
  return { ...best, person };
}

export async function benchPages(get: Get): Promise<BenchPage[]> {
  const cohort = await largestCohort(get);
  const trigger = (await get<Page<{ id: number }>>('/notations/triggers/?pageSize=1')).values[0]?.id;
  const parameters: Record<string, string> = {
    identifier: 'S000001',
    administrationId: String(cohort.id),
    person: cohort.person,
    id: String(trigger ?? 1),
  };
  return ROUTES.filter((route) => !route.public).map((route) => ({
    route: route.path,
    path: route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = parameters[name];
      if (value === undefined) throw new Error(`bench pages: no value for :${name} in ${route.path}; add one in e2e/perf/pages.ts`);
      return encodeURIComponent(value);
    }),
  }));
}
