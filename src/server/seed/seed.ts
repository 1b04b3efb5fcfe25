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
import { Rng, cumulative, hash32 } from './random.ts';
import {
  ASSESSMENTS,
  ASSIGNMENTS,
  CATEGORIES,
  COMMENTS,
  COURSES,
  DATA_INSIGHT_TEXT,
  DATA_INSIGHT_TYPES,
  DATA_INSIGHT_TYPE_WEIGHTS,
  ENCOURAGEMENT_TEXT,
  ENCOURAGEMENT_TYPES,
  ENCOURAGEMENT_TYPE_WEIGHTS,
  FOLLOW_UPS,
  GENERAL_UPDATES,
  LOWERING_COMMENTS,
  MONTHS,
  NAME_GROUPS,
  STAFF_ROLE_SHARE,
  TOPICS,
  TRIGGERS,
  WEEKDAYS,
  type StaffRole,
  type TextCtx,
} from './vocabulary.ts';

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

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Notations cover the days [now - HISTORY_DAYS, now). */
const HISTORY_DAYS = 730;

const BASE_STUDENTS = 600;
const BASE_STAFF = 80;
const BASE_NOTATIONS = 25_000;
/** Share of all notations about S000001. */
const TOP_STUDENT_SHARE = 0.01;

/** Independent PRNG streams, one per section, so that changing one section leaves the others. */
const STREAM = {
  people: 1,
  networks: 2,
  assignment: 3,
  notations: 4,
  definitions: 5,
  noncognitive: 6,
} as const;

/** Relative activity per UTC hour (US office hours, some evening work). */
const HOUR_WEIGHTS = [
  0.5, 0.35, 0.15, 0.05, 0, 0, 0, 0, 0, 0, 0.05, 0.2, 0.6, 1, 1.2, 1.2, 1, 1, 1.1, 1, 1, 0.9, 0.8,
  0.65,
];
/** Relative activity per weekday, Sunday first. */
const WEEKDAY_WEIGHTS = [0.3, 1, 1, 1, 0.95, 0.75, 0.2];

/** Success network size 2..6. */
const NETWORK_SIZES = [2, 3, 4, 5, 6];
const NETWORK_SIZE_WEIGHTS = [20, 30, 25, 15, 10];

type NotationKind = 'update' | 'dataInsight' | 'alert' | 'encouragement';

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
function seedKey(seed: number): number {
  const t = Math.trunc(seed);
  const lo = t >>> 0;
  const hi = Math.floor(t / 4294967296) >>> 0;
  const frac = Math.round((seed - t) * 1e9) | 0;
  return hash32(lo, hi, frac);
}

/** Lower-case ASCII letters only (diacritics dropped; spaces, hyphens, apostrophes removed). */
function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function padId(prefix: string, n: number, width: number): string {
  return prefix + String(n).padStart(width, '0');
}

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

/** The text context handed to sentence templates; one instance, refilled for every notation. */
class Ctx implements TextCtx {
  first = '';
  course = '';
  course2 = '';
  date = '';
  day = '';
  later = '';
  earlier = '';
  private readonly rng: Rng;
  private lastA = -1;

  constructor(rng: Rng) {
    this.rng = rng;
  }

  n(min: number, max: number): number {
    return this.rng.int(min, max);
  }

  pick<T>(items: readonly T[]): T {
    return this.rng.pick(items);
  }

  a(): string {
    this.lastA = this.rng.int(0, ASSIGNMENTS.length - 1);
    return ASSIGNMENTS[this.lastA] as string;
  }

  a2(): string {
    const i = (Math.max(this.lastA, 0) + this.rng.int(1, ASSIGNMENTS.length - 1)) % ASSIGNMENTS.length;
    return ASSIGNMENTS[i] as string;
  }

  gpa(min: number, max: number): string {
    return (this.rng.int(Math.round(min * 100), Math.round(max * 100)) / 100).toFixed(2);
  }
}

