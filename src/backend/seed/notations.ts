import type { DatabaseSync } from 'node:sqlite';
import { HOUR_WEIGHTS, PAD, historyDays } from './calendar.ts';
import type { Networks } from './networks.ts';
import type { People } from './people.ts';
import { Rng, cumulative, hash32 } from './random.ts';
import { Ctx } from './text-context.ts';
import { DAY, HISTORY_DAYS, HOUR, SECOND, STREAM } from './units.ts';
import {
  CATEGORIES,
  COMMENTS,
  COURSES,
  DATA_INSIGHT_TEXT,
  DATA_INSIGHT_TYPES,
  DATA_INSIGHT_TYPE_WEIGHTS,
  ENCOURAGEMENT_TEXT,
  ENCOURAGEMENT_TYPE_WEIGHTS,
  FOLLOW_UPS,
  GENERAL_UPDATES,
  LOWERING_COMMENTS,
  TOPICS,
  TRIGGERS,
  type TextCtx,
} from './vocabulary.ts';

type NotationKind = 'update' | 'dataInsight' | 'alert' | 'encouragement';

/** What the notations are written from: the history's span, who is who, and who each one is about. */
export interface NotationPlan {
  nowMs: number;
  nowDay: number;
  startDay: number;
  nNotations: number;
  people: People;
  networks: Networks;
  /** The student index of each notation, in creation order. */
  assign: Int32Array;
}

/** Notations, their categories and comments, in creation order; returns how many comments were written. */
export function seedNotations(db: DatabaseSync, key: number, plan: NotationPlan): number {
  const { nowMs, nowDay, startDay, nNotations, assign } = plan;
  const { staffIds, studentIds, studentFirst } = plan.people;
  const { netStart, netMembers } = plan.networks;
  const nStaff = staffIds.length;
  let commentCount = 0;
  const rng = new Rng(key, STREAM.notations);
  const ctx = new Ctx(rng);
  const insNotation = db.prepare(
    `INSERT INTO notation (id, kind, student, created_by, created_on, modified_on, details, audience_type,
       can_student_view, status, data_insight_type, encouragement_type_id, is_encouragement, trigger_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insCategory = db.prepare('INSERT INTO notation_category (notation_id, category_id) VALUES (?, ?)');
  const insComment = db.prepare(
    `INSERT INTO comment (id, notation_id, created_by, created_on, details, used_to_lower_alert)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  // Per-day tables (with margin on both sides for dates mentioned in the text).
  const { dateText, dayText, schoolDay, dayTerm, dayCounts } = historyDays(startDay, nNotations);
  let maxPerDay = 0;
  for (const c of dayCounts) maxPerDay = Math.max(maxPerDay, c);
  const times = new Float64Array(maxPerDay);
  const hourCum = cumulative(HOUR_WEIGHTS);

  const alertTopicCum = cumulative(TOPICS.map((t) => t.alertWeight));
  const updateTopicCum = cumulative(TOPICS.map((t) => t.updateWeight));
  const activeCategoryIds = CATEGORIES.flatMap((c, i) => (c.active ? [i + 1] : []));
  const insightTriggers = DATA_INSIGHT_TYPES.map((type) => TRIGGERS.flatMap((t, i) => (!t.elevateToAlert && t.dataInsightType === type ? [i + 1] : [])));
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
  const commentsWanted = (p: number): number => (rng.chance(p) ? rng.pickWeighted([1, 2, 3], [55, 30, 15]) : 0);

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
      const kind: NotationKind = r < 0.4 ? 'update' : r < 0.7 ? 'alert' : r < 0.9 ? 'dataInsight' : 'encouragement';

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
          canStudentView = audience === 'All' ? (rng.chance(0.5) ? 1 : 0) : audience === 'FullNetwork' ? (rng.chance(0.2) ? 1 : 0) : 0;
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
        insComment.run(++commentCount, id, cBy[j] as string, cTime[j] as number, cText[j] as string, cLower[j] as number);
      }
    }
  }
  return commentCount;
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
