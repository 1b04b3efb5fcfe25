/**
 * Which e-mails to send (#32 item 7), decided from what a poll of the service found and what was
 * recorded already: pure functions, so the rules are tested on hand-made cases (notify-plan.test.ts).
 * Each e-mail has a key naming what it is about; the same key is never sent twice.
 */

/** An alert as the notifier reads it from E7 (expanded comments; the student with a name when the service gives one). */
export interface PolledAlert {
  id: string;
  student: string;
  studentName?: string;
  /** Who raised it. */
  createdBy: string;
  createdOn: string;
  status: string;
  details: string;
  comments: { createdBy: string; createdByName?: string; createdOn: string; details: string; usedToLowerAlert: boolean }[];
}

/** An update (E1) as the digest counts it. */
export interface PolledUpdate {
  student: string;
  createdOn: string;
}

export interface MailRecipient {
  person: string;
  name: string | null;
  email: string | null;
  alertLowered: boolean;
  digest: 'none' | 'daily' | 'weekly';
}

export interface PlannedMail {
  key: string;
  person: string;
  kind: 'alert-lowered' | 'digest';
  subject: string;
  body: string;
  /** The students the e-mail names (the log records them). */
  students: string[];
}

const studentLabel = (a: { student: string; studentName?: string | undefined }) => (a.studentName ? `${a.studentName} (${a.student})` : a.student);

/** The comment that lowered the alert: the latest with `usedToLowerAlert`. */
export function loweringComment(alert: PolledAlert): PolledAlert['comments'][number] | undefined {
  return alert.comments.filter((c) => c.usedToLowerAlert).sort((a, b) => b.createdOn.localeCompare(a.createdOn))[0];
}

export const loweredKey = (alert: string, person: string) => `lowered:${alert}:${person}`;

/**
 * One e-mail to whoever raised each lowered alert, if they asked for it: it names the student and
 * carries the lowering comment. Alerts still open, people who did not opt in, and keys already
 * recorded give none.
 */
