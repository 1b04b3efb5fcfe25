import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient, ReplaceSuccessNetworkInput } from '../api/client.ts';
import type { Page } from '../api/http.ts';
import type { PeopleListParams } from '../api/params.ts';
import type { Link } from '../api/schemas/index.ts';
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

const people = resourceQueries('people', (api) => api.people, PEOPLE_STALE_TIME, (params: PeopleListParams) => ({ ...params, q: params.q || undefined }));
const { all } = people.keys;

export const peopleKeys = {
  ...people.keys,
  successNetwork: (identifier: string) => [...all, 'successNetwork', identifier] as const,
};

export const peopleQueries = {
  ...people.queries,
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
      onSettled: (_void, _error, { identifier }, _onMutate, { client }) =>
        client.invalidateQueries({ queryKey: peopleKeys.successNetwork(identifier) }),
    }),
};
