import type { AlertsPerf } from '../e2e/perf/alerts.perf.ts';
import { median } from '../e2e/perf/journey.ts';
import type { ScoresPerf } from '../e2e/perf/scores.perf.ts';
import type { TimelinePerf } from '../e2e/perf/timeline.perf.ts';

/**
 * The browser figures the A/B bench compares and BENCH_JSON lists, read from each section's own
 * result: one number per figure per measurement (a round). Their names carry the network, so
 * each is unique within its section.
 */
export interface FigureValue {
  name: string;
  value: number;
}

const over =
  (network: string) =>
  (name: string, value: number | undefined): FigureValue => ({ name: `${name}, ${network}`, value: value ?? Number.NaN });

export function timelineFigures(r: TimelinePerf): FigureValue[] {
  const figure = over(r.profile);
  return [figure('student page first row', r.firstRowMs), figure('student page everything', r.allLoadedMs)];
}

export function alertsFigures(r: AlertsPerf): FigureValue[] {
  const figure = over(r.profile);
  return [
    figure('complete', r.completeMs),
    figure('complete and interactive', r.interactiveMs),
    // Filter changes are measured over loopback only (they are the page's own work).
    ...(r.chipChangesMs.length > 0 ? [figure('filter change (chip)', median(r.chipChangesMs))] : []),
    ...(r.keyChangesMs.length > 0 ? [figure('filter change (key)', median(r.keyChangesMs))] : []),
  ];
}

export function scoresFigures(r: ScoresPerf): FigureValue[] {
  const figure = over(r.profile);
  // Over loopback the judged figures are the uninstrumented Chromium's (e2e/perf/scores.perf.ts).
  const extension = r.bare ? r.bare.extension : r.extension.map((v) => v.paintedMs);
  const fallback = r.bare ? r.bare.fallback : r.fallback.map((v) => v.paintedMs);
  const where = r.bare ? ', uninstrumented Chromium' : '';
  return [
    figure(`cohort every histogram, extension${where}`, median(extension)),
    figure(`cohort through the fallback${where}`, median(fallback)),
    ...(r.filterChangesMs.length > 0 ? [figure('cohort filter change (band)', median(r.filterChangesMs))] : []),
  ];
}
