import type { DatabaseSync } from 'node:sqlite';
import { Rng } from './random.ts';
import { SECOND, STREAM } from './units.ts';
import { ASSESSMENTS } from './vocabulary.ts';

/**
 * Share of the students enrolled before it who answered the latest closed CSA (the others: half).
 * It is the largest cohort, and at SEED_SCALE=10 it must hold at least 3,000 respondents whatever
 * the day (issue 11's bench): at worst (just after Jan 10) about 76 % of the students entered
 * before it, so 6,000 × 0.76 × 0.7 ≈ 3,200.
 */
export const LATEST_CSA_SHARE = 0.7;

interface Window {
  assessment: number; // 1 = SSI, 2 = CSA
  title: string;
  start: number;
  end: number;
  fall: boolean;
}

/**
 * Administration windows follow the academic calendar and tile the year: Spring CSA from Jan 10,
 * Summer SSI from May 10, Fall SSI from Aug 15 (each at 12:00 UTC), each ending one second before
 * the next starts. The one containing `now` is Open, the next Scheduled, the seven before Closed.
 */
export function administrationWindows(nowMs: number): { windows: Window[]; open: number } {
  const year = new Date(nowMs).getUTCFullYear();
  const starts: { assessment: number; season: string; year: number; start: number }[] = [];
  for (let y = year - 4; y <= year + 2; y++) {
    starts.push({ assessment: 2, season: 'Spring', year: y, start: Date.UTC(y, 0, 10, 12) });
    starts.push({ assessment: 1, season: 'Summer', year: y, start: Date.UTC(y, 4, 10, 12) });
    starts.push({ assessment: 1, season: 'Fall', year: y, start: Date.UTC(y, 7, 15, 12) });
  }
  const windows: Window[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const w = starts[i] as (typeof starts)[number];
    const next = starts[i + 1] as (typeof starts)[number];
    windows.push({
      assessment: w.assessment,
      title: `${w.season} ${w.year} ${(ASSESSMENTS[w.assessment - 1] as (typeof ASSESSMENTS)[number]).name}`,
      start: w.start,
      end: next.start - SECOND,
      fall: w.season === 'Fall',
    });
  }
  let open = windows.findIndex((w, i) => w.start <= nowMs && nowMs < (windows[i + 1]?.start ?? Infinity));
  if (open < 0) open = 0;
  return { windows, open };
}

