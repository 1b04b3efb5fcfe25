/**
 * Identifiers pasted by a person: the one parser behind every page that takes a list of students
 * (applying a trigger, bulk reassignment, a roster handed over in the URL).
 */

export interface ParsedIdentifiers {
  /** Each identifier once, in the order first given. */
  unique: string[];
  /** Identifiers given more than once (each listed once), with how often. */
  duplicates: { identifier: string; count: number }[];
}

// Whatever a spreadsheet, an email or a CSV puts between identifiers; none occurs inside one.
const SEPARATORS = /[\s,;|"'`()[\]{}<>]+/;

/** Identifiers from pasted text, whatever separates them (commas, spaces, new lines, semicolons, tabs, quotes). */
export function parseIdentifiers(text: string): ParsedIdentifiers {
  const parts = text.split(SEPARATORS).filter((p) => p !== '');
  const counts = new Map<string, number>();
  for (const part of parts) counts.set(part, (counts.get(part) ?? 0) + 1);
  return {
    unique: [...counts.keys()],
    duplicates: [...counts].filter(([, n]) => n > 1).map(([identifier, count]) => ({ identifier, count })),
  };
}

/** `text` with each whole identifier named in `replacements` spelled as given there (the separators kept). */
export function replaceIdentifiers(text: string, replacements: ReadonlyMap<string, string>): string {
  return text
    .split(new RegExp(`(${SEPARATORS.source})`))
    .map((part) => replacements.get(part) ?? part)
    .join('');
}
