import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../queries/api-context.tsx';
import { BATCH_HEADER, UNDO_HEADER, batchesClient } from '../../api/reassignment-batches.ts';
import { describeOperation, type BulkOperation } from '../../lib/bulk-reassign.ts';
import { batchKeys } from '../../queries/reassignment-batches.ts';
import { caseloadKeys } from '../../queries/caseloads.ts';
import { previewBulk, runBulk, type BulkOutcome, type BulkPreview, type BulkWrite } from './bulk-reassign-run.ts';
import { peopleKeys } from '../../queries/people.ts';

export type BulkPhase = 'idle' | 'previewing' | 'previewed' | 'running' | 'ran' | 'undoing' | 'undone';

export interface BulkState {
  phase: BulkPhase;
  preview: BulkPreview | null;
  /** Preview or run progress. */
  progress: { done: number; total: number };
  outcomes: ReadonlyMap<string, BulkOutcome>;
  undoOutcomes: ReadonlyMap<string, BulkOutcome>;
  /** The gateway's number for this run, which keeps it (and its undo) past a reload. */
  batchId: number | null;
  error: unknown;
}

const EMPTY: BulkState = {
  phase: 'idle',
  preview: null,
  progress: { done: 0, total: 0 },
  outcomes: new Map(),
  undoOutcomes: new Map(),
  batchId: null,
  error: null,
};

/**
 * The bulk reassignment's steps: preview (reads only), run (one guarded E16 per student), retry
 * of the failed ones only, undo of the whole batch (each undo guarded the same way).
 */
export function useBulkReassign() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<BulkState>(EMPTY);
  const controller = useRef<AbortController | null>(null);

  const refresh = (students: Iterable<string>) => {
    for (const student of students) void queryClient.invalidateQueries({ queryKey: peopleKeys.successNetwork(student) });
    void queryClient.invalidateQueries({ queryKey: caseloadKeys.all });
    void queryClient.invalidateQueries({ queryKey: batchKeys.all });
  };

  const preview = async (operation: BulkOperation, students: readonly string[]) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ ...EMPTY, phase: 'previewing' });
    try {
      const result = await previewBulk(api, operation, students, {
        signal: abort.signal,
        onProgress: (done, total) => {
          // Every 10th read and the last: the count moves without a render per request.
          if (done % 10 === 0 || done === total) setState((s) => (abort.signal.aborted ? s : { ...s, progress: { done, total } }));
        },
      });
      if (!abort.signal.aborted) setState((s) => ({ ...s, phase: 'previewed', preview: result }));
    } catch (error) {
      if (!abort.signal.aborted) setState({ ...EMPTY, error });
    }
  };

  const write = async (writes: BulkWrite[], into: 'outcomes' | 'undoOutcomes', phase: BulkPhase, after: BulkPhase, headers: Record<string, string>) => {
    setState((s) => ({ ...s, phase, progress: { done: 0, total: writes.length } }));
    // Outcomes reach the screen at most every 100 ms: a render per write would cost more than
    // the write itself once the grid holds hundreds of rows.
    let arrived: [string, BulkOutcome][] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const batch = arrived;
      arrived = [];
      if (batch.length === 0) return;
      setState((s) => {
        const next = new Map(s[into]);
        for (const [student, outcome] of batch) next.set(student, outcome);
        return { ...s, [into]: next, progress: { done: s.progress.done + batch.length, total: s.progress.total } };
      });
    };
    await runBulk(
      api,
      writes,
      (student, outcome) => {
        arrived.push([student, outcome]);
        timer ??= setTimeout(flush, 100);
      },
      headers,
    );
    clearTimeout(timer);
    flush();
    refresh(writes.map((w) => w.student));
    setState((s) => ({ ...s, phase: after }));
  };

  const changes = () =>
    (state.preview?.rows ?? []).flatMap((row) => (row.status === 'change' ? [{ student: row.student, base: row.before, yours: row.after }] : []));

  /**
   * The gateway keeps the batch first (who, when, what), then each write names it: no batch, no
   * writes, so nothing is written that could not be undone after a reload.
   */
  const run = async () => {
    const writes = changes();
    const operation = state.preview?.operation;
    if (!operation) return;
    setState((s) => ({ ...s, phase: 'running', progress: { done: 0, total: writes.length }, error: null }));
    let batchId: number;
    try {
      batchId = (await batchesClient.create(describeOperation(operation, writes.length))).id;
    } catch (error) {
      setState((s) => ({ ...s, phase: 'previewed', error }));
      return;
    }
    setState((s) => ({ ...s, batchId }));
    await write(writes, 'outcomes', 'running', 'ran', { [BATCH_HEADER]: String(batchId) });
  };

  /** Sends again only the students whose write failed (a conflict needs a person, not a retry). */
  const retryFailed = () =>
    write(
      changes().filter((w) => state.outcomes.get(w.student)?.status === 'failed'),
      'outcomes',
      'running',
      'ran',
      { [BATCH_HEADER]: String(state.batchId) },
    );

  /** Puts back every network this batch wrote, guarded: a change made since is kept or shown. */
  const undo = () => {
    const writes: BulkWrite[] = [];
    for (const [student, outcome] of state.outcomes) {
      if (outcome.status === 'saved' || outcome.status === 'merged') writes.push({ student, base: outcome.written, yours: outcome.before });
    }
    return write(writes, 'undoOutcomes', 'undoing', 'undone', { [UNDO_HEADER]: String(state.batchId) });
  };

  const reset = () => {
    controller.current?.abort();
    setState(EMPTY);
  };

  return { state, preview, run, retryFailed, undo, reset };
}
