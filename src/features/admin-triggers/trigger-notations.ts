import type { ApiClient } from '../../api/client.ts';
import type { Trigger } from '../../api/schemas/index.ts';
import { chunksOf } from '../../lib/chunks.ts';

/**
 * The details of the notation the trigger's action writes (decisions §7 E13, as the reference
 * backend writes them): the name, then a blank line and the additional advice when there is any.
 */
export function triggerNotationText(trigger: Pick<Trigger, 'name' | 'additionalAdvice'>): string {
  return trigger.additionalAdvice.trim() ? `${trigger.name}\n\n${trigger.additionalAdvice}` : trigger.name;
}

/** The notation one application creates, per decisions §7 E13, from the trigger as it stands. */
export interface NotationPreview {
  kind: 'alert' | 'dataInsight';
  /** Alerts carry the trigger's audience and student visibility; a data insight (type `Api`) carries neither. */
  audienceType: Trigger['audienceType'] | null;
  canStudentView: boolean | null;
  text: string;
}

export function previewOf(trigger: Trigger): NotationPreview {
  return trigger.elevateToAlert
    ? { kind: 'alert', audienceType: trigger.audienceType, canStudentView: trigger.canStudentView, text: triggerNotationText(trigger) }
    : { kind: 'dataInsight', audienceType: null, canStudentView: null, text: triggerNotationText(trigger) };
}

// Notations from this trigger: found by kind, student, time and text (a notation does not say
// which trigger made it, so the trigger's text is what ties them).

/** Students a list request names at once: its URL stays short. */
const ID_CHUNK = 100;

export interface TriggerNotation {
  kind: 'alert' | 'dataInsight';
  id: number;
  student: string;
  createdOn: string;
  details: string;
}

/** True when `details` is what this trigger writes (as it stands, or any text that starts with its name and advice marker). */
export function isFromTrigger(details: string, trigger: Pick<Trigger, 'name' | 'additionalAdvice'>): boolean {
  return details === triggerNotationText(trigger) || details === trigger.name || details.startsWith(`${trigger.name}\n\n`);
}

/**
 * The alerts and data insights created since `since` for `students` that carry this trigger's
 * text (E7 and E5, 100 students a request).
 */
export async function notationsFromTrigger(
  api: ApiClient,
  trigger: Trigger,
  students: readonly string[],
  since: number,
  options: { signal?: AbortSignal; kinds?: readonly ('alert' | 'dataInsight')[] } = {},
): Promise<TriggerNotation[]> {
  const kinds = options.kinds ?? ['alert', 'dataInsight'];
  const signal = options.signal ? { signal: options.signal } : {};
  const createdOnStart = new Date(since).toISOString();
  const found: TriggerNotation[] = [];
  const student = (link: { href: string }) => api.personIdentifier(link) ?? '';
  for (const chunk of chunksOf(students, ID_CHUNK)) {
    const [alerts, insights] = await Promise.all([
      kinds.includes('alert') ? api.alerts.listAll({ identifiers: chunk, createdOnStart }, signal) : null,
      kinds.includes('dataInsight') ? api.dataInsights.listAll({ identifiers: chunk, createdOnStart }, signal) : null,
    ]);
    for (const a of alerts?.values ?? [])
      if (isFromTrigger(a.details, trigger)) found.push({ kind: 'alert', id: a.id, student: student(a.student), createdOn: a.createdOn, details: a.details });
    for (const d of insights?.values ?? [])
      if (isFromTrigger(d.details, trigger))
        found.push({ kind: 'dataInsight', id: d.id, student: student(d.student), createdOn: d.createdOn, details: d.details });
  }
  return found;
}
