/**
 * Whether a notation was written by a trigger's action, not by a person. A notation does not say
 * which trigger made it (decisions §7, E13): its details carry the trigger's name and additional
 * advice, and `createdBy` is whoever applied the trigger. So the only trustworthy sign is a known
 * trigger's name at the start of the details, as the action writes them:
 *
 *     <name>                         (no advice)
 *     <name>\n\n<advice>             (the action, and this app's preview: trigger-notations.ts)
 *     <name> — <specifics>\n\n<advice>   (the reference backend's seeded trigger alerts)
 *
 * Without the list of triggers the answer is null: a person's note may well start with a short
 * line and a blank line, and crediting it to a trigger would be worse than not saying.
 */

export interface TriggerMade {
  triggerName: string;
  /** What follows the name's paragraph (the trigger's advice as written then); '' when none. */
  advice: string;
}

export interface KnownTrigger {
  name: string;
}

const DASHES = [' — ', ' – ', ' - '];

/** The trigger that wrote `details`, or null (a person wrote it, or the triggers are not known). */
export function triggerMadeFrom(details: string, triggers: readonly KnownTrigger[] | undefined): TriggerMade | null {
  if (!triggers || triggers.length === 0) return null;
  const text = details.trim();
  // The longest name first: "Missed classes (week 2)" before "Missed classes".
  const names = [...new Set(triggers.map((t) => t.name.trim()).filter((name) => name !== ''))].sort((a, b) => b.length - a.length);
  for (const name of names) {
    if (!text.startsWith(name)) continue;
    const rest = text.slice(name.length);
    if (rest === '') return { triggerName: name, advice: '' };
    const paragraphEnd = /\r?\n[ \t]*\r?\n/.exec(rest);
    if (paragraphEnd?.index === 0) return { triggerName: name, advice: rest.slice(paragraphEnd[0].length).trim() };
    if (DASHES.some((dash) => rest.startsWith(dash)))
      return { triggerName: name, advice: paragraphEnd ? rest.slice(paragraphEnd.index + paragraphEnd[0].length).trim() : '' };
  }
  return null;
}
