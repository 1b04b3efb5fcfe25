import { formatAlerts, measureAlerts } from '../e2e/perf/alerts.perf.ts';
import { formatLighthouse, measureLighthouse } from '../e2e/perf/lighthouse.perf.ts';
import { PROFILES } from '../e2e/perf/network.ts';
import { formatScores, measureScores } from '../e2e/perf/scores.perf.ts';
import { formatApplyTrigger, measureApplyTrigger } from '../e2e/perf/apply-trigger.perf.ts';
import { formatNetworks, measureNetworks } from '../e2e/perf/networks.perf.ts';
import { measureTimeline, formatTimeline } from '../e2e/perf/timeline.perf.ts';
import { benchBackend, formatTable } from './backend.bench.ts';
import { formatCompression, measureCompression } from './compression.bench.ts';
import { benchGateway, formatGateway } from './gateway.bench.ts';

/**
 * `npm run bench`: every benchmark, results as tables. BENCH_SCALE (default 10), BENCH_SECONDS
 * (default 10), BENCH_ONLY (backend | gateway | compression | timeline | alerts | lighthouse | scores | apply | networks, comma-separated),
 * BENCH_NETWORK (loopback | emulated; default both), BENCH_LIGHTHOUSE_RUNS (default 3) and
 * BENCH_LIGHTHOUSE_PAGES (default every signed-in page of the route table; route paths or URLs, comma-separated) adjust it; GATEWAY_BENCH_SECONDS (default 60) the gateway's load test.
 */
/** A section's result and how long it took, for the heading. */
async function timedSection<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = Date.now();
  const result = await run();
  return { result, seconds: Math.round((Date.now() - started) / 1000) };
}

const scale = Number(process.env.BENCH_SCALE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);
const profiles = PROFILES.filter((p) => {
  const network = process.env.BENCH_NETWORK;
  return !network || (network === 'loopback' ? !p.emulate : Boolean(p.emulate));
});

if (wanted('backend')) {
  const backend = await benchBackend({ scale, seconds });
  console.log(`\n## Reference backend (SEED_SCALE=${scale})\n`);
  console.log(`Seed time: ${backend.seedMs} ms\n`);
  console.log(formatTable(backend.rows));
  console.log('');
  for (const note of backend.notes) console.log(`- ${note}`);
}

if (wanted('gateway')) {
  const gatewaySeconds = Number(process.env.GATEWAY_BENCH_SECONDS ?? 60);
  const gateway = await benchGateway({ scale, seconds: gatewaySeconds, connections: 10 });
  console.log(`\n## Gateway in front of the reference backend (SEED_SCALE=${scale}, autocannon in a second process)\n`);
  console.log(formatGateway(gateway));
}

if (wanted('compression')) {
  console.log(`\n## Compression of one page of 1,000 alerts (SEED_SCALE=${scale})\n`);
  console.log(formatCompression(await measureCompression(scale)));
}

for (const profile of profiles) {
  if (wanted('timeline')) {
    const timeline = await timedSection(() => measureTimeline({ scale, profile, ...(profile.emulate ? { runs: 3 } : {}) }));
    console.log(`\n## Student timeline in Chromium (SEED_SCALE=${scale}, cold cache, ${profile.name}; ${timeline.seconds} s)\n`);
    console.log(formatTimeline(timeline.result));
  }
  if (wanted('alerts')) {
    const alerts = await timedSection(() => measureAlerts({ scale, profile }));
    console.log(`\n## Alert triage queue in Chromium (SEED_SCALE=${scale}, cold cache, ${profile.name}; ${alerts.seconds} s)\n`);
    console.log(formatAlerts(alerts.result));
  }
  if (wanted('scores')) {
    const scores = await timedSection(() => measureScores({ scale, profile }));
    console.log(`\n## Cohort scores in Chromium (SEED_SCALE=${scale}, cold cache, ${profile.name}; ${scores.seconds} s)\n`);
    console.log(formatScores(scores.result));
  }
}

if (wanted('lighthouse')) {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const pages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((s) => s.trim());
  const rows = await timedSection(() => measureLighthouse({ scale, runs, ...(pages ? { pages } : {}) }));
  console.log(`\n## Lighthouse performance and accessibility, signed in, every page of the route table (SEED_SCALE=${scale}, median of ${runs}; ${rows.seconds} s)\n`);
  console.log(formatLighthouse(rows.result));
}

if (wanted('apply')) {
  const { result: apply, seconds: took } = await timedSection(() => measureApplyTrigger({ scale }));
  console.log(`\n## Applying a trigger to 1,000 students in Chromium (SEED_SCALE=${scale}, reference backend; ${took} s)\n`);
  console.log(formatApplyTrigger(apply));
  if (apply.verifiedCreated !== apply.students) process.exitCode = 1;
}

if (wanted('networks')) {
  const { result: networks, seconds: took } = await timedSection(() => measureNetworks({ scale }));
  console.log(`\n## Success networks and caseloads in Chromium (SEED_SCALE=${scale}, reference backend; ${took} s)\n`);
  console.log(formatNetworks(networks));
}
