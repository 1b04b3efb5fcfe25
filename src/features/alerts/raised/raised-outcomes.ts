/**
 * "Raised by me" (#32 item 5), pure: for each alert the signed-in person raised, its status, who
 * commented, the outcome (the comment that lowered it) and the time to the first response (the
 * first comment by someone else), ordered so that what still waits comes first: open alerts past
 * ALERT_RESPONSE_DAYS without a response, oldest first; then the other open ones; then the
 * lowered ones, most recently lowered first.
 */

export interface RaisedComment {
  createdBy: string;
  createdOn: string;
  details: string;
  usedToLowerAlert: boolean;
}

export interface RaisedAlert {
  id: number;
  studentId: string;
  studentName: string;
  raisedBy: string;
  createdOn: string;
  status: 'Open' | 'Lowered';
  details: string;
  /** Undefined while the comments are not in yet. */
  comments: readonly RaisedComment[] | undefined;
}

export interface RaisedOutcome {
  alert: RaisedAlert;
  /** Identifiers of everyone else who commented, first comment first, each once. */
  commenters: string[];
  outcome: RaisedComment | undefined;
  /** Milliseconds from raising to the first comment by someone else; undefined: none yet (or not known). */
  firstResponseMs: number | undefined;
  /** Open, older than the response days, and nobody else has answered. */
  overdue: boolean;
}

const DAY_MS = 86_400_000;

export function raisedOutcome(alert: RaisedAlert, now: number, responseDays: number): RaisedOutcome {
  const others = [...(alert.comments ?? [])].filter((c) => c.createdBy !== alert.raisedBy).sort((a, b) => a.createdOn.localeCompare(b.createdOn));
  const lowering = [...(alert.comments ?? [])].filter((c) => c.usedToLowerAlert).sort((a, b) => b.createdOn.localeCompare(a.createdOn))[0];
  const first = others[0];
  const raisedMs = Date.parse(alert.createdOn);
  return {
    alert,
    commenters: [...new Set(others.map((c) => c.createdBy))],
    outcome: alert.status === 'Lowered' ? lowering : undefined,
    firstResponseMs: first ? Date.parse(first.createdOn) - raisedMs : undefined,
    overdue: alert.status === 'Open' && alert.comments !== undefined && first === undefined && now - raisedMs > responseDays * DAY_MS,
  };
}

const rank = (o: RaisedOutcome) => (o.overdue ? 0 : o.alert.status === 'Open' ? 1 : 2);

export function raisedOutcomes(alerts: readonly RaisedAlert[], now: number, responseDays: number): RaisedOutcome[] {
  return alerts
    .map((alert) => raisedOutcome(alert, now, responseDays))
    .sort((a, b) => {
      const byRank = rank(a) - rank(b);
      if (byRank !== 0) return byRank;
      if (rank(a) < 2) return a.alert.createdOn.localeCompare(b.alert.createdOn) || a.alert.id - b.alert.id;
      return (b.outcome?.createdOn ?? b.alert.createdOn).localeCompare(a.outcome?.createdOn ?? a.alert.createdOn) || b.alert.id - a.alert.id;
    });
}

/** "3 h", "2 days": the time to a first response, in words. */
export function durationWords(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours < 1) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}
