import { useContext, useEffect, useSyncExternalStore } from 'react';
import { QueryClientContext, type Query, type QueryClient } from '@tanstack/react-query';
import { gatewayFailure, isApiError } from '../api/errors.ts';

/**
 * When the service (or the way to it) is down, every section of a page fails for the same reason
 * (#31 item 5). This notices it once for the whole page: the failing queries are retried with
 * backoff while the page is visible, `/readyz` is asked meanwhile so that recovery is seen within
 * seconds, and the failing queries are fetched again as soon as it answers, on reconnecting, on
 * focus and on "Retry now".
 */

/** The first retry after an outage is noticed; each later one waits twice as long, up to the cap. */
export const BACKOFF_START_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** How often `/readyz` is asked during an outage: recovery is seen this soon, whatever the backoff. */
export const READY_POLL_MS = 3_000;

/** 1 s, 2 s, 4 s, 8 s … 30 s, 30 s: the wait before retry number `attempt` (0-based). */
export function backoffDelay(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return n >= 15 ? BACKOFF_MAX_MS : Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** n);
}

/** No answer from the server at all; the gateway's "not answering" (timeout, unreachable); a 5xx answer. */
export type OutageCause = 'offline' | 'unreachable' | 'failing';

/**
 * A failure that is the service's (or the network's), not this request's: no answer, a timeout,
 * or a 5xx. Refused credentials need an administrator and an unreadable answer a fix, so neither
 * is waited out; a 4xx is about the request.
 */
export function outageCause(error: unknown): OutageCause | undefined {
  if (!isApiError(error)) return undefined;
  const failure = gatewayFailure(error);
  if (failure === 'credentials' || failure === 'invalid') return undefined;
  if (error.kind === 'network') return 'offline';
  if (error.kind === 'timeout' || failure === 'timeout' || failure === 'unreachable') return 'unreachable';
  if (error.kind === 'http' && error.status !== undefined && error.status >= 500) return 'failing';
  return undefined;
}

export const isOutageError = (error: unknown): boolean => outageCause(error) !== undefined;

export interface OutageState {
  active: boolean;
  cause: OutageCause;
  /** Failing queries waiting for the service. */
  failing: number;
  /** What the first failure said (the service's own words for a 5xx). */
  error: unknown;
  /** When the next retry runs (ms since the epoch); null while one runs or the page is hidden. */
  nextRetryAt: number | null;
  checking: boolean;
}

const IDLE: OutageState = { active: false, cause: 'unreachable', failing: 0, error: undefined, nextRetryAt: null, checking: false };

export interface OutageEnvironment {
  /** Whether the service answers again: `/readyz` in the app. */
  probe: () => Promise<boolean>;
  now: () => number;
  isVisible: () => boolean;
  /** Subscribes to visibility, focus and reconnection; returns the unsubscription. */
  onWake: (wake: () => void, hide: () => void) => () => void;
}

/** On the page (observed) and failed for the outage. */
const failingOutage = (query: Query) => query.isActive() && query.state.status === 'error' && isOutageError(query.state.error);

/** `/readyz` answers 200 (or is not there: a development server without it); anything else is "not yet". */
export async function probeReady(signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch('/readyz', { headers: { accept: 'application/json' }, cache: 'no-store', ...(signal ? { signal } : {}) });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}

export function browserEnvironment(): OutageEnvironment {
  return {
    probe: () => probeReady(AbortSignal.timeout(5_000)),
    now: () => Date.now(),
    isVisible: () => document.visibilityState === 'visible',
    onWake: (wake, hide) => {
      const visibility = () => (document.visibilityState === 'visible' ? wake() : hide());
      document.addEventListener('visibilitychange', visibility);
      window.addEventListener('focus', wake);
      window.addEventListener('online', wake);
      return () => {
        document.removeEventListener('visibilitychange', visibility);
        window.removeEventListener('focus', wake);
        window.removeEventListener('online', wake);
      };
    },
  };
}

/** The outage of one query client's queries: its state, its timers, its retries. */
export class OutageMonitor {
  private state: OutageState = IDLE;
  private readonly listeners = new Set<() => void>();
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  /** What the last look at `/readyz` said: a change to "ready" retries at once. */
  private lastReady = false;
  private stopCache: (() => void) | undefined;
  private stopWake: (() => void) | undefined;

  private readonly queryClient: QueryClient;
  private readonly env: OutageEnvironment;

  constructor(queryClient: QueryClient, env: OutageEnvironment) {
    this.queryClient = queryClient;
    this.env = env;
  }

  start(): void {
    if (this.stopCache) return;
    this.stopCache = this.queryClient.getQueryCache().subscribe(() => this.review());
    this.stopWake = this.env.onWake(
      () => {
        if (this.state.active) void this.retry();
      },
      () => this.pause(),
    );
    this.review();
  }

  stop(): void {
    this.stopCache?.();
    this.stopWake?.();
    this.stopCache = this.stopWake = undefined;
    this.clearTimers();
  }

