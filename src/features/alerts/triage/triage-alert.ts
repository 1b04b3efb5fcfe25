import type { ExpandedAlert } from '../../../api/client.ts';

/**
 * What the triage queue loads for every alert of the range (E7 with `expand`): the student's and
 * the creator's names and the categories come with the alert, so the queue needs no lookups per
 * row. Comments are not expanded (the drawer asks for them when it opens one alert).
 */
export const TRIAGE_EXPAND = ['student', 'categories', 'createdBy'] as const;
export type TriageAlert = ExpandedAlert<(typeof TRIAGE_EXPAND)[number]>;
