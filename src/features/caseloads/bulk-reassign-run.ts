import type { ApiClient } from '../../api/client.ts';
import { isNotFound } from '../../api/errors.ts';
import { applyOperation, mapWithConcurrency, staffOf, studentsOf, type BulkOperation } from '../../lib/bulk-reassign.ts';
import type { ConflictReason } from '../../lib/network-merge.ts';
import { guardedWrite, readNetwork } from '../../queries/success-network.ts';

/** Bulk reassignment: every student's network read and planned, then one guarded E16 per student, a few at a time. */

/** Writes in flight at once: quick, without crowding the service or the browser's connections. */
export const BULK_CONCURRENCY = 4;

export type PreviewRow =
  | { student: string; status: 'change'; before: string[]; after: string[] }
  | { student: string; status: 'same'; before: string[]; note: string }
  /** E15 answered 404: nobody by that identifier. */
  | { student: string; status: 'unknown' }
  | { student: string; status: 'error'; error: unknown };

export interface BulkPreview {
  operation: BulkOperation;
  rows: PreviewRow[];
  /** Staff identifiers the operation names that the service does not know (E15 404). */
  unknownStaff: string[];
}

/** Reads every student's network (E15) and says what it would become; writes nothing. */
export async function previewBulk(
  api: ApiClient,
  operation: BulkOperation,
  students: readonly string[],
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<BulkPreview> {
  const { signal, onProgress } = options;
  const staff = staffOf(operation);
  const staffKnown = await mapWithConcurrency(staff, BULK_CONCURRENCY, async (id) => {
    try {
      await readNetwork(api, id, signal);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  });
  const targets = studentsOf(operation, students);
  let done = 0;
  const rows = await mapWithConcurrency(targets, BULK_CONCURRENCY, async (student): Promise<PreviewRow> => {
    try {
      const before = await readNetwork(api, student, signal);
      const planned = applyOperation(operation, student, before);
      return planned.note !== undefined && planned.after.length === before.length && planned.after.every((id, i) => id === before[i])
        ? { student, status: 'same', before, note: planned.note }
        : { student, status: 'change', before, after: planned.after };
    } catch (error) {
      if (signal?.aborted) throw error;
      return isNotFound(error) ? { student, status: 'unknown' } : { student, status: 'error', error };
    } finally {
      done += 1;
      onProgress?.(done, targets.length);
    }
  });
  return { operation, rows, unknownStaff: staff.filter((_, i) => !staffKnown[i]) };
}

export type BulkOutcome =
  | { status: 'saved' | 'merged'; before: string[]; written: string[] }
  | { status: 'conflict'; reasons: string[]; conflicts: ConflictReason[] }
  | { status: 'failed'; error: unknown };

export interface BulkWrite {
  student: string;
  /** The network the change was planned from. */
  base: string[];
  /** The network wanted. */
  yours: string[];
}

/** One guarded E16 per student, `BULK_CONCURRENCY` at a time, each outcome reported as it comes. */
export async function runBulk(
  api: ApiClient,
  writes: readonly BulkWrite[],
  onOutcome: (student: string, outcome: BulkOutcome) => void,
  /** For the gateway: the batch these writes belong to or undo (src/api/reassignment-batches.ts). */
  headers?: Readonly<Record<string, string>>,
): Promise<Map<string, BulkOutcome>> {
  const outcomes = new Map<string, BulkOutcome>();
  await mapWithConcurrency(writes, BULK_CONCURRENCY, async ({ student, base, yours }) => {
    let outcome: BulkOutcome;
    try {
      const result = await guardedWrite(api, { identifier: student, base, yours }, undefined, headers);
      outcome =
        result.status === 'conflict'
          ? { status: 'conflict', reasons: result.reasons, conflicts: result.conflicts }
          : { status: result.status, before: result.before, written: result.written };
    } catch (error) {
      outcome = { status: 'failed', error };
    }
    outcomes.set(student, outcome);
    onOutcome(student, outcome);
  });
  return outcomes;
}
