import type { ApiClient } from '../api/client.ts';
import { mergeNetworks, type ConflictReason, type NetworkDiff } from '../lib/network-merge.ts';

/**
 * A success network (E15, E16) as identifiers, and the write that loses nobody's change: the
 * network editor saves with it, and bulk reassignment runs it once per student.
 */

/** E15 as the identifiers of the members, in order (links the client cannot read are dropped). */
export async function readNetwork(api: ApiClient, identifier: string, signal?: AbortSignal): Promise<string[]> {
  const page = await api.people.successNetwork.get(identifier, signal ? { signal } : undefined);
  return page.values.map((link) => api.personIdentifier(link)).filter((id): id is string => id !== null);
}

export type GuardedWriteResult =
  /** Written. `merged` when someone else had changed the network and both edits were kept. */
  | { status: 'saved' | 'merged'; identifier: string; before: string[]; written: string[]; theirs?: NetworkDiff }
  /** Not written: someone else's change overlaps this one; a person must choose. */
  | {
      status: 'conflict';
      identifier: string;
      base: string[];
      theirs: string[];
      yours: string[];
      merged: string[];
      reasons: string[];
      conflicts: ConflictReason[];
    };

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
export async function guardedWrite(
  api: ApiClient,
  { identifier, base, yours }: GuardedWriteInput,
  signal?: AbortSignal,
  /** For the gateway: the bulk reassignment this write belongs to or undoes (src/api/reassignment-batches.ts). */
  headers?: Readonly<Record<string, string>>,
): Promise<GuardedWriteResult> {
  const theirs = await readNetwork(api, identifier, signal);
  const result = mergeNetworks(base, theirs, yours);
  if (result.status === 'conflict') {
    return {
      status: 'conflict',
      identifier,
      base: [...base],
      theirs,
      yours: [...yours],
      merged: result.merged,
      reasons: result.reasons,
      conflicts: result.conflicts,
    };
  }
  await api.people.successNetwork.replace(
    identifier,
    result.merged.map((member) => ({ identifier: member })),
    { ...(signal ? { signal } : {}), ...(headers ? { headers } : {}) },
  );
  return result.status === 'unchanged'
    ? { status: 'saved', identifier, before: theirs, written: result.merged }
    : { status: 'merged', identifier, before: theirs, written: result.merged, theirs: result.theirs };
}
