import { mutationOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { useApi } from './api-context.tsx';
import { mergeNetworks, type NetworkDiff } from '../lib/network-merge.ts';
import { peopleKeys, peopleQueries } from './people.ts';

/**
 * The success-network editor's reads and its guarded write (E15, E16, the people extension), on
 * the people keys of `./people.ts`.
 */

/** The people keys (`./people.ts`): a save here refreshes the student page's network too. */
export const networkEditorKeys = {
  network: peopleKeys.successNetwork,
  person: peopleKeys.detail,
};

/** E15 as the identifiers of the members, in order (links the client cannot read are dropped). */
export async function readNetwork(api: ApiClient, identifier: string, signal?: AbortSignal): Promise<string[]> {
  const page = await api.people.successNetwork.get(identifier, signal ? { signal } : undefined);
  return page.values.map((link) => api.personIdentifier(link)).filter((id): id is string => id !== null);
}

export const networkEditorQueries = {
  network: peopleQueries.successNetwork,
  /** A person for a label: a 404 (nobody, or no people extension) is an answer, not retried. */
  person: (api: ApiClient, identifier: string) => queryOptions({ ...peopleQueries.detail(api, identifier), retry: false }),
  /** People by name, identifier or email (the people extension), a few at a time for a picker. */
  search: (api: ApiClient, q: string, pageSize = 10) => queryOptions({ ...peopleQueries.list(api, { q, pageSize }), retry: false }),
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
