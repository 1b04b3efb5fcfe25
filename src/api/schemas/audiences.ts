import { z } from 'zod';

/**
 * What the gateway took out of one page of a list because of the notes' audiences (#30; the
 * gateway's, never the service's): how many were private to their authors, and how many were for
 * a success network the reader is not in. Absent when nothing was hidden. Read leniently: a
 * malformed count is treated as none rather than failing the list.
 */
export const HiddenByAudienceSchema = z.looseObject({
  Private: z.number().int().min(0).catch(0),
  FullNetwork: z.number().int().min(0).catch(0),
});
export type HiddenByAudience = z.infer<typeof HiddenByAudienceSchema>;

/** Counts of several pages or lists, added up (undefined when none hid anything). */
export function addHidden(counts: readonly (HiddenByAudience | undefined)[]): HiddenByAudience | undefined {
  const present = counts.filter((c): c is HiddenByAudience => c !== undefined);
  if (present.length === 0) return undefined;
  return { Private: present.reduce((n, c) => n + c.Private, 0), FullNetwork: present.reduce((n, c) => n + c.FullNetwork, 0) };
}
