/**
 * Deterministic seed data for the reference backend.
 *
 * The same `seed` + `scale` + `now` always produce byte-identical rows: every choice comes from
 * the seeded PRNG in `random.ts` (one independent stream per section), never from Math.random or
 * the clock (the clock is read only for `SeedSummary.ms`).
 *
 * The caller creates the tables (SCHEMA_SQL) before and the indexes (INDEX_SQL) after; everything
 * is inserted in one transaction with prepared statements reused for every row.
 */
import type { DatabaseSync } from 'node:sqlite';
import { assignStudents } from './assignment.ts';
import { seedDefinitions } from './definitions.ts';
import { seedNetworks } from './networks.ts';
import { seedNoncognitive } from './noncognitive.ts';
import { seedNotations } from './notations.ts';
import { seedPeople } from './people.ts';
import { hash32 } from './random.ts';
import { DAY, HISTORY_DAYS } from './units.ts';
import { CATEGORIES, TRIGGERS } from './vocabulary.ts';

export interface SeedOptions {
  /** Any finite number; the same seed gives the same data. */
  seed: number;
  /** Multiplies students, staff, notations (and so respondents). 1 ≈ 600 students, 25,000 notations. */
  scale: number;
  /** The start day (UTC midnight). All notations and comments are created strictly before it. */
  now: Date;
}

export interface SeedSummary {
  people: number;
  students: number;
  staff: number;
  notations: number;
  comments: number;
  categories: number;
  activeCategories: number;
  triggers: number;
  administrations: number;
  factorResults: number;
  /** Wall-clock time the seeding took, in milliseconds. */
  ms: number;
}

const BASE_STUDENTS = 600;
const BASE_STAFF = 80;
const BASE_NOTATIONS = 25_000;

export function seedDatabase(db: DatabaseSync, options: SeedOptions): SeedSummary {
  const started = performance.now();
  const { seed, scale } = options;
  const nowMs = options.now instanceof Date ? options.now.getTime() : Number.NaN;
  if (!Number.isFinite(seed)) throw new RangeError('seed must be a finite number');
  if (!Number.isFinite(scale) || scale <= 0) throw new RangeError('scale must be a positive number');
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid Date');

  // A caller that already holds a transaction (openDatabase, under its write lock) commits it.
  const own = !db.isTransaction;
  if (own) db.exec('BEGIN');
  let counts: Omit<SeedSummary, 'ms'>;
  try {
    counts = generate(db, seedKey(seed), scale, nowMs);
    if (own) db.exec('COMMIT');
  } catch (err) {
    if (!own) throw err;
    try {
      db.exec('ROLLBACK');
    } catch {
      // the transaction is already gone; report the original error
    }
    throw err;
  }
  return { ...counts, ms: Math.round(performance.now() - started) };
}

/** A 32-bit key from any finite number (both halves of an integer seed count). */
export function seedKey(seed: number): number {
  const t = Math.trunc(seed);
  const lo = t >>> 0;
  const hi = Math.floor(t / 4294967296) >>> 0;
  const frac = Math.round((seed - t) * 1e9) | 0;
  return hash32(lo, hi, frac);
}

/** How many students a scale seeds. */
export const studentCount = (scale: number): number => Math.max(1, Math.round(BASE_STUDENTS * scale));

/** Every section in turn, each on its own PRNG stream (units.ts: STREAM). */
function generate(db: DatabaseSync, key: number, scale: number, nowMs: number): Omit<SeedSummary, 'ms'> {
  const nStudents = studentCount(scale);
  const nStaff = Math.max(10, Math.round(BASE_STAFF * scale));
  const nNotations = Math.max(1, Math.round(BASE_NOTATIONS * scale));
  const nowDay = Math.floor(nowMs / DAY) * DAY;
  const startDay = nowDay - HISTORY_DAYS * DAY;

  seedDefinitions(db, key, startDay);
  const people = seedPeople(db, key, nStaff, nStudents);
  const networks = seedNetworks(db, key, people);
  const assign = assignStudents(key, nNotations, nStudents);
  const comments = seedNotations(db, key, { nowMs, nowDay, startDay, nNotations, people, networks, assign });
  const { administrations, factorResults } = seedNoncognitive(db, key, nowMs, nStudents, people.studentIds);

  return {
    people: nStudents + nStaff,
    students: nStudents,
    staff: nStaff,
    notations: nNotations,
    comments,
    categories: CATEGORIES.length,
    activeCategories: CATEGORIES.filter((c) => c.active).length,
    triggers: TRIGGERS.length,
    administrations,
    factorResults,
  };
}
