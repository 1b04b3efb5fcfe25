import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startDashboard } from '../e2e/perf/browser.ts';
import { JOURNEY_ENV, openIdSignIn, useBenchTarget, type BenchTarget } from '../e2e/perf/target.ts';
import { formatAb, type FigureRuns } from './ab.ts';
import type { Baseline } from './baseline.ts';
import type { FigureValue } from './figures.ts';

/**
 * BENCH_BASELINE's run: the baseline's dashboard and the working tree's, each from its own tree
 * on a free port and seeded alike, both kept running while every browser figure is measured
 * against one then the other, round after round (A, B, A, B…), so that whatever else the machine
 * is doing falls on both alike. A round that fails on one side counts as not measured there.
 */
export interface AbSection {
  /** BENCH_ONLY's name of the section (timeline, alerts, scores). */
  section: string;
  heading: string;
  /** One measurement of the section on whichever dashboard is the target, as figures (bench/figures.ts). */
  measure: () => Promise<FigureValue[]>;
}

interface Side {
  label: string;
  target: BenchTarget;
  child: ChildProcess;
}

/** The pre-OpenID gateway's sign-in (bf907c5 and its time): `POST /session { identifier }` sets the session cookie. */
async function postSessionSignIn(origin: string, identifier: string): Promise<string> {
  const response = await fetch(`${origin}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier }) });
  if (!response.ok) throw new Error(`POST /session as ${identifier}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

async function startSide(label: string, scale: number, baseline?: Baseline): Promise<Side> {
  // The gateway's records in memory on both sides: neither reads what an earlier run left in a
  // file. The journeys' own settings (the access rules off) on both: a build without them ignores them.
  const env = { ...JOURNEY_ENV, SEED_SCALE: String(scale), GATEWAY_DATABASE: ':memory:' };
  const started = Date.now();
  const { origin, child } = await startDashboard(env, baseline ? { script: join(baseline.root, baseline.adapter.startScript), cwd: baseline.root } : {});
  console.error(`${label}: dashboard on ${origin} (pid ${child.pid}), seeded at SEED_SCALE=${scale} in ${Math.round((Date.now() - started) / 1000)} s`);
  return {
    label,
    child,
    target: {
      // Lent to each journey, not stopped by it: one server per side for the whole run.
      dashboard: () => Promise.resolve({ origin, stop: () => undefined }),
      signIn: baseline?.adapter.signIn === 'post-session' ? postSessionSignIn : openIdSignIn,
    },
  };
}

async function stopSide(side: Side): Promise<void> {
  const { child } = side;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** One measurement on one side: its figures by name, or undefined when it failed. */
async function measureOn(side: Side, spec: AbSection, round: number): Promise<Map<string, number> | undefined> {
  const using = useBenchTarget(side.target);
  const started = Date.now();
  try {
    const figures = await spec.measure();
    console.error(
      `  ${spec.section}, round ${round}, ${side.label}: ${figures.map((f) => `${f.name} ${Math.round(f.value)} ms`).join('; ')} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
    return new Map(figures.map((f) => [f.name, f.value]));
  } catch (error) {
    console.error(`  ${spec.section}, round ${round}, ${side.label}: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return undefined;
  } finally {
    using.restore();
  }
}

/** Each round's figures, side by side, in the order the figures first appeared. */
function collect(section: string, a: (Map<string, number> | undefined)[] | undefined, b: (Map<string, number> | undefined)[]): FigureRuns[] {
  const names = [...new Set([...b, ...(a ?? [])].flatMap((round) => [...(round?.keys() ?? [])]))];
  const values = (rounds: (Map<string, number> | undefined)[]) => (name: string) => rounds.map((round) => round?.get(name) ?? Number.NaN);
  return names.map((name) => ({ section, name, unit: 'ms' as const, b: values(b)(name), ...(a ? { a: values(a)(name) } : {}) }));
}

export async function runAb(options: {
  baseline: Baseline;
  scale: number;
  rounds: number;
  sections: readonly AbSection[];
  /** Called with each section's table as soon as it is measured. */
  print: (heading: string, table: string) => void;
}): Promise<{ figures: FigureRuns[]; failed: boolean }> {
  const { baseline, scale, rounds } = options;
  const labels = { a: `${baseline.ref} (${baseline.sha.slice(0, 7)})`, b: 'working tree' };
  const sides: Side[] = [];
  const stopAll = () => sides.forEach((side) => side.child.kill('SIGTERM'));
  // Interrupted: both servers go with the bench (Playwright's own handler closes only its browser).
  const interrupted = (signal: NodeJS.Signals) => {
    stopAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', stopAll);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const figures: FigureRuns[] = [];
  let failed = false;
  try {
    sides.push(await startSide(`a: ${labels.a}`, scale, baseline));
    sides.push(await startSide('b: working tree', scale));
    const [a, b] = sides as [Side, Side];
    for (const spec of options.sections) {
      const baselineHasIt = baseline.adapter.sections.has(spec.section);
      const aRounds: (Map<string, number> | undefined)[] = [];
      const bRounds: (Map<string, number> | undefined)[] = [];
      const started = Date.now();
      for (let round = 1; round <= rounds; round += 1) {
        if (baselineHasIt) aRounds.push(await measureOn(a, spec, round));
        bRounds.push(await measureOn(b, spec, round));
      }
      if (bRounds.every((round) => round === undefined)) failed = true;
      const section = collect(spec.section, baselineHasIt ? aRounds : undefined, bRounds);
      figures.push(...section);
      const note = baselineHasIt ? '' : `\n\n${labels.a} has no such page: the working tree alone.`;
      options.print(
        `${spec.heading}, A/B over ${rounds} round${rounds === 1 ? '' : 's'} (${Math.round((Date.now() - started) / 1000)} s)`,
        formatAb(section, labels) + note,
      );
    }
  } finally {
    await Promise.all(sides.map(stopSide));
    process.off('exit', stopAll);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  return { figures, failed };
}