  getState = (): OutageState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** "Retry now": the same as the next scheduled retry, at once. */
  retryNow = (): Promise<void> => this.retry();

  private set(next: Partial<OutageState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /**
   * The queries failing for the outage, by hash. One that is fetched again stays here until it
   * settles: a section's own Retry or a refetch on focus does not end the outage for a moment.
   */
  private readonly tracked = new Set<string>();

  private failing(): Query[] {
    const cache = this.queryClient.getQueryCache();
    for (const query of cache.getAll()) {
      if (failingOutage(query)) this.tracked.add(query.queryHash);
      else if (this.tracked.has(query.queryHash) && (query.state.fetchStatus !== 'fetching' || !query.isActive())) this.tracked.delete(query.queryHash);
    }
    const out: Query[] = [];
    for (const hash of this.tracked) {
      const query = cache.get(hash);
      if (query) out.push(query);
      else this.tracked.delete(hash);
    }
    return out;
  }

  /** After any change in the cache: an outage begins, goes on (with how many failing) or ends. */
  private review(): void {
    const failing = this.failing();
    if (failing.length === 0) {
      if (this.state.active && !this.state.checking) this.end();
      return;
    }
    const errors = failing.flatMap((q) => (q.state.status === 'error' ? [q.state.error] : []));
    const causes = errors.map((e) => outageCause(e));
    const cause = causes.length === 0 ? this.state.cause : causes.includes('offline') ? 'offline' : causes.includes('unreachable') ? 'unreachable' : 'failing';
    const error = errors[0] ?? this.state.error;
    if (!this.state.active) {
      // One section's own 5xx stays that section's (with its Retry); several, or no answer at all, is the page's.
      if (failing.length < 2 && cause === 'failing') return;
      this.attempt = 0;
      this.lastReady = false;
      this.set({ active: true, cause, error, failing: failing.length, checking: false, nextRetryAt: null });
      this.schedule();
    } else if (failing.length !== this.state.failing || cause !== this.state.cause || error !== this.state.error) {
      this.set({ failing: failing.length, cause, error });
    }
  }

  private end(): void {
    this.clearTimers();
    this.attempt = 0;
    this.set(IDLE);
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.pollTimer);
    this.retryTimer = this.pollTimer = undefined;
  }

  /** Nothing runs while the page is hidden: nobody is looking, and the service is spared. */
  private pause(): void {
    this.clearTimers();
    if (this.state.active) this.set({ nextRetryAt: null });
  }

  private schedule(): void {
    this.clearTimers();
    if (!this.state.active || !this.env.isVisible()) return this.set({ nextRetryAt: null });
    const delay = backoffDelay(this.attempt);
    this.retryTimer = setTimeout(() => void this.retry(), delay);
    this.pollTimer = setInterval(() => void this.poll(), READY_POLL_MS);
    this.set({ nextRetryAt: this.env.now() + delay });
  }

  private async poll(): Promise<void> {
    if (this.state.checking) return;
    const ready = await this.env.probe();
    const wasReady = this.lastReady;
    this.lastReady = ready;
    if (ready && !wasReady && this.state.active && !this.state.checking) await this.retry();
  }

  private async retry(): Promise<void> {
    if (!this.state.active || this.state.checking) return;
    this.clearTimers();
    this.set({ checking: true, nextRetryAt: null });
    const ready = await this.env.probe();
    this.lastReady = ready;
    if (ready) {
      // Each failing query again (with its own quick retries); if it still fails, the backoff goes on.
      await Promise.all(
        this.failing()
          .filter((query) => query.state.fetchStatus !== 'fetching')
          .map((query) => query.fetch(undefined, { cancelRefetch: false }).catch(() => undefined)),
      );
    }
    this.attempt += 1;
    this.set({ checking: false });
    if (this.failing().length === 0) return this.end();
    this.schedule();
  }
}

const monitors = new WeakMap<QueryClient, OutageMonitor>();

/** The query client's monitor (one per client), made on first use with the browser's environment. */
export function outageMonitorOf(queryClient: QueryClient, env: () => OutageEnvironment = browserEnvironment): OutageMonitor {
  let monitor = monitors.get(queryClient);
  if (!monitor) monitors.set(queryClient, (monitor = new OutageMonitor(queryClient, env())));
  return monitor;
}

/** Runs the monitor while the app shell is mounted. */
export function useOutageMonitor(queryClient: QueryClient): OutageMonitor {
  const monitor = outageMonitorOf(queryClient);
  useEffect(() => {
    monitor.start();
    return () => monitor.stop();
  }, [monitor]);
  useSyncExternalStore(monitor.subscribe, monitor.getState);
  return monitor;
}

const noMonitor = { subscribe: () => () => {}, getState: () => IDLE };

/** The outage as any component sees it (inactive outside an app shell, e.g. in a component test). */
export function useOutageState(): OutageState {
  const queryClient = useContext(QueryClientContext);
  const monitor = queryClient ? monitors.get(queryClient) : undefined;
  const source = monitor ?? noMonitor;
  return useSyncExternalStore(source.subscribe, source.getState);
}