function generate(db: DatabaseSync, key: number, scale: number, nowMs: number): Omit<SeedSummary, 'ms'> {
  const nStudents = Math.max(1, Math.round(BASE_STUDENTS * scale));
  const nStaff = Math.max(10, Math.round(BASE_STAFF * scale));
  const nNotations = Math.max(1, Math.round(BASE_NOTATIONS * scale));
  const nowDay = Math.floor(nowMs / DAY) * DAY;
  const startDay = nowDay - HISTORY_DAYS * DAY;

  // ------------------------------------------------------------------------------------------
  // Fixed definitions: categories, encouragement types, triggers, assessments, factors.
  {
    const rng = new Rng(key, STREAM.definitions);
    const insCategory = db.prepare('INSERT INTO category (id, name, is_active) VALUES (?, ?, ?)');
    CATEGORIES.forEach((c, i) => insCategory.run(i + 1, c.name, c.active ? 1 : 0));

    const insType = db.prepare('INSERT INTO encouragement_type (id, name, icon) VALUES (?, ?, ?)');
    ENCOURAGEMENT_TYPES.forEach((t, i) => insType.run(i + 1, t.name, t.icon));

    const insTrigger = db.prepare(
      `INSERT INTO trigger_def (id, name, additional_advice, audience_type, can_student_view, created_on, elevate_to_alert)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    TRIGGERS.forEach((t, i) => {
      const createdOn =
        startDay - rng.int(20, 500) * DAY + rng.int(13, 21) * HOUR + rng.int(0, 3599) * SECOND;
      insTrigger.run(
        i + 1,
        t.name,
        t.additionalAdvice,
        t.audienceType,
        t.canStudentView ? 1 : 0,
        createdOn,
        t.elevateToAlert ? 1 : 0,
      );
    });

    const insAssessment = db.prepare('INSERT INTO assessment (id, name) VALUES (?, ?)');
    const insFactor = db.prepare(
      'INSERT INTO factor (id, assessment_id, name, description) VALUES (?, ?, ?, ?)',
    );
    let factorId = 0;
    ASSESSMENTS.forEach((a, i) => {
      insAssessment.run(i + 1, a.name);
      for (const f of a.factors) insFactor.run(++factorId, i + 1, f.name, f.description);
    });
  }

  // ------------------------------------------------------------------------------------------
  // People. Staff first (E… sorts before S…, so rows arrive in primary-key order).
  const staffIds: string[] = new Array<string>(nStaff);
  const staffRoles: StaffRole[] = new Array<StaffRole>(nStaff);
  const studentIds: string[] = new Array<string>(nStudents);
  const studentFirst: string[] = new Array<string>(nStudents);
  {
    const rng = new Rng(key, STREAM.people);
    const insPerson = db.prepare(
      'INSERT INTO person (identifier, first_name, last_name, email, role, sort_key) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const groupWeights = NAME_GROUPS.map((g) => g.weight);
    const allFirst = NAME_GROUPS.flatMap((g) => g.first);
    const emails = new Set<string>();
    let first = '';
    let last = '';
    const pickName = (): void => {
      const g = NAME_GROUPS[rng.weighted(groupWeights)] as (typeof NAME_GROUPS)[number];
      first = rng.chance(0.75) ? rng.pick(g.first) : rng.pick(allFirst);
      last = rng.pick(g.last);
    };
    const uniqueEmail = (): string => {
      const base = `${emailPart(first) || 'user'}.${emailPart(last) || 'user'}`;
      let email = `${base}@example.edu`;
      for (let n = 2; emails.has(email); n++) email = `${base}${n}@example.edu`;
      emails.add(email);
      return email;
    };

    // Exact role counts, shuffled over the identifiers so E0001 is not always an advisor.
    const nCoach = Math.max(1, Math.round(nStaff * STAFF_ROLE_SHARE.Coach));
    const nOther = Math.max(1, Math.round(nStaff * STAFF_ROLE_SHARE.Staff));
    const nAdvisor = Math.max(1, Math.round(nStaff * STAFF_ROLE_SHARE.Advisor));
    const nFaculty = nStaff - nAdvisor - nCoach - nOther;
    const roles: StaffRole[] = [];
    for (let i = 0; i < nAdvisor; i++) roles.push('Advisor');
    for (let i = 0; i < nFaculty; i++) roles.push('Faculty');
    for (let i = 0; i < nCoach; i++) roles.push('Coach');
    for (let i = 0; i < nOther; i++) roles.push('Staff');
    rng.shuffle(roles);

    const staffWidth = Math.max(4, String(nStaff).length);
    for (let i = 0; i < nStaff; i++) {
      const id = padId('E', i + 1, staffWidth);
      const role = roles[i] as StaffRole;
      pickName();
      staffIds[i] = id;
      staffRoles[i] = role;
      insPerson.run(id, first, last, uniqueEmail(), role, `${last} ${first} ${id}`.toLowerCase());
    }
    const studentWidth = Math.max(6, String(nStudents).length);
    for (let i = 0; i < nStudents; i++) {
      const id = padId('S', i + 1, studentWidth);
      pickName();
      studentIds[i] = id;
      studentFirst[i] = first;
      insPerson.run(id, first, last, uniqueEmail(), 'Student', `${last} ${first} ${id}`.toLowerCase());
    }
  }

  // ------------------------------------------------------------------------------------------
  // Success networks: an advisor first, then faculty, coaches and staff; 2..6 distinct members.
  const netStart = new Int32Array(nStudents + 1);
  const netMembers = new Int32Array(nStudents * 6);
  {
    const rng = new Rng(key, STREAM.networks);
    const insMember = db.prepare(
      'INSERT INTO success_network (person, member, position) VALUES (?, ?, ?)',
    );
    const byRole: Record<StaffRole, number[]> = { Advisor: [], Faculty: [], Coach: [], Staff: [] };
    staffRoles.forEach((r, i) => byRole[r].push(i));
    const otherRoles: StaffRole[] = ['Faculty', 'Coach', 'Staff'];
    const otherWeights = [55, 15, 30];
    const chosen: number[] = [];
    let p = 0;
    for (let s = 0; s < nStudents; s++) {
      netStart[s] = p;
      const size = rng.pickWeighted(NETWORK_SIZES, NETWORK_SIZE_WEIGHTS);
      chosen.length = 0;
      for (let tries = 0; chosen.length < size - 1 && tries < 60; tries++) {
        const pool = byRole[rng.pickWeighted(otherRoles, otherWeights)];
        if (pool.length === 0) continue;
        const m = rng.pick(pool);
        if (!chosen.includes(m)) chosen.push(m);
      }
      // faculty, then coaches, then staff; within a role, in staff id order
      chosen.sort((a, b) => {
        const ra = otherRoles.indexOf(staffRoles[a] as StaffRole);
        const rb = otherRoles.indexOf(staffRoles[b] as StaffRole);
        return ra - rb || a - b;
      });
      const sid = studentIds[s] as string;
      const advisor = rng.pick(byRole.Advisor);
      netMembers[p++] = advisor;
      insMember.run(sid, staffIds[advisor] as string, 0);
      for (let j = 0; j < chosen.length; j++) {
        const m = chosen[j] as number;
        netMembers[p++] = m;
        insMember.run(sid, staffIds[m] as string, j + 1);
      }
    }
    netStart[nStudents] = p;
  }

  // ------------------------------------------------------------------------------------------
  // Which student each notation is about (in creation order): S000001 exactly 1 %, a handful
  // of others a few hundred each, everybody else a skewed share (a few dozen on average).
  const assign = new Int32Array(nNotations);
  {
    const rng = new Rng(key, STREAM.assignment);
    let pos = Math.min(nNotations, Math.round(nNotations * TOP_STUDENT_SHARE));
    // assign[0..pos) = 0 already (S000001)
    const weights = new Float64Array(nStudents);
    // log-normal activity, clipped so that no ordinary student gets more than a hundred or so
    for (let s = 1; s < nStudents; s++) weights[s] = Math.min(3.5, Math.exp(0.6 * rng.normal()));
    const heavy = Math.min(6, nStudents - 1);
    // a few hundred each, but fewer than S000001 and at most 4 % of all notations
    const cap = Math.max(1, Math.min(Math.floor(nNotations * 0.04), pos - 10));
    for (let h = 0; h < heavy; h++) {
      let s: number;
      do s = rng.int(1, nStudents - 1);
      while (weights[s] === 0);
      weights[s] = 0;
      const count = Math.min(rng.int(150, 320), cap, nNotations - pos);
      assign.fill(s, pos, pos + count);
      pos += count;
    }
    const cum = cumulative(weights);
    const hasRest = nStudents > 1 && (cum[nStudents - 1] as number) > 0;
    for (; pos < nNotations; pos++) assign[pos] = hasRest ? rng.pickCumulative(cum) : 0;
    rng.shuffle(assign);
  }

  // ------------------------------------------------------------------------------------------
  // Notations, their categories and comments, in creation order.
  let commentCount = 0;
  {
    const rng = new Rng(key, STREAM.notations);
    const ctx = new Ctx(rng);
    const insNotation = db.prepare(
      `INSERT INTO notation (id, kind, student, created_by, created_on, modified_on, details, audience_type,
         can_student_view, status, data_insight_type, encouragement_type_id, is_encouragement, trigger_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insCategory = db.prepare(
      'INSERT INTO notation_category (notation_id, category_id) VALUES (?, ?)',
    );
    const insComment = db.prepare(
      `INSERT INTO comment (id, notation_id, created_by, created_on, details, used_to_lower_alert)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );

    // Per-day tables (with margin on both sides for dates mentioned in the text).
    const PAD = 40;
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
    let maxPerDay = 0;
    for (const c of dayCounts) maxPerDay = Math.max(maxPerDay, c);
    const times = new Float64Array(maxPerDay);
    const hourCum = cumulative(HOUR_WEIGHTS);

    const alertTopicCum = cumulative(TOPICS.map((t) => t.alertWeight));
    const updateTopicCum = cumulative(TOPICS.map((t) => t.updateWeight));
    const activeCategoryIds = CATEGORIES.flatMap((c, i) => (c.active ? [i + 1] : []));
    const insightTriggers = DATA_INSIGHT_TYPES.map((type) =>
      TRIGGERS.flatMap((t, i) => (!t.elevateToAlert && t.dataInsightType === type ? [i + 1] : [])),
    );
    const nL = COURSES.length; // prime (41): any stride visits distinct courses

    // Reused per-notation buffers.
    const cats = [0, 0, 0];
    let nCats = 0;
    const cTime = new Float64Array(4);
    const cBy: string[] = ['', '', '', ''];
    const cText: string[] = ['', '', '', ''];
    const cLower = new Uint8Array(4);
    let nComments = 0;

    const addCategory = (id: number): void => {
      for (let i = 0; i < nCats; i++) if (cats[i] === id) return;
      cats[nCats++] = id;
    };
    const networkMember = (s: number): number => {
      const a = netStart[s] as number;
      return netMembers[a + rng.int(0, (netStart[s + 1] as number) - a - 1)] as number;
    };
    /** A network member, the advisor (position 0) three times as likely as each other one. */
    const networkAuthor = (s: number): number => {
      const a = netStart[s] as number;
      const len = (netStart[s + 1] as number) - a;
      const r = rng.int(0, len + 1);
      return netMembers[a + (r < 3 ? 0 : r - 2)] as number;
    };
    /** Next comment time after `prev`, strictly before now; -1 when there is no room left. */
    const nextCommentTime = (prev: number, delay: number): number => {
      let t = prev + Math.max(SECOND, Math.floor(delay / SECOND) * SECOND);
      if (t >= nowMs) {
        t = prev + Math.floor(((nowMs - prev) * (0.2 + 0.6 * rng.next())) / SECOND) * SECOND;
      }
      return t > prev && t < nowMs ? t : -1;
    };
    const regularDelay = (): number => Math.max(10 * 60 * SECOND, -Math.log(1 - rng.next()) * 2 * DAY);
    /** Plans up to `n` ordinary comments after `created`; returns the last time used. */
    const planComments = (s: number, created: number, n: number): number => {
      let prev = created;
      for (let j = 0; j < n; j++) {
        const t = nextCommentTime(prev, regularDelay());
        if (t < 0) break;
        cTime[nComments] = t;
        cBy[nComments] = staffIds[rng.chance(0.8) ? networkMember(s) : rng.int(0, nStaff - 1)] as string;
        cText[nComments] = rng.pick(COMMENTS)(ctx);
        cLower[nComments] = 0;
        nComments++;
        prev = t;
      }
      return prev;
    };
    const commentsWanted = (p: number): number =>
      rng.chance(p) ? rng.pickWeighted([1, 2, 3], [55, 30, 15]) : 0;

    let id = 0;
    for (let k = 0; k < HISTORY_DAYS; k++) {
      const cnt = dayCounts[k] as number;
      if (cnt === 0) continue;
      const dayStart = startDay + k * DAY;
      for (let i = 0; i < cnt; i++) {
        times[i] = dayStart + rng.pickCumulative(hourCum) * HOUR + rng.int(0, 3599) * SECOND;
      }
      const dayTimes = times.subarray(0, cnt).sort();
      const term = dayTerm[k] as number;
      const old = dayStart < nowDay - 365 * DAY;

      for (let i = 0; i < cnt; i++) {
        const created = dayTimes[i] as number;
        const s = assign[id] as number;
        id++;
        const sid = studentIds[s] as string;

        // Text context: the student's name, two of their courses this term, nearby dates.
        ctx.first = studentFirst[s] as string;
        const h = hash32(key, s, term);
        const base = h % nL;
        const step = 1 + ((h >>> 8) % (nL - 1));
        const k1 = rng.int(0, 3);
        const k2 = (k1 + rng.int(1, 3)) % 4;
        ctx.course = COURSES[(base + k1 * step) % nL] as string;
        ctx.course2 = COURSES[(base + k2 * step) % nL] as string;
        const ref = schoolDay[k - rng.int(0, 6) + PAD] as number;
        ctx.date = dateText[ref] as string;
        ctx.day = dayText[ref] as string;
        ctx.later = dateText[k + rng.int(5, 14) + PAD] as string;
        ctx.earlier = dateText[k - rng.int(14, 21) + PAD] as string;

        const r = rng.next();
        const kind: NotationKind =
          r < 0.4 ? 'update' : r < 0.7 ? 'alert' : r < 0.9 ? 'dataInsight' : 'encouragement';

        let createdBy: string | null = null;
        let details: string;
        let audience: string | null = null;
        let canStudentView: number | null = null;
        let status: string | null = null;
        let insightType: string | null = null;
        let encouragementType: number | null = null;
        let isEncouragement: number | null = null;
        let triggerId: number | null = null;
        nCats = 0;
        nComments = 0;

        if (kind === 'update' || kind === 'alert') {
          const isAlert = kind === 'alert';
          const general = !isAlert && rng.chance(0.3);
          if (general) {
            details = rng.pick(GENERAL_UPDATES)(ctx);
            if (rng.chance(0.15)) details += `\n\n${rng.pick(FOLLOW_UPS)(ctx)}`;
          } else {
            const topic = TOPICS[rng.pickCumulative(isAlert ? alertTopicCum : updateTopicCum)] as (typeof TOPICS)[number];
            // categories: the topic's (a retired one on old notations), sometimes related ones
            if (!rng.chance(isAlert ? 0.03 : 0.06)) {
              addCategory(old && topic.legacy.length > 0 && rng.chance(0.5) ? rng.pick(topic.legacy) : topic.category);
              if (topic.related.length > 0 && rng.chance(0.3)) addCategory(rng.pick(topic.related));
              if (rng.chance(0.04)) addCategory(rng.pick(activeCategoryIds));
            }
            if (isAlert && topic.trigger !== undefined && rng.chance(0.25)) {
              const t = TRIGGERS[topic.trigger - 1] as (typeof TRIGGERS)[number];
              triggerId = topic.trigger;
              details = `${t.name} — ${t.detail(ctx)}\n\n${t.additionalAdvice}`;
              audience = t.audienceType;
              canStudentView = t.canStudentView ? 1 : 0;
              createdBy = staffIds[netMembers[netStart[s] as number] as number] as string;
            } else {
              details = rng.pick(topic.observations)(ctx);
              if (rng.chance(isAlert ? 0.85 : 0.45)) details += ` ${rng.pick(topic.actions)(ctx)}`;
              if (rng.chance(isAlert ? 0.3 : 0.2)) details += `\n\n${rng.pick(FOLLOW_UPS)(ctx)}`;
            }
          }
          if (createdBy === null) {
            createdBy = staffIds[rng.chance(0.85) ? networkAuthor(s) : rng.int(0, nStaff - 1)] as string;
          }
          if (isAlert) {
            if (audience === null) {
              audience = rng.chance(0.45) ? 'All' : 'FullNetwork';
              canStudentView = rng.chance(0.2) ? 1 : 0;
            }
            const lower = rng.chance(nowMs - created > 14 * DAY ? 0.5 : 0.15);
            const prev = planComments(s, created, commentsWanted(0.35));
            status = 'Open';
            if (lower) {
              const t = nextCommentTime(prev, rng.int(6 * 60, 21 * 24 * 60) * 60 * SECOND);
              if (t > 0) {
                cTime[nComments] = t;
                cBy[nComments] = rng.chance(0.5) ? createdBy : (staffIds[networkMember(s)] as string);
                cText[nComments] = rng.pick(LOWERING_COMMENTS)(ctx);
                cLower[nComments] = 1;
                nComments++;
                status = 'Lowered';
              }
            }
          } else {
            audience = rng.pickWeighted(['Private', 'All', 'FullNetwork'], [30, 35, 35]);
            canStudentView =
              audience === 'All' ? (rng.chance(0.5) ? 1 : 0) : audience === 'FullNetwork' ? (rng.chance(0.2) ? 1 : 0) : 0;
            planComments(s, created, commentsWanted(0.35));
          }
        } else if (kind === 'dataInsight') {
          const ti = rng.weighted(DATA_INSIGHT_TYPE_WEIGHTS);
          insightType = DATA_INSIGHT_TYPES[ti] as string;
          const candidates = insightTriggers[ti] as number[];
          if (candidates.length > 0 && rng.chance(0.45)) {
            triggerId = rng.pick(candidates);
            const t = TRIGGERS[triggerId - 1] as (typeof TRIGGERS)[number];
            details = `${t.name} — ${t.detail(ctx)}`;
            if (rng.chance(0.4)) details += `\n\n${t.additionalAdvice}`;
          } else {
            details = rng.pick(DATA_INSIGHT_TEXT[insightType as (typeof DATA_INSIGHT_TYPES)[number]])(ctx);
          }
          planComments(s, created, commentsWanted(0.1));
        } else {
          const ti = rng.weighted(ENCOURAGEMENT_TYPE_WEIGHTS);
          encouragementType = ti + 1;
          isEncouragement = 1;
          details = rng.pick(ENCOURAGEMENT_TEXT[ti] as readonly ((c: TextCtx) => string)[])(ctx);
          audience = rng.chance(0.25) ? 'Private' : 'All';
          createdBy = staffIds[rng.chance(0.9) ? networkMember(s) : rng.int(0, nStaff - 1)] as string;
        }

        const modified = nComments > 0 ? (cTime[nComments - 1] as number) : created;
        insNotation.run(
          id,
          kind,
          sid,
          createdBy,
          created,
          modified,
          details,
          audience,
          canStudentView,
          status,
          insightType,
          encouragementType,
          isEncouragement,
          triggerId,
        );
        if (nCats > 1) sortSmall(cats, nCats);
        for (let j = 0; j < nCats; j++) insCategory.run(id, cats[j] as number);
        for (let j = 0; j < nComments; j++) {
          insComment.run(
            ++commentCount,
            id,
            cBy[j] as string,
            cTime[j] as number,
            cText[j] as string,
            cLower[j] as number,
          );
        }
      }
    }
  }

  // ------------------------------------------------------------------------------------------
  // Non-cognitive administrations and factor results.
  const { administrations, factorResults } = seedNoncognitive(db, key, nowMs, nStudents, studentIds);

  return {
    people: nStudents + nStaff,
    students: nStudents,
    staff: nStaff,
    notations: nNotations,
    comments: commentCount,
    categories: CATEGORIES.length,
    activeCategories: CATEGORIES.filter((c) => c.active).length,
    triggers: TRIGGERS.length,
    administrations,
    factorResults,
  };
}

/** Sorts the first n entries ascending (insertion sort; n ≤ 3). */
function sortSmall(a: number[], n: number): void {
  for (let i = 1; i < n; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

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
function administrationWindows(nowMs: number): { windows: Window[]; open: number } {
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

function seedNoncognitive(
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

  const insAdmin = db.prepare(
    'INSERT INTO administration (id, assessment_id, title, start_date, end_date, status) VALUES (?, ?, ?, ?, ?, ?)',
  );
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
  const markFrom = (s: number, entry: number, force: boolean): void => {
    if (entry >= 0 && (force || rng.chance(entry === openIdx ? 0.6 : 0.85))) {
      responded[entry * nStudents + s] = 1;
    }
    for (let a = entry + 1; a <= openIdx; a++) {
      if ((chosen[a] as Window).assessment !== 2) continue;
      if (force || rng.chance(a === openIdx ? 0.35 : 0.5)) responded[a * nStudents + s] = 1;
    }
  };
  const closedCsas: number[] = [];
  for (let a = 0; a < openIdx; a++) if ((chosen[a] as Window).assessment === 2) closedCsas.push(a);
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
  const insResult = db.prepare(
    'INSERT INTO factor_result (administration_id, person, factor_id, score, validity_concern) VALUES (?, ?, ?, ?, ?)',
  );
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
        const score = flagged
          ? clampScore(flat + rng.int(-4, 4))
          : clampScore(50 + 13 * (signs[f] as number) * (latent[s] as number) + 16 * rng.normal());
        insResult.run(a + 1, person, fids[f] as number, score, flagged);
        factorResults++;
      }
    }
    for (let i = 0; i < nConcern; i++) concern[pool[i] as number] = 0;
  }
  return { administrations: nAdmins, factorResults };
}
