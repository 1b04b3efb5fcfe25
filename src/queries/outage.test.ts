import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { ApiError } from '../api/errors.ts';
import { BACKOFF_MAX_MS, OutageMonitor, READY_POLL_MS, backoffDelay, outageCause, type OutageEnvironment } from './outage.ts';

const problem = (status: number, type?: string) =>
  new ApiError({
    kind: 'http',
    operation: 'people.get',
    method: 'GET',
    url: '/api/people/S1',
    status,
    problem: { type: type ? `urn:student-success:problem:${type}` : 'about:blank', title: 'x', status, detail: 'x' },
  });
const network = () => new ApiError({ kind: 'network', operation: 'people.get', method: 'GET', url: '/api/people/S1' });

describe('the backoff between retries during an outage', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(backoffDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, BACKOFF_MAX_MS]);
    expect(backoffDelay(-3)).toBe(1_000);
  });

  it('waits out what the service or the network caused, not what a request or a setting did', () => {
    expect(outageCause(network())).toBe('offline');
    expect(outageCause(problem(502, 'upstream-unreachable'))).toBe('unreachable');
    expect(outageCause(problem(504, 'upstream-timeout'))).toBe('unreachable');
    expect(outageCause(problem(503))).toBe('failing');
    expect(outageCause(problem(502, 'upstream-credentials-refused'))).toBeUndefined();
    expect(outageCause(problem(404))).toBeUndefined();
    expect(outageCause(new Error('render'))).toBeUndefined();
  });
});

describe('the outage monitor', () => {
  let down: boolean;
  let visible: boolean;
  let wake: () => void;
  let hide: () => void;
  let probes: number;
  let client: QueryClient;
  let stopObserving: () => void;
  let monitor: OutageMonitor;

  beforeEach(() => {
    vi.useFakeTimers();
    down = true;
    visible = true;
    probes = 0;
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const env: OutageEnvironment = {
      probe: async () => {
        probes += 1;
        return !down;
      },
      now: () => Date.now(),
      isVisible: () => visible,
      onWake: (onWake, onHide) => {
        wake = onWake;
        hide = onHide;
        return () => undefined;
      },
    };
    monitor = new OutageMonitor(client, env);
    monitor.start();
    // Two sections of one page, failing for the same reason.
    const observers = ['person', 'alerts'].map(
      (name) =>
        // `down` is the service's state, not a parameter of the query: the same key before and after.
        // eslint-disable-next-line @tanstack/query/exhaustive-deps
        new QueryObserver(client, {
          queryKey: [name],
          queryFn: async () => {
            if (down) throw problem(502, 'upstream-unreachable');
            return name;
          },
        }),
    );
    const unsubscribe = observers.map((o) => o.subscribe(() => undefined));
    stopObserving = () => unsubscribe.forEach((u) => u());
  });
  afterEach(() => {
    stopObserving();
    monitor.stop();
    vi.useRealTimers();
  });

  it('notices one outage for every failing section, retries after 1, 2, 4 s while down, and ends within a poll of the service answering', async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.getState()).toMatchObject({ active: true, failing: 2, cause: 'unreachable', nextRetryAt: Date.now() + 1_000 });

    // 1 s: the first retry finds /readyz not ready; the next is 2 s later, then 4 s.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(monitor.getState().nextRetryAt).toBe(Date.now() + 2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(monitor.getState().nextRetryAt).toBe(Date.now() + 4_000);
    expect(client.getQueryState(['alerts'])?.status).toBe('error');

    down = false;
    await vi.advanceTimersByTimeAsync(READY_POLL_MS);
    expect(monitor.getState()).toMatchObject({ active: false, failing: 0 });
    expect(client.getQueryData(['person'])).toBe('person');
    expect(client.getQueryData(['alerts'])).toBe('alerts');
  });

  it('does nothing while the page is hidden, and tries at once when it is seen, focused or back online', async () => {
    await vi.advanceTimersByTimeAsync(0);
    visible = false;
    hide();
    const before = probes;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probes).toBe(before);
    expect(monitor.getState()).toMatchObject({ active: true, nextRetryAt: null });

    visible = true;
    down = false;
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.getState().active).toBe(false);
  });

  it('leaves one section’s own 5xx to that section (its message, its Retry)', async () => {
    const alone = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const own = new OutageMonitor(alone, { probe: async () => true, now: () => Date.now(), isVisible: () => true, onWake: () => () => undefined });
    own.start();
    const observer = new QueryObserver(alone, {
      queryKey: ['updates'],
      queryFn: async (): Promise<string> => {
        throw problem(503);
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(alone.getQueryState(['updates'])?.status).toBe('error');
    expect(own.getState().active).toBe(false);
    unsubscribe();
    own.stop();
  });

  it('Retry now retries at once and, still down, keeps backing off', async () => {
    await vi.advanceTimersByTimeAsync(0);
    await monitor.retryNow();
    expect(monitor.getState()).toMatchObject({ active: true, checking: false, nextRetryAt: Date.now() + 2_000 });
  });
});