export function loweredAlertMails(
  alerts: readonly PolledAlert[],
  recipients: ReadonlyMap<string, MailRecipient>,
  recorded: ReadonlySet<string>,
): PlannedMail[] {
  const mails: PlannedMail[] = [];
  const planned = new Set<string>();
  for (const alert of alerts) {
    if (alert.status !== 'Lowered') continue;
    const raiser = recipients.get(alert.createdBy);
    if (!raiser?.alertLowered) continue;
    const key = loweredKey(alert.id, raiser.person);
    if (recorded.has(key) || planned.has(key)) continue;
    planned.add(key);
    const comment = loweringComment(alert);
    const by = comment ? (comment.createdByName ?? comment.createdBy) : 'someone';
    mails.push({
      key,
      person: raiser.person,
      kind: 'alert-lowered',
      subject: `Your alert about ${studentLabel(alert)} was lowered`,
      body: [
        `The alert you raised about ${studentLabel(alert)} on ${alert.createdOn.slice(0, 10)} was lowered by ${by}${comment ? ` on ${comment.createdOn.slice(0, 10)}` : ''}.`,
        '',
        'Your alert:',
        quote(alert.details),
        '',
        comment ? 'Their comment:' : 'No comment was given.',
        ...(comment ? [quote(comment.details)] : []),
      ].join('\n'),
      students: [alert.student],
    });
  }
  return mails;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

const DAY_MS = 86_400_000;

/** The digest period `at` falls in (UTC): its key, and when it began. A weekly period begins on Monday. */
export function digestPeriod(kind: 'daily' | 'weekly', at: Date): { key: string; start: Date } {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (kind === 'daily') return { key: `daily:${day.toISOString().slice(0, 10)}`, start: day };
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return { key: `weekly:${monday.toISOString().slice(0, 10)}`, start: monday };
}

export const digestKey = (kind: 'daily' | 'weekly', at: Date, person: string) => `digest:${digestPeriod(kind, at).key}:${person}`;

/** What a digest says about one student: what happened since the period before this one began, and what waits for an answer. */
interface StudentNews {
  raised: PolledAlert[];
  lowered: PolledAlert[];
  commented: PolledAlert[];
  updates: number;
  unanswered: PolledAlert[];
}

/**
 * The digest of each person who asked for one this period and has none recorded: for their
 * students (digestStudents), the alerts raised, commented on and lowered and the updates written
 * since the previous period began, and the open alerts older than `responseDays` days without a
 * comment. Nothing to say: no e-mail.
 */
export function digestMails(input: {
  at: Date;
  recipients: readonly MailRecipient[];
  studentsOf: ReadonlyMap<string, ReadonlySet<string>>;
  alerts: readonly PolledAlert[];
  updates: readonly PolledUpdate[];
  names: ReadonlyMap<string, string>;
  responseDays: number;
  recorded: ReadonlySet<string>;
}): PlannedMail[] {
  const { at, responseDays } = input;
  const overdueBefore = new Date(at.getTime() - responseDays * DAY_MS).toISOString();
  const mails: PlannedMail[] = [];
  for (const recipient of input.recipients) {
    if (recipient.digest === 'none') continue;
    const key = digestKey(recipient.digest, at, recipient.person);
    if (input.recorded.has(key)) continue;
    const { start } = digestPeriod(recipient.digest, at);
    const since = new Date(start.getTime() - (recipient.digest === 'daily' ? DAY_MS : 7 * DAY_MS)).toISOString();
    const students = input.studentsOf.get(recipient.person) ?? new Set<string>();
    const news = new Map<string, StudentNews>();
    const of = (student: string) => {
      let entry = news.get(student);
      if (!entry) news.set(student, (entry = { raised: [], lowered: [], commented: [], updates: 0, unanswered: [] }));
      return entry;
    };
    for (const alert of input.alerts) {
      if (!students.has(alert.student)) continue;
      if (alert.createdOn >= since) of(alert.student).raised.push(alert);
      const lowering = loweringComment(alert);
      if (alert.status === 'Lowered' && lowering && lowering.createdOn >= since) of(alert.student).lowered.push(alert);
      else if (alert.comments.some((c) => c.createdOn >= since)) of(alert.student).commented.push(alert);
      if (alert.status === 'Open' && alert.comments.length === 0 && alert.createdOn < overdueBefore) of(alert.student).unanswered.push(alert);
    }
    for (const update of input.updates) if (students.has(update.student) && update.createdOn >= since) of(update.student).updates += 1;
    if (news.size === 0) continue;
    const ordered = [...news.entries()].sort(([a], [b]) => (input.names.get(a) ?? a).localeCompare(input.names.get(b) ?? b));
    const lines: string[] = [];
    const unanswered = ordered.flatMap(([, n]) => n.unanswered);
    if (unanswered.length > 0) {
      lines.push(`Open alerts with no comment after ${responseDays} days (${unanswered.length}):`);
      for (const alert of unanswered.sort((a, b) => a.createdOn.localeCompare(b.createdOn))) {
        lines.push(`- ${studentLabel({ student: alert.student, studentName: input.names.get(alert.student) })}: raised ${alert.createdOn.slice(0, 10)}`);
      }
      lines.push('');
    }
    lines.push(`What changed since ${since.slice(0, 10)}:`);
    for (const [student, n] of ordered) {
      const parts = [
        n.raised.length ? `${n.raised.length} new alert${n.raised.length > 1 ? 's' : ''}` : '',
        n.commented.length ? `comments on ${n.commented.length} alert${n.commented.length > 1 ? 's' : ''}` : '',
        n.lowered.length ? `${n.lowered.length} alert${n.lowered.length > 1 ? 's' : ''} lowered` : '',
        n.updates ? `${n.updates} update${n.updates > 1 ? 's' : ''}` : '',
      ].filter(Boolean);
      if (parts.length) lines.push(`- ${studentLabel({ student, studentName: input.names.get(student) })}: ${parts.join(', ')}`);
    }
    mails.push({
      key,
      person: recipient.person,
      kind: 'digest',
      subject: `Your ${recipient.digest} digest: ${news.size} student${news.size > 1 ? 's' : ''}${unanswered.length ? `, ${unanswered.length} alert${unanswered.length > 1 ? 's' : ''} waiting for a response` : ''}`,
      body: lines.join('\n'),
      students: ordered.map(([student]) => student),
    });
  }
  return mails;
}
