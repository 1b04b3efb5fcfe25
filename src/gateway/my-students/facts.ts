import type { MyStudent } from '../../api/my-students.ts';
import type { Alert, Comment, Update } from '../../api/schemas/index.ts';
import { ageInDays } from '../../lib/dates.ts';
import { byAttention, reasonsFor, type AttentionRules } from './attention.ts';

/** A notation as the home reads it: its comments expanded (E1/E7 `expand=comments`). */
export interface WithComments<T> {
  notation: T;
  comments: readonly Comment[];
}

/** What the gateway gathered about one student, already cut to what the person may see. */
export interface StudentRecords {
  student: string;
  name: string;
  inCaseload: boolean;
  watching: boolean;
  alerts: readonly WithComments<Alert>[];
  updates: readonly WithComments<Update>[];
  lastVisit: string | null;
  /** Latest factor scores (the most recent administration the student answered), validity concerns already left out. */
  factorScores: readonly { factor: string; score: number }[];
  /** Authors of updates or comments known to be in the student's success network (see `contactsOf`). */
  networkAuthors: ReadonlySet<string>;
}

const authorOf = (link: { href: string }) => decodeURIComponent(link.href.replace(/\/$/, '').split('/').at(-1) ?? '');
const time = (iso: string) => Date.parse(iso);

/**
 * The updates and comments that may count as contact, newest first: written by staff (anyone but
 * the student). Only those by a network member count; the gatherer asks about their authors in
 * this order and stops at the first member, so a student costs one question in the usual case.
 */
export function contactsOf(records: Pick<StudentRecords, 'student' | 'alerts' | 'updates'>): { on: string; by: string }[] {
  const found: { on: string; by: string }[] = [];
  const add = (on: string, link: { href: string }) => {
    const by = authorOf(link);
    if (by !== records.student) found.push({ on, by });
  };
  for (const u of records.updates) {
    add(u.notation.createdOn, u.notation.createdBy);
    for (const c of u.comments) add(c.createdOn, c.createdBy);
  }
  for (const a of records.alerts) for (const c of a.comments) add(c.createdOn, c.createdBy);
  return found.sort((a, b) => (a.on < b.on ? 1 : a.on > b.on ? -1 : 0));
}

/**
 * One row of the home from a student's records: the counts, the last contact, what is new since
 * the person's last visit, and the reasons (attention.ts). Pure: the clock is an argument.
 */
export function rowOf(records: StudentRecords, person: string, rules: AttentionRules, nowMs: number): MyStudent {
  const open = records.alerts.filter((a) => a.notation.status === 'Open');
  let oldestOpen: string | null = null;
  let oldestUncommented: string | null = null;
  for (const a of open) {
    if (oldestOpen === null || a.notation.createdOn < oldestOpen) oldestOpen = a.notation.createdOn;
    if (a.comments.length === 0 && (oldestUncommented === null || a.notation.createdOn < oldestUncommented)) oldestUncommented = a.notation.createdOn;
  }
  // Contact: the latest update or comment written by a member of the student's network.
  const lastContact = contactsOf(records).find((c) => records.networkAuthors.has(c.by))?.on ?? null;

  // New: written by someone else after the last visit; never opened, nothing is "new" (all of it is unread).
  const since = records.lastVisit;
  const isNew = (createdOn: string, createdBy: { href: string }) => since !== null && createdOn > since && authorOf(createdBy) !== person;
  let newAlerts = 0;
  let newSinceVisit = 0;
  for (const a of records.alerts) {
    if (isNew(a.notation.createdOn, a.notation.createdBy)) {
      newAlerts += 1;
      newSinceVisit += 1;
    }
    for (const c of a.comments) if (isNew(c.createdOn, c.createdBy)) newSinceVisit += 1;
  }
  for (const u of records.updates) {
    if (isNew(u.notation.createdOn, u.notation.createdBy)) newSinceVisit += 1;
    for (const c of u.comments) if (isNew(c.createdOn, c.createdBy)) newSinceVisit += 1;
  }

  const days = (iso: string | null) => (iso === null ? null : ageInDays(time(iso), nowMs));
  const reasons = reasonsFor(
    {
      openAlerts: open.length,
      oldestUncommentedAlertDays: days(oldestUncommented),
      newAlerts,
      factorScores: records.factorScores,
      lastContactDays: days(lastContact),
    },
    rules,
  );
  const lowFactors =
    rules.bottomPercent > 0 ? records.factorScores.filter((s) => Number.isFinite(s.score) && s.score >= 1 && s.score <= rules.bottomPercent) : [];
  return {
    student: records.student,
    name: records.name,
    inCaseload: records.inCaseload,
    watching: records.watching,
    openAlerts: open.length,
    oldestOpenAlertOn: oldestOpen,
    lastContactOn: lastContact,
    lastVisit: records.lastVisit,
    newSinceVisit,
    lowFactors: lowFactors.map((s) => ({ factor: s.factor, score: s.score })),
    reasons,
  };
}

/** The rows in attention order (attention.ts `byAttention`). */
export function inAttentionOrder(rows: MyStudent[], nowMs: number): MyStudent[] {
  const ranked = rows.map((row) => ({ row, oldestOpenAlertDays: row.oldestOpenAlertOn === null ? null : ageInDays(time(row.oldestOpenAlertOn), nowMs) }));
  ranked.sort((a, b) => byAttention({ ...a.row, oldestOpenAlertDays: a.oldestOpenAlertDays }, { ...b.row, oldestOpenAlertDays: b.oldestOpenAlertDays }));
  return ranked.map((r) => r.row);
}
