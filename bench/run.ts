import { formatAlerts, measureAlerts } from '../e2e/perf/alerts.perf.ts';
import { formatNetworks, measureNetworks } from '../e2e/perf/networks.perf.ts';
import { measureTimeline, formatTimeline } from '../e2e/perf/timeline.perf.ts';
import { benchBackend, formatTable } from './backend.bench.ts';

/**
 * `npm run bench`: every benchmark, results as tables. BENCH_SCALE (default 10), BENCH_SECONDS
 * (default 10) and BENCH_ONLY (backend | timeline | alerts | networks) adjust it.
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

if (!only || only === 'networks') {
  const networks = await measureNetworks({ scale });
  console.log(`\n## Success networks and caseloads in Chromium (SEED_SCALE=${scale}, reference backend)\n`);
  console.log(formatNetworks(networks));
}
