import { ageInDays, formatDate } from '../lib/dates.ts';
import type { MyStudent, MyStudents } from './my-students.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const daysAgo = (iso: string, nowMs: number) => {
  const days = ageInDays(Date.parse(iso), nowMs);
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
};

/**
 * The facts beside a home row's reasons, in words: alerts, last contact, what is new, low scores.
 * Here rather than beside the row: the gateway's first frame paints the same words (home-picture.ts).
 */
export function factsOf(row: MyStudent, nowMs: number, contactSince: string): string[] {
  const facts: string[] = [];
  if (row.openAlerts === 0) facts.push('No open alerts');
  else facts.push(`${plural(row.openAlerts, 'open alert', 'open alerts')}, oldest raised ${daysAgo(row.oldestOpenAlertOn!, nowMs)}`);
  facts.push(row.lastContactOn ? `Last contact ${daysAgo(row.lastContactOn, nowMs)}` : `No contact since ${formatDate(contactSince)}`);
  if (row.lastVisit === null) facts.push('Not opened by you yet');
  else if (row.newSinceVisit > 0) facts.push(`${plural(row.newSinceVisit, 'new note', 'new notes')} since your last visit`);
  else facts.push('Nothing new since your last visit');
  if (row.lowFactors.length > 0) facts.push(`Low scores: ${row.lowFactors.map((f) => `${f.factor} ${Math.round(f.score)}`).join(', ')}`);
  return facts;
}

/** Where the home's list says its students come from (no hidden weights: the order is said too). */
export function sourceSentence(answer: MyStudents): string {
  const caseload = answer.students.filter((s) => s.inCaseload).length;
  const watched = answer.students.filter((s) => s.watching && !s.inCaseload).length;
  const following = watched > 0 ? `, and ${plural(watched, 'other student you follow', 'other students you follow')}` : '';
  return answer.source === 'caseload'
    ? `Your caseload: ${plural(caseload, 'student whose success network you are in', 'students whose success networks you are in')}${following}.`
    : `This service does not list caseloads, so these are the ${plural(caseload, 'student', 'students')} whose success networks the dashboard has seen you in lately${following}. Students you have not opened here recently may be missing.`;
}

/** How the home orders its rows, said in words under the source. */
export function orderSentence(needing: number): string {
  return `${plural(needing, 'student has', 'students have')} a reason for attention. Ordered by how many reasons apply, then open alerts, then the oldest open alert; the reasons are rules your administrator sets, never a hidden score.`;
}
