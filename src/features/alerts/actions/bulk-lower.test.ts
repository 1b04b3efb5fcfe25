import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { isLowered, loweredIds, lowerAlerts, progressOf, reasonOf, toRetry, type BulkLowerResult, type LowerOutcome } from './bulk-lower.ts';

const problem = (status: number, detail: string, errors?: { in: 'body'; name: string; message: string }[]) =>
  new ApiError({
    kind: 'http',
    operation: 'alerts.addComment',
    status,
    problem: { type: 'about:blank', title: 'Refused', status, detail, ...(errors ? { errors } : {}) },
  });

/** A `lower` that records its calls and answers each from `answer` after a tick (so that writes overlap). */
function fakeLower(answer: (id: number, attempt: number) => unknown = () => undefined) {
  const calls: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const lower = async (id: number) => {
    calls.push(id);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const outcome = answer(id, calls.filter((called) => called === id).length);
      if (outcome instanceof Error) throw outcome;
    } finally {
      inFlight -= 1;
    }
  };
  return { lower, calls, maxInFlight: () => maxInFlight };
}

const statuses = (result: BulkLowerResult) => Object.fromEntries(result.ids.map((id) => [id, result.outcomes.get(id)?.status]));

describe('lowerAlerts', () => {
  it('lowers every alert, in the order given, with at most `concurrency` writes in flight', async () => {
    const fake = fakeLower();
    const ids = [11, 12, 13, 14, 15, 16, 17];
    const result = await lowerAlerts({ ids, lower: fake.lower, concurrency: 3 });
    expect(fake.calls).toEqual(ids);
    expect(fake.maxInFlight()).toBe(3);
    expect(loweredIds(result)).toEqual(ids);
    expect(progressOf(result)).toEqual({ total: 7, lowered: 7, failed: 0, pending: 0 });
    expect(toRetry(result)).toEqual([]);
  });

  it('sends each alert once even when asked twice', async () => {
    const fake = fakeLower();
    const result = await lowerAlerts({ ids: [1, 2, 1, 2, 3], lower: fake.lower });
    expect(fake.calls).toEqual([1, 2, 3]);
    expect(result.ids).toEqual([1, 2, 3]);
  });

  it('keeps going past failures: each has its reason; a 409 counts as lowered (by someone else) and is said so', async () => {
    const fake = fakeLower((id) =>
      id === 2
        ? problem(503, 'The service is unavailable.')
        : id === 3
          ? problem(409, 'The alert is already lowered.')
          : id === 4
            ? new TypeError('fetch failed')
            : undefined,
    );
    const seen: [number, LowerOutcome['status'], BulkLowerResult][] = [];
    const result = await lowerAlerts({ ids: [1, 2, 3, 4, 5], lower: fake.lower, onOutcome: (id, outcome, so) => seen.push([id, outcome.status, so]) });

    expect(statuses(result)).toEqual({ 1: 'lowered', 2: 'failed', 3: 'already-lowered', 4: 'failed', 5: 'lowered' });
    expect(result.outcomes.get(2)).toMatchObject({ reason: 'The service is unavailable.' });
    expect(result.outcomes.get(3)).toMatchObject({ reason: 'Already lowered by someone else.' });
    expect(result.outcomes.get(4)).toMatchObject({ reason: 'fetch failed' });
    expect(isLowered(result.outcomes.get(3))).toBe(true);
    expect(progressOf(result)).toEqual({ total: 5, lowered: 3, failed: 2, pending: 0 });
    expect(toRetry(result)).toEqual([2, 4]);

    // Progress after every alert, each time a new result (React state), counting up to the end.
    expect(seen.map(([id]) => id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map(([, , so]) => so.outcomes.size)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(seen.map(([, , so]) => so)).size).toBe(5);
  });

  it('a retry sends only the failed alerts, never one already lowered', async () => {
    let down = true;
    const fake = fakeLower((id) => (down && (id === 22 || id === 24) ? problem(502, 'The upstream service did not answer.') : undefined));
    const first = await lowerAlerts({ ids: [21, 22, 23, 24], lower: fake.lower });
    expect(toRetry(first)).toEqual([22, 24]);
    fake.calls.length = 0;

    // Still failing for one of them.
    const second = await lowerAlerts({
      ids: [21, 22, 23, 24],
      previous: first,
      lower: async (id) => {
        fake.calls.push(id);
        if (id === 24) throw problem(500, 'Contact support.');
      },
    });
    expect(fake.calls).toEqual([22, 24]);
    expect(statuses(second)).toEqual({ 21: 'lowered', 22: 'lowered', 23: 'lowered', 24: 'failed' });
    expect(second.outcomes.get(24)).toMatchObject({ reason: 'Contact support.' });

    fake.calls.length = 0;
    down = false;
    const third = await lowerAlerts({ ids: [21, 22, 23, 24], previous: second, lower: fake.lower });
    expect(fake.calls).toEqual([24]);
    expect(progressOf(third)).toEqual({ total: 4, lowered: 4, failed: 0, pending: 0 });

    // Nothing left: nothing sent.
    fake.calls.length = 0;
    await lowerAlerts({ ids: [21, 22, 23, 24], previous: third, lower: fake.lower });
    expect(fake.calls).toEqual([]);
  });

  it('stops sending when its signal is aborted: what was not sent has no outcome, and a retry sends it', async () => {
    const controller = new AbortController();
    const fake = fakeLower((id) => {
      if (id === 31) controller.abort();
      return undefined;
    });
    const result = await lowerAlerts({ ids: [31, 32, 33, 34], lower: fake.lower, concurrency: 1, signal: controller.signal });
    expect(fake.calls).toEqual([31]);
    expect(statuses(result)).toEqual({ 31: 'lowered', 32: undefined, 33: undefined, 34: undefined });
    expect(progressOf(result)).toEqual({ total: 4, lowered: 1, failed: 0, pending: 3 });
    expect(toRetry(result)).toEqual([32, 33, 34]);
  });
});

describe('reasonOf', () => {
  it("says the service's problem detail, with the field errors it names", () => {
    expect(reasonOf(problem(400, 'The request body is invalid.', [{ in: 'body', name: 'details', message: 'must not be blank' }]))).toBe(
      'The request body is invalid. (details: must not be blank)',
    );
    expect(reasonOf(problem(404, 'No alert has the id 9.'))).toBe('No alert has the id 9.');
    expect(reasonOf(new ApiError({ kind: 'network', operation: 'alerts.addComment' }))).toMatch(/could not reach the server/);
    expect(reasonOf('weird')).toBe('Something went wrong.');
  });
});
