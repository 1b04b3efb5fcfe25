import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient, ReplaceSuccessNetworkInput } from '../api/client.ts';
import type { Page } from '../api/http.ts';
import type { PeopleListParams } from '../api/params.ts';
import { isApiError } from '../api/errors.ts';
import type { Link, Person } from '../api/schemas/index.ts';
import { chunksOf } from '../lib/chunks.ts';
import { mapPool } from '../lib/pool.ts';
import { optimisticUpdate } from './optimistic.ts';
import { resourceQueries } from './resource-queries.ts';

/**
 * People and success networks (E15, E16; the people extension).
 *
 *     ['people']
 *     ['people', 'list', { role?, q?, page?, pageSize? }]
 *     ['people', 'detail', identifier]
 *     ['people', 'successNetwork', identifier]
 */

/** People records change rarely: 5 minutes. A success network is edited here: the default 30 s. */
export const PEOPLE_STALE_TIME = 5 * 60_000;

const people = resourceQueries(
  'people',
  (api) => api.people,
  PEOPLE_STALE_TIME,
  (params: PeopleListParams) => ({ ...params, q: params.q || undefined }),
);
const { all } = people.keys;

export const peopleKeys = {
  ...people.keys,
  successNetwork: (identifier: string) => [...all, 'successNetwork', identifier] as const,
};

export const peopleQueries = {
  ...people.queries,
  /** A person for a label: a 404 (nobody, or no people extension) is an answer, not retried. */
  person: (api: ApiClient, identifier: string) => queryOptions({ ...people.queries.detail(api, identifier), retry: false }),
  /** People of any role by name, identifier or email (the people extension), a few at a time for a picker. */
  search: (api: ApiClient, q: string, pageSize = 10) => queryOptions({ ...people.queries.list(api, { q, pageSize }), retry: false }),
  /** Students by name or identifier (the people extension): the one student search of every page. */
  studentSearch: (api: ApiClient, q: string) => people.queries.list(api, { role: 'Student', q, pageSize: 20 }),
  /**
   * Names of many people at once, for a page that shows people by name (#31 item 8): identifier →
   * "First Last" for each person known; anyone unknown (or any failure) is left out, and the page
   * shows their identifier. One request for up to a thousand (`peopleByIdentifiers`), or one each,
   * a few at a time, on an upstream without that filter.
   */
  names: (api: ApiClient, identifiers: readonly string[]) => {
    const asked = [...new Set(identifiers)].sort();
    return queryOptions({
      queryKey: [...all, 'names', asked] as const,
      queryFn: async ({ signal }) => {
        const names: Record<string, string> = {};
        const batch = await peopleByIdentifiers(api, asked, signal);
        if (batch.supported) {
          for (const [identifier, person] of batch.people) names[identifier] = `${person.firstName} ${person.lastName}`;
          return names;
        }
        await mapPool(
          asked,
          4,
          async (identifier) => {
            try {
              const person = await api.people.get(identifier, { signal });
              names[identifier] = `${person.firstName} ${person.lastName}`;
            } catch (error) {
              if (signal.aborted) throw error;
            }
          },
          { signal },
        );
        return names;
      },
      enabled: asked.length > 0,
      staleTime: PEOPLE_STALE_TIME,
      retry: false,
    });
  },
  /** E15: links to the people of the network, in the order last saved. */
  successNetwork: (api: ApiClient, identifier: string) =>
    queryOptions({
      queryKey: peopleKeys.successNetwork(identifier),
      queryFn: ({ signal }) => api.people.successNetwork.get(identifier, { signal }),
    }),
};

export interface ReplaceSuccessNetworkVariables {
  /** The person whose network it is. */
  identifier: string;
  /** The whole new network. */
  members: ReplaceSuccessNetworkInput;
}

/** The link the service gives a person (decisions §1: `{base}/people/{identifier}`). */
const personLink = (api: ApiClient, identifier: string): Link => ({ href: `${api.baseUrl}/people/${encodeURIComponent(identifier)}` });

export const networkMutations = {
  /**
   * E16. Optimistic: the cached network becomes the new one at once, goes back if the service
   * refuses (400: an unknown person, a duplicate, the person themself), and is refetched after.
   */
  replace: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...all, 'successNetwork', 'replace'],
      mutationFn: ({ identifier, members }: ReplaceSuccessNetworkVariables) => api.people.successNetwork.replace(identifier, members),
      ...optimisticUpdate({
        filters: ({ identifier }: ReplaceSuccessNetworkVariables) => ({ queryKey: peopleKeys.successNetwork(identifier), exact: true }),
        patch: (data, { members }) => {
          if (data === undefined) return undefined;
          const values = members.map((member) => personLink(api, member.identifier));
          return { ...(data as Page<Link>), totalValues: values.length, values } satisfies Page<Link>;
        },
      }),
      onSettled: (_void, _error, { identifier }, _onMutate, { client }) => client.invalidateQueries({ queryKey: peopleKeys.successNetwork(identifier) }),
    }),
};

/** The upstream has no such extension (a real service): 400 (unknown `expand` or filter) or 404. */
export function isMissingExtension(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 400 || error.status === 404);
}

/**
 * Many people at once through the people extension (`GET /people/?identifiers=`, up to 1000 a
 * request): the one resolver of identifiers to people. `supported: false` when the upstream does
 * not have it (400/404), or ignores the filter (it answers people nobody asked for): the caller
 * then asks per person. Someone asked for but not answered is nobody.
 */
export async function peopleByIdentifiers(
  api: ApiClient,
  identifiers: readonly string[],
  signal?: AbortSignal,
): Promise<{ supported: boolean; people: Map<string, Person> }> {
  const found = new Map<string, Person>();
  const asked = new Set(identifiers);
  const options = signal ? { signal } : {};
  try {
    const pages = await mapPool(
      chunksOf(identifiers, 1000),
      4,
      (chunk) => api.people.list({ identifiers: chunk, pageSize: 1000 }, options),
      signal ? { signal } : {},
    );
    for (const page of pages) {
      for (const person of page.values) {
        if (!asked.has(person.identifier)) return { supported: false, people: new Map() };
        found.set(person.identifier, person);
      }
    }
    return { supported: true, people: found };
  } catch (error) {
    if (isMissingExtension(error)) return { supported: false, people: new Map() };
    throw error;
  }
}
