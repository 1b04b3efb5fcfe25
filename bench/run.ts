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
import { formatJournal, measureJournal } from './journal.bench.ts';
import { formatAccess, measureAccess } from './access.bench.ts';
import { formatDigest, measureDigest } from './digest.bench.ts';

/**
 * `npm run bench`: every benchmark, results as tables. BENCH_SCALE (default 10), BENCH_SECONDS
 * (default 10), BENCH_ONLY (backend | gateway | journal | access | digest | compression | timeline | alerts | lighthouse | scores | apply | networks, comma-separated),
 * BENCH_NETWORK (loopback | emulated; default both), BENCH_LIGHTHOUSE_RUNS (default 3) and
 * BENCH_LIGHTHOUSE_PAGES (default every signed-in page of the route table; route paths or URLs, comma-separated) adjust it; GATEWAY_BENCH_SECONDS (default 60) the gateway's load test.
 */
/**
 * One section: measured, then printed under its heading with how long it took. A section that
 * fails prints why and the bench goes on with the others (the exit code says something failed).
 */
async function section<T>(name: string, heading: string, measure: () => Promise<T>, format: (result: T) => string): Promise<T | undefined> {
  if (!wanted(name)) return undefined;
  const started = Date.now();
  try {
    const result = await measure();
    console.log(`\n## ${heading} (${Math.round((Date.now() - started) / 1000)} s)\n`);
    console.log(format(result));
    return result;
  } catch (error) {
    process.exitCode = 1;
    console.log(`\n## ${heading}: FAILED after ${Math.round((Date.now() - started) / 1000)} s\n`);
    console.log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return undefined;
  }
}

const scale = Number(process.env.BENCH_SCALE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);
const profiles = PROFILES.filter((p) => {
  const network = process.env.BENCH_NETWORK;
  return !network || (network === 'loopback' ? !p.emulate : Boolean(p.emulate));
});

await section(
  'backend',
  `Reference backend (SEED_SCALE=${scale})`,
  () => benchBackend({ scale, seconds }),
  (backend) => [`Seed time: ${backend.seedMs} ms`, '', formatTable(backend.rows), '', ...backend.notes.map((note) => `- ${note}`)].join('\n'),
);

const gatewaySeconds = Number(process.env.GATEWAY_BENCH_SECONDS ?? 60);
const gateway = await section(
  'gateway',
  `Gateway in front of the reference backend (SEED_SCALE=${scale}, autocannon in a second process)`,
  () => benchGateway({ scale, seconds: gatewaySeconds, connections: 10 }),
  formatGateway,
);
// Errors or memory that does not settle fail the bench (issue 15).
if (gateway && (gateway.errors > 0 || !gateway.flat)) process.exitCode = 1;

await section('journal', 'The change journal on each engine (#29)', measureJournal, formatJournal);

await section('access', `Who may read what: the cost of the access rules (#30, SEED_SCALE=${scale})`, () => measureAccess({ scale }), formatAccess);

await section('digest', `One e-mail digest run for every staff member (#32, SEED_SCALE=${scale})`, () => measureDigest({ scale }), formatDigest);

await section('compression', `Compression of one page of 1,000 alerts (SEED_SCALE=${scale})`, () => measureCompression(scale), formatCompression);

for (const profile of profiles) {
  const where = `SEED_SCALE=${scale}, cold cache, ${profile.name}`;
  await section(
    'timeline',
    `Student timeline in Chromium (${where})`,
    () => measureTimeline({ scale, profile, ...(profile.emulate ? { runs: 3 } : {}) }),
    formatTimeline,
  );
  await section('alerts', `Alert triage queue in Chromium (${where})`, () => measureAlerts({ scale, profile }), formatAlerts);
  await section('scores', `Cohort scores, the largest cohort, in Chromium (${where})`, () => measureScores({ scale, profile }), formatScores);
}

const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const lighthousePages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((s) => s.trim());
await section(
  'lighthouse',
  `Lighthouse performance and accessibility, signed in, every page of the route table (SEED_SCALE=${scale}, median of ${lighthouseRuns})`,
  () => measureLighthouse({ scale, runs: lighthouseRuns, ...(lighthousePages ? { pages: lighthousePages } : {}) }),
  formatLighthouse,
);

const apply = await section(
  'apply',
  `Applying a trigger to 1,000 students in Chromium (SEED_SCALE=${scale}, reference backend)`,
  () => measureApplyTrigger({ scale }),
  formatApplyTrigger,
);
if (apply && apply.verifiedCreated !== apply.students) process.exitCode = 1;

await section(
  'networks',
  `Success networks and caseloads in Chromium (SEED_SCALE=${scale}, reference backend)`,
  () => measureNetworks({ scale }),
  formatNetworks,
);
