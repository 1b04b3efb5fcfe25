import type { Trigger } from '../../api/schemas/index.ts';
import { PAGES } from '../../app/route-table.ts';

/** How the trigger's values are spoken of (the composer's words for audiences). */
export const AUDIENCE_WORDS: Record<Trigger['audienceType'], string> = {
  All: 'All staff',
  FullNetwork: 'Full success network',
};

export const kindWord = (elevateToAlert: boolean) => (elevateToAlert ? 'Alert' : 'Data insight');

export const studentViewWord = (canStudentView: boolean) => (canStudentView ? 'Student can see it' : 'Hidden from the student');

/** Link to the gateway's change journal, filtered to one trigger (its targets are spelled `trigger/<id>`; issue 12 item 10). */
export const triggerJournalHref = (trigger: Pick<Trigger, 'id'>) => PAGES.journal.href({}, { target: `trigger/${trigger.id}` });

/** A trigger's id as a URL spells it: a whole number (anything else is no trigger, and nothing is asked). */
export const isTriggerId = (id: string) => /^\d+$/.test(id);

/** `n` things, the count as the reader's locale writes it. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
