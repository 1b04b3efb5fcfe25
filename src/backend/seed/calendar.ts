import { DAY, HISTORY_DAYS } from './units.ts';
import { MONTHS, WEEKDAYS } from './vocabulary.ts';

/** Relative activity per UTC hour (US office hours, some evening work). */
export const HOUR_WEIGHTS = [0.5, 0.35, 0.15, 0.05, 0, 0, 0, 0, 0, 0, 0.05, 0.2, 0.6, 1, 1.2, 1.2, 1, 1, 1.1, 1, 1, 0.9, 0.8, 0.65];
/** Relative activity per weekday, Sunday first. */
const WEEKDAY_WEIGHTS = [0.3, 1, 1, 1, 0.95, 0.75, 0.2];

/** Relative notation activity of a calendar day from the academic calendar (month 0-based). */
function termFactor(month: number, date: number): number {
  const md = month * 100 + date;
  if (md >= 725 && md <= 1112) return 1; // fall term, Aug 25 – Dec 12
  if (md >= 1113 || md < 12) return 0.25; // winter break
  if (md >= 209 && md <= 215) return 0.4; // spring break
  if (md <= 408) return 1; // spring term, Jan 12 – May 8
  return 0.35; // summer
}

/** Index of the academic term a day belongs to (spring Jan–May, summer Jun–Jul, fall Aug–Dec). */
function termIndex(year: number, month: number): number {
  return year * 3 + (month <= 4 ? 0 : month <= 6 ? 1 : 2);
}

/** Margin of the per-day text tables on both sides, for dates mentioned in the text. */
export const PAD = 40;

/** The history's days: their words, terms and how many notations each one gets. */
export interface Days {
  /** "Mar 4", by day index + PAD. */
  dateText: string[];
  /** "Tuesday", by day index + PAD. */
  dayText: string[];
  /** The same day, or the Friday before when it falls on a weekend (classes meet on weekdays), by day index + PAD. */
  schoolDay: Int32Array;
  /** The academic term of each day of the history. */
  dayTerm: Int32Array;
  /** Exact per-day counts summing to nNotations (rounded cumulative shares of the day weights). */
  dayCounts: Int32Array;
}

/** The per-day tables of the history that starts on `startDay`. */
export function historyDays(startDay: number, nNotations: number): Days {
  const tableLen = HISTORY_DAYS + 2 * PAD;
  const dateText: string[] = new Array<string>(tableLen);
  const dayText: string[] = new Array<string>(tableLen);
  /** The same day, or the Friday before when it falls on a weekend (classes meet on weekdays). */
  const schoolDay = new Int32Array(tableLen);
  for (let i = 0; i < tableLen; i++) {
    const d = new Date(startDay + (i - PAD) * DAY);
    dateText[i] = `${MONTHS[d.getUTCMonth()] as string} ${d.getUTCDate()}`;
    dayText[i] = WEEKDAYS[d.getUTCDay()] as string;
    const wd = d.getUTCDay();
    schoolDay[i] = Math.max(0, wd === 6 ? i - 1 : wd === 0 ? i - 2 : i);
  }
  const dayWeights = new Float64Array(HISTORY_DAYS);
  const dayTerm = new Int32Array(HISTORY_DAYS);
  for (let k = 0; k < HISTORY_DAYS; k++) {
    const d = new Date(startDay + k * DAY);
    let w = termFactor(d.getUTCMonth(), d.getUTCDate());
    // the last 30 days are always well populated, whatever the season
    if (k >= HISTORY_DAYS - 30) w = Math.max(w, 0.9) * 1.2;
    dayWeights[k] = w * (WEEKDAY_WEIGHTS[d.getUTCDay()] as number);
    dayTerm[k] = termIndex(d.getUTCFullYear(), d.getUTCMonth());
  }
  // Exact per-day counts summing to nNotations (rounded cumulative shares).
  const dayCounts = new Int32Array(HISTORY_DAYS);
  {
    const totalWeight = dayWeights.reduce((a, b) => a + b, 0);
    let acc = 0;
    let done = 0;
    for (let k = 0; k < HISTORY_DAYS; k++) {
      acc += dayWeights[k] as number;
      const target = k === HISTORY_DAYS - 1 ? nNotations : Math.round((nNotations * acc) / totalWeight);
      dayCounts[k] = target - done;
      done = target;
    }
  }
  return { dateText, dayText, schoolDay, dayTerm, dayCounts };
}
