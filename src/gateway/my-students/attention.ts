/**
 * Why a student needs attention (#32 item 1), as rules a person can read: each rule that fires
 * gives one reason in words, and the order is the number of reasons, nothing else weighed in
 * secret. The rules read only what the dashboard shows beside them (alerts, contacts, visits,
 * factor scores), never who the student is (no protected attribute is ever an input).
 * An administrator tunes them with ATTENTION_* settings (README, docs/attention.md); 0 turns a rule off.
 */

// Types, not interfaces: they are assignable to the loose answer schema's types (src/api/my-students.ts).
export type AttentionRules = {
  /** ATTENTION_OPEN_ALERTS: this many open alerts or more fires "N open alerts". */
  openAlerts: number;
  /** ATTENTION_SILENT_ALERT_DAYS: an open alert at least this many days old that nobody commented on. */
  silentAlertDays: number;
  /** ATTENTION_NEW_ALERTS: an alert raised since the person last opened the student (1 = on, 0 = off). */
  newAlerts: number;
  /** ATTENTION_BOTTOM_PERCENT: a factor score at or below this percentile, without a validity concern. */
  bottomPercent: number;
  /** ATTENTION_NO_CONTACT_DAYS: an open alert, and no update or comment by staff for at least this many days. */
  noContactDays: number;
};

export const DEFAULT_ATTENTION_RULES: AttentionRules = { openAlerts: 1, silentAlertDays: 7, newAlerts: 1, bottomPercent: 25, noContactDays: 30 };

export type RuleName = 'open-alerts' | 'silent-alert' | 'new-alert' | 'bottom-band' | 'no-contact';

export type Reason = {
  rule: RuleName;
  text: string;
};

/** What the rules read about one student, as the person may see it. */
export interface AttentionFacts {
  openAlerts: number;
  /** Age in whole days of the oldest open alert nobody commented on; null when there is none. */
  oldestUncommentedAlertDays: number | null;
  /** Alerts raised by others since the person's last visit (0 when never opened: then everything is unread, not new). */
  newAlerts: number;
  /** Latest factor scores without a validity concern, on the 1–99 percentile scale. */
  factorScores: readonly { factor: string; score: number }[];
  /** Whole days since the last update or comment by staff; null when there was none in the window read. */
  lastContactDays: number | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The reasons that fire for one student, in the rules' order. */
export function reasonsFor(facts: AttentionFacts, rules: AttentionRules): Reason[] {
  const reasons: Reason[] = [];
  if (rules.openAlerts > 0 && facts.openAlerts >= rules.openAlerts) {
    reasons.push({ rule: 'open-alerts', text: plural(facts.openAlerts, 'open alert', 'open alerts') });
  }
  if (rules.silentAlertDays > 0 && facts.oldestUncommentedAlertDays !== null && facts.oldestUncommentedAlertDays >= rules.silentAlertDays) {
    reasons.push({ rule: 'silent-alert', text: `alert open ${plural(facts.oldestUncommentedAlertDays, 'day', 'days')}, no comment` });
  }
  if (rules.newAlerts > 0 && facts.newAlerts > 0) {
    reasons.push({
      rule: 'new-alert',
      text: facts.newAlerts === 1 ? 'new alert since your last visit' : `${facts.newAlerts} new alerts since your last visit`,
    });
  }
  if (rules.bottomPercent > 0) {
    const low = facts.factorScores.filter((s) => Number.isFinite(s.score) && s.score >= 1 && s.score <= rules.bottomPercent).map((s) => s.factor);
    const names = [...new Set(low)].sort((a, b) => a.localeCompare(b));
    if (names.length > 0) reasons.push({ rule: 'bottom-band', text: `bottom ${rules.bottomPercent} % in ${names.join(', ')}` });
  }
  if (rules.noContactDays > 0 && facts.openAlerts > 0 && (facts.lastContactDays === null || facts.lastContactDays >= rules.noContactDays)) {
    reasons.push({
      rule: 'no-contact',
      text: facts.lastContactDays === null ? 'open alert, no contact on record' : `open alert, no contact for ${facts.lastContactDays} days`,
    });
  }
  return reasons;
}

export interface Ranked {
  name: string;
  reasons: readonly { rule: string; text: string }[];
  openAlerts: number;
  oldestOpenAlertDays: number | null;
}

/**
 * Attention order: more reasons first; among equals, more open alerts, then the older oldest open
 * alert, then by name. Every step is one the row shows.
 */
export function byAttention(a: Ranked, b: Ranked): number {
  return (
    b.reasons.length - a.reasons.length ||
    b.openAlerts - a.openAlerts ||
    (b.oldestOpenAlertDays ?? -1) - (a.oldestOpenAlertDays ?? -1) ||
    a.name.localeCompare(b.name)
  );
}
