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
import { formatProfile, measureProfile } from './profile.ts';
import { formatHome, measureHome } from './home.bench.ts';
import { formatOutcomes, measureOutcomes } from './outcomes.bench.ts';
import { formatDigest, measureDigest } from './digest.bench.ts';
import { benchJson, writeBenchJson, type FigureRuns } from './ab.ts';
import { runAb, type AbSection } from './ab-run.ts';
import { prepareBaseline } from './baseline.ts';
import { calibrate } from './calibration.ts';
import { alertsFigures, scoresFigures, timelineFigures, type FigureValue } from './figures.ts';
import { cpuThrottle } from '../e2e/perf/target.ts';

/**
 * `npm run bench`: every benchmark, results as tables. BENCH_SCALE (default 10), BENCH_SECONDS
 * (default 10), BENCH_ONLY (backend | gateway | journal | access | home | outcomes | digest | compression | timeline | alerts | lighthouse | scores | apply | networks, comma-separated; `profile` only when named),
 * BENCH_NETWORK (loopback | emulated; default both), BENCH_LIGHTHOUSE_RUNS (default 3) and
 * BENCH_LIGHTHOUSE_PAGES (default every signed-in page of the route table; route paths or URLs, comma-separated) adjust it; GATEWAY_BENCH_SECONDS (default 60) the gateway's load test.
 *
 * Comparing builds and machines (#34): a CPU calibration line comes first; BENCH_BASELINE=<git ref>
 * measures the browser figures (timeline, alerts, scores) of that ref's build and of the working
 * tree interleaved, BENCH_ROUNDS rounds (default 5); BENCH_CPU_THROTTLE slows Chromium's CPU for
 * them; BENCH_JSON=<file> also writes every browser figure as JSON (bench/ab.ts).
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

// SEED_SCALE as well: what the seed itself reads, and what one may reach for first.
const scale = Number(process.env.BENCH_SCALE ?? process.env.SEED_SCALE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);
const profiles = PROFILES.filter((p) => {
  const network = process.env.BENCH_NETWORK;
  return !network || (network === 'loopback' ? !p.emulate : Boolean(p.emulate));
});

const throttle = cpuThrottle();
const baselineRef = process.env.BENCH_BASELINE?.trim() || undefined;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_ROUNDS must be a whole number ≥ 1 (got ${process.env.BENCH_ROUNDS})`);
const calibration = calibrate();
console.log(
  `calibration: ${Math.round(calibration.medianMs)} ms (parsing and validating 10,000 alerts with the contract's schemas in Node, median of ${calibration.runsMs.length})`,
);
console.log(
  `\n# npm run bench: SEED_SCALE=${scale}; browser figures with Chromium's CPU ${throttle === 1 ? 'not throttled' : `throttled ${throttle}× (BENCH_CPU_THROTTLE)`}` +
    (baselineRef ? `; A/B against ${baselineRef}, ${rounds} interleaved round${rounds === 1 ? '' : 's'}` : ''),
);
// Checked out and built before anything is measured (an unknown ref fails at once), and only
// when a browser section is to run: the baseline is measured in those alone.
const browserSections = ['timeline', 'alerts', 'scores'].filter(wanted);
const baseline = baselineRef && browserSections.length > 0 ? await prepareBaseline(baselineRef) : undefined;
if (baselineRef && !baseline) console.log(`BENCH_BASELINE: no browser section (timeline, alerts, scores) in BENCH_ONLY, so ${baselineRef} is not measured`);
if (baseline) console.log(`a = ${baseline.ref} (${baseline.sha}, built in ${baseline.root}); b = the working tree`);

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
await section('home', `My students: the home of a 700-student caseload (#32, SEED_SCALE=${scale})`, () => measureHome({ scale }), formatHome);

await section(
  'outcomes',
  `Outcomes and alert burden: the 90-day window cold and warm (#33, SEED_SCALE=${scale})`,
  () => measureOutcomes({ scale }),
  formatOutcomes,
);

await section('digest', `One e-mail digest run for every staff member (#32, SEED_SCALE=${scale})`, () => measureDigest({ scale }), formatDigest);

await section('compression', `Compression of one page of 1,000 alerts (SEED_SCALE=${scale})`, () => measureCompression(scale), formatCompression);

// The browser figures, for BENCH_JSON and the A/B tables.
const figures: FigureRuns[] = [];
const workingTreeOnly = (name: string, values: FigureValue[]) =>
  figures.push(...values.map((f) => ({ section: name, name: f.name, unit: 'ms' as const, b: [f.value] })));
if (baseline) {
  // One cold visit a round on each side: the rounds make the median and the spread.
  const sections: AbSection[] = profiles.flatMap((profile) => {
    const where = `SEED_SCALE=${scale}, cold cache, ${profile.name}`;
    const all: AbSection[] = [
      {
        section: 'timeline',
        heading: `Student timeline in Chromium (${where})`,
        measure: async () => timelineFigures(await measureTimeline({ scale, profile, runs: 1, figuresOnly: true })),
      },
      { section: 'alerts', heading: `Alert triage queue in Chromium (${where})`, measure: async () => alertsFigures(await measureAlerts({ scale, profile })) },
      {
        section: 'scores',
        heading: `Cohort scores, the largest cohort, in Chromium (${where})`,
        measure: async () => scoresFigures(await measureScores({ scale, profile, runs: 1 })),
      },
    ];
    return all.filter((s) => wanted(s.section));
  });
  if (sections.length > 0) {
    const ab = await runAb({
      baseline,
      scale,
      rounds,
      sections,
      print: (heading, table) => console.log(`\n## ${heading}\n\n${table}`),
    });
    figures.push(...ab.figures);
    if (ab.failed) process.exitCode = 1;
  }
} else {
  for (const profile of profiles) {
    const where = `SEED_SCALE=${scale}, cold cache, ${profile.name}`;
    const timeline = await section(
      'timeline',
      `Student timeline in Chromium (${where})`,
      () => measureTimeline({ scale, profile, ...(profile.emulate ? { runs: 3 } : {}) }),
      formatTimeline,
    );
    if (timeline) workingTreeOnly('timeline', timelineFigures(timeline));
    const alerts = await section('alerts', `Alert triage queue in Chromium (${where})`, () => measureAlerts({ scale, profile }), formatAlerts);
    if (alerts) workingTreeOnly('alerts', alertsFigures(alerts));
    const scores = await section('scores', `Cohort scores, the largest cohort, in Chromium (${where})`, () => measureScores({ scale, profile }), formatScores);
    if (scores) workingTreeOnly('scores', scoresFigures(scores));
  }
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

// Not run by default: a profile for finding work, not a figure with a goal (#34 item 2).
if (only?.includes('profile')) {
  const slowed = process.env.BENCH_CPU_THROTTLE ? throttle : 4;
  await section(
    'profile',
    `Where the main thread's time goes, CPU slowed ${slowed}× (SEED_SCALE=${scale})`,
    () => measureProfile({ scale, throttle: slowed }),
    formatProfile,
  );
}

const jsonFile = process.env.BENCH_JSON;
if (jsonFile) {
  writeBenchJson(
    jsonFile,
    benchJson({
      calibrationMs: calibration.medianMs,
      cpuThrottle: throttle,
      ...(baseline ? { baseline: { ref: baseline.ref, sha: baseline.sha } } : {}),
      figures,
    }),
  );
  console.log(`\nBENCH_JSON: ${figures.length} figures written to ${jsonFile}`);
}
