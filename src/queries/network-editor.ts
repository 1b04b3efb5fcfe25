import { mutationOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { useApi } from '../app/api-context.tsx';
import { mergeNetworks, type NetworkDiff } from '../lib/network-merge.ts';

/**
 * The success-network editor's reads and its guarded write (E15, E16, the people extension).
 * Keys are the people keys the rest of the app uses, so a save here refreshes the student page:
 *
 *     ['people', 'list', { role?, q?, page?, pageSize? }]
 *     ['people', 'detail', identifier]
 *     ['people', 'successNetwork', identifier]
 */

const PEOPLE_STALE_TIME = 5 * 60_000;

export const networkEditorKeys = {
  network: (identifier: string) => ['people', 'successNetwork', identifier] as const,
  person: (identifier: string) => ['people', 'detail', identifier] as const,
  search: (q: string, pageSize: number) => ['people', 'list', { role: undefined, q: q || undefined, page: undefined, pageSize }] as const,
};

/** E15 as the identifiers of the members, in order (links the client cannot read are dropped). */
export async function readNetwork(api: ApiClient, identifier: string, signal?: AbortSignal): Promise<string[]> {
  const page = await api.people.successNetwork.get(identifier, signal ? { signal } : undefined);
  return page.values.map((link) => api.personIdentifier(link)).filter((id): id is string => id !== null);
}

export const networkEditorQueries = {
  network: (api: ApiClient, identifier: string) =>
    queryOptions({
      queryKey: networkEditorKeys.network(identifier),
      queryFn: ({ signal }) => api.people.successNetwork.get(identifier, { signal }),
    }),
  person: (api: ApiClient, identifier: string) =>
    queryOptions({
      queryKey: networkEditorKeys.person(identifier),
      queryFn: ({ signal }) => api.people.get(identifier, { signal }),
      staleTime: PEOPLE_STALE_TIME,
      retry: false,
    }),
  /** People by name, identifier or email (the people extension), a few at a time for a picker. */
  search: (api: ApiClient, q: string, pageSize = 10) =>
    queryOptions({
      queryKey: networkEditorKeys.search(q, pageSize),
      queryFn: ({ signal }) => api.people.list({ q, pageSize }, { signal }),
      staleTime: PEOPLE_STALE_TIME,
      retry: false,
    }),
};

export type GuardedWriteResult =
  /** Written. `merged` when someone else had changed the network and both edits were kept. */
  | { status: 'saved' | 'merged'; identifier: string; before: string[]; written: string[]; theirs?: NetworkDiff }
  /** Not written: someone else's change overlaps this one; a person must choose. */
  | { status: 'conflict'; identifier: string; base: string[]; theirs: string[]; yours: string[]; merged: string[]; reasons: string[] };

export interface GuardedWriteInput {
  identifier: string;
  /** The network the edit started from. */
  base: readonly string[];
  /** The network the person wants. */
  yours: readonly string[];
}

/**
 * E16 without losing anyone's change: reads E15 just before writing and compares it with `base`.
 * Unchanged → writes `yours`; changed without overlap → writes the three-way merge; overlapping →
 * writes nothing and returns the three versions. A choice made after a conflict is written with
 * `base` = the `theirs` that was shown, so a further change in between is caught again.
 */
export async function guardedWrite(api: ApiClient, { identifier, base, yours }: GuardedWriteInput, signal?: AbortSignal): Promise<GuardedWriteResult> {
  const theirs = await readNetwork(api, identifier, signal);
  const result = mergeNetworks(base, theirs, yours);
  if (result.status === 'conflict') {
    return { status: 'conflict', identifier, base: [...base], theirs, yours: [...yours], merged: result.merged, reasons: result.reasons };
  }
  await api.people.successNetwork.replace(
    identifier,
    result.merged.map((member) => ({ identifier: member })),
    signal ? { signal } : undefined,
  );
  return result.status === 'unchanged'
    ? { status: 'saved', identifier, before: theirs, written: result.merged }
    : { status: 'merged', identifier, before: theirs, written: result.merged, theirs: result.theirs };
}

export const networkEditorMutations = {
  /** The guarded E16; the network's cache is refreshed whatever happened (a conflict read it too). */
  save: (api: ApiClient) =>
    mutationOptions({
      mutationKey: ['people', 'successNetwork', 'guarded-replace'],
      mutationFn: (input: GuardedWriteInput) => guardedWrite(api, input),
      onSettled: (_result, _error, { identifier }, _context, { client }) => client.invalidateQueries({ queryKey: networkEditorKeys.network(identifier) }),
    }),
};

export function useGuardedNetworkSave() {
  const api = useApi();
  return useMutation(networkEditorMutations.save(api));
}
