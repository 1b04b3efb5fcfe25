import { Hono } from 'hono';
import { withDeadline } from './bounded.ts';
import type { Upstream } from './upstream.ts';

/**
 * Probes for an orchestrator (#15.4). `/healthz`: the process is up and serving (no dependency is
 * asked, so a slow service never gets the gateway restarted). `/readyz`: the service and its token
 * endpoint answer, and every other dependency passed in `checks` (the session store, the journal's
 * Redis); 503 while any does not, or while the gateway is draining for shutdown.
 */
export type ReadinessCheck = (signal: AbortSignal) => Promise<void>;

export interface HealthOptions {
  upstream: Upstream;
  /** Each check's deadline. */
  timeoutMs: number;
  checks?: Record<string, ReadinessCheck>;
  /** True once shutdown has begun: a load balancer stops sending new requests. */
  draining?: () => boolean;
}

interface CheckResult {
  ok: boolean;
  ms: number;
  detail?: string;
}

async function run(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  try {
    await withDeadline(timeoutMs, (signal) => check(signal));
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      ms: Math.round(performance.now() - started),
      detail: timedOut ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message.slice(0, 200) : 'failed',
    };
  }
}

export function healthRoutes(options: HealthOptions): Hono {
  const app = new Hono();
  const checks: Record<string, ReadinessCheck> = {
    upstream: async (signal) => {
      // Any HTTP answer below 500 means the service is there (the probe sends no credentials).
      const status = await options.upstream.probe(signal);
      if (status >= 500) throw new Error(`the service answered ${status}`);
    },
    token: (signal) => options.upstream.probeToken(signal),
    ...options.checks,
  };

  app.get('/healthz', (c) => c.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));

  app.get('/readyz', async (c) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => run(checks[name]!, options.timeoutMs)));
    const byName = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const draining = options.draining?.() ?? false;
    const ready = !draining && results.every((r) => r.ok);
    return c.json({ status: ready ? 'ready' : draining ? 'draining' : 'not-ready', checks: byName }, ready ? 200 : 503);
  });
  return app;
}
