import type { ApiClient } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import type { Trigger } from '../../api/schemas/index.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { notationsFromTrigger } from './trigger-notations.ts';

// Applying: E13 with `studentIdentifiers`, at most 100 a request, one chunk after another.

export const APPLY_CHUNK_SIZE = 100;

export type ChunkState =
  | { status: 'waiting' }
  /** `checking`: a retry is first finding out what an unanswered attempt already did. */
  | { status: 'sending'; checking?: boolean }
  /** `already`: students found to have this trigger's notation already (a lost answer), not sent again. */
  | { status: 'done'; already?: number }
  | { status: 'failed'; error: unknown };

/**
 * Whether a failed send may still have been carried out: no answer (the connection dropped, a
 * timeout) or a 5xx from a gateway in front of the service (which may have committed). A 4xx is
 * the service refusing the request: nothing was done.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(isApiError(error) && error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500);
}

/**
 * The students of `students` who already have this trigger's kind of notation, with its text,
 * created since `since`: what an attempt whose answer was lost did (#31 item 1).
 */
export async function studentsAlreadyApplied(
  api: ApiClient,
  trigger: Trigger,
  students: readonly string[],
  since: number,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const found = await notationsFromTrigger(api, trigger, students, since, {
    kinds: [trigger.elevateToAlert ? 'alert' : 'dataInsight'],
    ...(signal ? { signal } : {}),
  });
  return new Set(found.map((n) => n.student));
}

export interface ApplyRun {
  chunks: readonly (readonly string[])[];
  states: readonly ChunkState[];
}

export function planChunks(students: readonly string[], size = APPLY_CHUNK_SIZE): ApplyRun {
  const chunks = chunksOf(students, size);
  return { chunks, states: chunks.map(() => ({ status: 'waiting' })) };
}

/**
 * Sends every chunk that has not succeeded, one at a time, in order; a chunk that succeeded is
 * never sent again (so a retry after a failure sends the failed chunks alone). Never rejects: a
 * refusal is the chunk's state. `only` restricts the run to some chunks (retrying one alone).
 *
 * A chunk whose last attempt may have been carried out (`outcomeUnknown`) is not simply sent
 * again: `alreadyApplied` first finds which of its students got the notation meanwhile, and only
 * the others are sent (none, when the lost answer's request was carried out whole). If that check
 * fails, nothing is sent: a duplicate alert on a student is worse than a retry later.
 */
export async function applyInChunks(options: {
  run: ApplyRun;
  send: (students: readonly string[]) => Promise<unknown>;
  alreadyApplied?: (students: readonly string[]) => Promise<ReadonlySet<string>>;
  only?: readonly number[];
  onChange: (run: ApplyRun) => void;
}): Promise<ApplyRun> {
  const states = [...options.run.states];
  const publish = () => options.onChange({ chunks: options.run.chunks, states: [...states] });
  for (let i = 0; i < options.run.chunks.length; i += 1) {
    const previous = states[i];
    if (previous?.status === 'done') continue;
    if (options.only && !options.only.includes(i)) continue;
    const chunk = options.run.chunks[i]!;
    const check = previous?.status === 'failed' && outcomeUnknown(previous.error) && options.alreadyApplied;
    states[i] = { status: 'sending', ...(check ? { checking: true } : {}) };
    publish();
    try {
      const applied = check ? await options.alreadyApplied!(chunk) : new Set<string>();
      const rest = chunk.filter((student) => !applied.has(student));
      if (check) {
        states[i] = { status: 'sending' };
        publish();
      }
      if (rest.length > 0) await options.send(rest);
      const already = chunk.length - rest.length;
      states[i] = { status: 'done', ...(already > 0 ? { already } : {}) };
    } catch (error) {
      states[i] = { status: 'failed', error };
    }
    publish();
  }
  return { chunks: options.run.chunks, states };
}
