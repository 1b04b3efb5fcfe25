import { formatAlerts, measureAlerts } from '../e2e/perf/alerts.perf.ts';
import { measureTimeline, formatTimeline } from '../e2e/perf/timeline.perf.ts';
import { benchBackend, formatTable } from './backend.bench.ts';
import { benchGateway, formatGateway } from './gateway.bench.ts';

/**
 * `npm run bench`: every benchmark, results as tables. BENCH_SCALE (default 10), BENCH_SECONDS
 * (default 10) and BENCH_ONLY (backend | gateway | timeline | alerts) adjust it; GATEWAY_BENCH_SECONDS
 * (default 60) the gateway's load test.
 */
const scale = Number(process.env.BENCH_SCALE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY;

if (!only || only === 'backend') {
  const backend = await benchBackend({ scale, seconds });
  console.log(`\n## Reference backend (SEED_SCALE=${scale})\n`);
  console.log(`Seed time: ${backend.seedMs} ms\n`);
  console.log(formatTable(backend.rows));
  console.log('');
  for (const note of backend.notes) console.log(`- ${note}`);
}

if (!only || only === 'gateway') {
  const gatewaySeconds = Number(process.env.GATEWAY_BENCH_SECONDS ?? 60);
  const gateway = await benchGateway({ scale, seconds: gatewaySeconds, connections: 10 });
  console.log(`\n## Gateway in front of the reference backend (SEED_SCALE=${scale}, autocannon in a second process)\n`);
  console.log(formatGateway(gateway));
}

if (!only || only === 'timeline') {
  const timeline = await measureTimeline({ scale });
  console.log(`\n## Student timeline in Chromium (SEED_SCALE=${scale}, cold cache, reference backend)\n`);
  console.log(formatTimeline(timeline));
}

if (!only || only === 'alerts') {
  const alerts = await measureAlerts({ scale });
  console.log(`\n## Alert triage queue in Chromium (SEED_SCALE=${scale}, cold cache, reference backend)\n`);
  console.log(formatAlerts(alerts));
}
