/**
 * Which trigger made an alert (#33 item 3). A notation does not name its trigger: the trigger's
 * action writes the trigger's name and additional advice into the details (decisions §7 E13:
 * `name`, or `name` + blank line + advice), and older alerts carry `name — detail` then the advice.
 * So an alert is the trigger's when its details are the name, or start with the name followed by a
 * blank line or by " — ". The longest matching name wins (a trigger "Low grade" does not claim
 * "Low grade in maths" alerts); two triggers with that same name cannot be told apart, and such an
 * alert is counted as ambiguous, not given to either. docs/outcomes.md lists what else cannot be told.
 */

export interface NamedTrigger {
  id: number;
  name: string;
}

export type TriggerMatch = { trigger: NamedTrigger } | { ambiguous: readonly NamedTrigger[] } | null;

export function startsAsTrigger(details: string, name: string): boolean {
  const trimmed = name.trim();
  if (!trimmed) return false;
  return details === trimmed || details.startsWith(`${trimmed}\n\n`) || details.startsWith(`${trimmed} — `);
}

/** A matcher over one list of triggers (names grouped once, longest first). */
export function triggerMatcher(triggers: readonly NamedTrigger[]): (details: string) => TriggerMatch {
  const byName = new Map<string, NamedTrigger[]>();
  for (const t of triggers) {
    const name = t.name.trim();
    if (!name) continue;
    const list = byName.get(name);
    if (list) list.push(t);
    else byName.set(name, [t]);
  }
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  return (details) => {
    for (const name of names) {
      if (!startsAsTrigger(details, name)) continue;
      const found = byName.get(name)!;
      return found.length === 1 ? { trigger: found[0]! } : { ambiguous: found };
    }
    return null;
  };
}