/** Non-cognitive administrations (7 closed, the open one, the next) and their factor results. */
export function seedNoncognitive(
  db: DatabaseSync,
  key: number,
  nowMs: number,
  nStudents: number,
  studentIds: readonly string[],
): { administrations: number; factorResults: number } {
  const rng = new Rng(key, STREAM.noncognitive);
  const { windows, open } = administrationWindows(nowMs);
  const CLOSED = 7;
  const chosen = windows.slice(open - CLOSED, open + 2);
  const openIdx = CLOSED;
  const statusOf = (a: number): string => (a < openIdx ? 'Closed' : a === openIdx ? 'Open' : 'Scheduled');

  const insAdmin = db.prepare('INSERT INTO administration (id, assessment_id, title, start_date, end_date, status) VALUES (?, ?, ?, ?, ?, ?)');
  chosen.forEach((w, a) => insAdmin.run(a + 1, w.assessment, w.title, w.start, w.end, statusOf(a)));

  // Who responded to which administration. Each student enters with one SSI cohort (or before the
  // window), may answer that SSI, and later answers some of the spring CSAs.
  const nAdmins = chosen.length;
  const responded = new Uint8Array(nAdmins * nStudents);
  const entryAdmins: number[] = [];
  const entryWeights: number[] = [];
  chosen.forEach((w, a) => {
    if (w.assessment !== 1 || a > openIdx) return;
    entryAdmins.push(a);
    entryWeights.push(a === openIdx ? 0.05 : w.fall ? 0.22 : 0.06);
  });
  entryAdmins.push(-1); // entered before the first administration
  entryWeights.push(0.4);
  const closedCsas: number[] = [];
  for (let a = 0; a < openIdx; a++) if ((chosen[a] as Window).assessment === 2) closedCsas.push(a);
  const latestClosedCsa = closedCsas.at(-1);
  const csaShare = (a: number): number => (a === openIdx ? 0.35 : a === latestClosedCsa ? LATEST_CSA_SHARE : 0.5);
  const markFrom = (s: number, entry: number, force: boolean): void => {
    if (entry >= 0 && (force || rng.chance(entry === openIdx ? 0.6 : 0.85))) {
      responded[entry * nStudents + s] = 1;
    }
    for (let a = entry + 1; a <= openIdx; a++) {
      if ((chosen[a] as Window).assessment !== 2) continue;
      if (force || rng.chance(csaShare(a))) responded[a * nStudents + s] = 1;
    }
  };
  for (let s = 1; s < nStudents; s++) {
    const entry = rng.pickWeighted(entryAdmins, entryWeights);
    markFrom(s, entry, false);
    // every student has at least one set of scores (so any student can be used as an example)
    let any = false;
    for (let a = 0; a <= openIdx && !any; a++) any = responded[a * nStudents + s] === 1;
    if (!any) {
      const a = entry >= 0 || closedCsas.length === 0 ? Math.max(entry, 0) : rng.pick(closedCsas);
      responded[a * nStudents + s] = 1;
    }
  }
  {
    // S000001: entered with the latest closed fall SSI that has a closed CSA after it.
    let entry = -1;
    for (let a = 0; a < openIdx; a++) {
      const w = chosen[a] as Window;
      if (w.assessment !== 1 || !w.fall) continue;
      if (chosen.slice(a + 1, openIdx).some((x) => x.assessment === 2)) entry = a;
    }
    markFrom(0, entry, true);
    let count = 0;
    for (let a = 0; a < nAdmins; a++) count += responded[a * nStudents] as number;
    for (let a = openIdx - 1; count < 2 && a >= 0; a--) {
      if (responded[a * nStudents] === 0) {
        responded[a * nStudents] = 1;
        count++;
      }
    }
  }

  // Scores: a per-student latent level plus noise, on a 1–99 percentile scale.
  const latent = new Float64Array(nStudents);
  for (let s = 0; s < nStudents; s++) latent[s] = rng.normal();
  const factorIds: number[][] = [];
  const factorSign: number[][] = [];
  {
    let fid = 0;
    for (const a of ASSESSMENTS) {
      factorIds.push(a.factors.map(() => ++fid));
      factorSign.push(a.factors.map((f) => (f.name === 'Life Complexity' ? -1 : 1)));
    }
  }
  const insResult = db.prepare('INSERT INTO factor_result (administration_id, person, factor_id, score, validity_concern) VALUES (?, ?, ?, ?, ?)');
  const clampScore = (x: number): number => Math.min(99, Math.max(1, Math.round(x)));
  const respondents: number[] = [];
  const concern = new Uint8Array(nStudents);
  let factorResults = 0;
  for (let a = 0; a < nAdmins; a++) {
    respondents.length = 0;
    for (let s = 0; s < nStudents; s++) if (responded[a * nStudents + s]) respondents.push(s);
    if (respondents.length === 0) continue;
    // about 3 % of the respondents of each administration have a validity concern
    const pool = respondents.slice();
    const nConcern = Math.round(pool.length * 0.03);
    for (let i = 0; i < nConcern; i++) {
      const j = rng.int(i, pool.length - 1);
      const t = pool[i] as number;
      pool[i] = pool[j] as number;
      pool[j] = t;
      concern[pool[i] as number] = 1;
    }
    const assessment = (chosen[a] as Window).assessment;
    const fids = factorIds[assessment - 1] as number[];
    const signs = factorSign[assessment - 1] as number[];
    for (const s of respondents) {
      const person = studentIds[s] as string;
      const flagged = concern[s] as number;
      // straight-lined answers give flat, uninformative profiles
      const flat = flagged ? rng.int(20, 80) : 0;
      for (let f = 0; f < fids.length; f++) {
        const score = flagged ? clampScore(flat + rng.int(-4, 4)) : clampScore(50 + 13 * (signs[f] as number) * (latent[s] as number) + 16 * rng.normal());
        insResult.run(a + 1, person, fids[f] as number, score, flagged);
        factorResults++;
      }
    }
    for (let i = 0; i < nConcern; i++) concern[pool[i] as number] = 0;
  }
  return { administrations: nAdmins, factorResults };
}
