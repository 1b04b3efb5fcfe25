import { fieldErrors, isApiError, isConflict } from '../../../api/errors.ts';
import { describeError } from '../../../components/problem-message.tsx';
import { mapPool } from '../../../lib/pool.ts';

/**
 * Lowering many alerts with one comment. The service lowers one alert per request (a comment with
 * `usedToLowerAlert: true`, decisions §9), so a bulk lowering is many writes that succeed or fail
 * one by one: this runner sends them a few at a time and keeps the outcome of each, so that a
 * retry sends only what did not succeed. An alert lowered by this runner, or found lowered by
 * someone else (409), is never sent again: that would be a second lowering comment, or a 409.
 *
 * It knows nothing of React or of the cache (see `use-bulk-lower.ts` for those): `lower` is the
 * write, e.g. `(id, signal) => api.alerts.addComment(id, body, { signal })`.
 */

/** What happened to one alert. */
export type LowerOutcome =
  | { status: 'lowered' }
  /** 409: the alert was Lowered before this write (by someone else, or by an earlier attempt whose answer was lost). */
  | { status: 'already-lowered'; reason: string }
  | { status: 'failed'; reason: string; error: unknown };

export interface BulkLowerResult {
  /** The alerts of the run, in the order asked for. */
  ids: readonly number[];
  /** The outcome of each alert tried so far; an alert without one was not tried (yet, or the run was stopped). */
  outcomes: ReadonlyMap<number, LowerOutcome>;
}

export interface BulkLowerProgress {
  total: number;
  /** Lowered now, by this run or by someone else before it (409). */
  lowered: number;
  failed: number;
  /** Not tried yet, or in flight. */
  pending: number;
}

export interface BulkLowerOptions {
  /** The alerts to lower (duplicates are dropped). */
  ids: readonly number[];
  /** Lowers one alert; rejects with the client's ApiError when the service refuses. */
  lower: (id: number, signal: AbortSignal | undefined) => Promise<unknown>;
  /** The result of an earlier run of these alerts: only those without a lowered outcome are sent again. */
  previous?: BulkLowerResult | undefined;
  /** Writes in flight at once (default 3): enough to be quick, few enough not to crowd the service and the browser's connections. */
  concurrency?: number;
  /** Stops sending: the alerts not sent yet get no outcome, the writes in flight are aborted and fail (a retry sends both). */
  signal?: AbortSignal | undefined;
  /** After each alert's outcome, with the result so far (a new object each time, for React state). */
  onOutcome?: (id: number, outcome: LowerOutcome, result: BulkLowerResult) => void;
}

export const BULK_LOWER_CONCURRENCY = 3;

/** Lowered for good: never sent again. */
export function isLowered(outcome: LowerOutcome | undefined): boolean {
  return outcome?.status === 'lowered' || outcome?.status === 'already-lowered';
}

/** The alerts of `result` that a retry would send: failed, or not tried. */
export function toRetry(result: BulkLowerResult): number[] {
  return result.ids.filter((id) => !isLowered(result.outcomes.get(id)));
}

/** The alerts of `result` that are lowered now (by the run or by someone else). */
export function loweredIds(result: BulkLowerResult): number[] {
  return result.ids.filter((id) => isLowered(result.outcomes.get(id)));
}

export function progressOf(result: BulkLowerResult): BulkLowerProgress {
  let lowered = 0;
  let failed = 0;
  for (const id of result.ids) {
    const outcome = result.outcomes.get(id);
    if (isLowered(outcome)) lowered += 1;
    else if (outcome?.status === 'failed') failed += 1;
  }
  return { total: result.ids.length, lowered, failed, pending: result.ids.length - lowered - failed };
}

/** Why one alert was not lowered, in a person's words: the service's problem detail and the field errors it names. */
export function reasonOf(error: unknown): string {
  if (isConflict(error)) return 'Already lowered by someone else.';
  const fields = Object.entries(fieldErrors(error, 'body')).map(([name, message]) => `${name}: ${message}`);
  const detail = isApiError(error) || !(error instanceof Error) || error.message === '' ? describeError(error) : error.message;
  return fields.length === 0 ? detail : `${detail} (${fields.join('; ')})`;
}

function outcomeOf(error: unknown): LowerOutcome {
  return isConflict(error) ? { status: 'already-lowered', reason: reasonOf(error) } : { status: 'failed', reason: reasonOf(error), error };
}

/**
 * Lowers `ids` with at most `concurrency` writes in flight, in the order given, skipping those
 * `previous` shows lowered. Never rejects: each alert's failure is its outcome. Resolves when
 * every write sent has settled.
 */
export async function lowerAlerts(options: BulkLowerOptions): Promise<BulkLowerResult> {
  const ids = [...new Set(options.ids)];
  const outcomes = new Map<number, LowerOutcome>();
  for (const id of ids) {
    const before = options.previous?.outcomes.get(id);
    if (before !== undefined) outcomes.set(id, before);
  }
  const queue = ids.filter((id) => !isLowered(outcomes.get(id)));
  const { signal } = options;

  const settle = (id: number, outcome: LowerOutcome) => {
    outcomes.set(id, outcome);
    options.onOutcome?.(id, outcome, { ids, outcomes: new Map(outcomes) });
  };

  await mapPool(
    queue,
    options.concurrency ?? BULK_LOWER_CONCURRENCY,
    async (id) => {
      try {
        await options.lower(id, signal);
        settle(id, { status: 'lowered' });
      } catch (error) {
        settle(id, outcomeOf(error));
      }
    },
    // Aborted: no further write is sent; those in flight settle.
    { stop: () => signal?.aborted === true },
  );
  return { ids, outcomes };
}
