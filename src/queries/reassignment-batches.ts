import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { UNDO_HEADER, batchesClient, type ReassignmentBatch } from '../api/reassignment-batches.ts';
import { mapPool } from '../lib/pool.ts';
import { guardedWrite } from './success-network.ts';

/**
 * Bulk reassignments the gateway keeps (#31 item 4), and their undo: each network the batch
 * wrote is put back to its before-state through the same guarded E16 the batch used, so a
 * network someone changed since is merged or, when the changes overlap, left as it is and named.
 *
 *     ['reassignment-batches', 'recent', days]   ['reassignment-batches', id]
 */

export const batchKeys = {
  all: ['reassignment-batches'] as const,
  recent: (days: number) => ['reassignment-batches', 'recent', days] as const,
  one: (id: number) => ['reassignment-batches', id] as const,
};

export const batchQueries = {
  recent: (days: number) => queryOptions({ queryKey: batchKeys.recent(days), queryFn: ({ signal }) => batchesClient.list(days, signal), staleTime: 10_000 }),
  one: (id: number) => queryOptions({ queryKey: batchKeys.one(id), queryFn: ({ signal }) => batchesClient.get(id, signal), staleTime: 10_000 }),
};

/** Networks a batch wrote that can still be put back (written, before-state known, not yet undone). */
export function undoableNetworks(batch: ReassignmentBatch) {
  return batch.networks.filter((n) => n.before !== null && n.after !== null && n.undoneAt === undefined);
}

export type UndoOutcome = { status: 'undone' } | { status: 'conflict'; reasons: string[] } | { status: 'failed'; error: unknown };

/** Writes in flight at once, as the batch itself (bulk-reassign-run.ts). */
const UNDO_CONCURRENCY = 4;

/** Puts back every network of the batch not yet undone; each outcome reported as it comes. */
export async function undoBatch(
  api: ApiClient,
  batch: ReassignmentBatch,
  onOutcome: (student: string, outcome: UndoOutcome) => void,
): Promise<Map<string, UndoOutcome>> {
  const outcomes = new Map<string, UndoOutcome>();
  const headers = { [UNDO_HEADER]: String(batch.id) };
  await mapPool(undoableNetworks(batch), UNDO_CONCURRENCY, async ({ student, before, after }) => {
    let outcome: UndoOutcome;
    try {
      const result = await guardedWrite(api, { identifier: student, base: after ?? [], yours: before ?? [] }, undefined, headers);
      outcome = result.status === 'conflict' ? { status: 'conflict', reasons: result.reasons } : { status: 'undone' };
    } catch (error) {
      outcome = { status: 'failed', error };
    }
    outcomes.set(student, outcome);
    onOutcome(student, outcome);
  });
  return outcomes;
}
