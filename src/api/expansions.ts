import { z } from 'zod';
import * as S from './schemas/index.ts';

/**
 * The expansion maps the client types `expand` with: the contract's maps (`S.UpdateExpansions`
 * and friends), with one repair. `S.ExpandedPersonSchema` is statically typed as a shapeless
 * object (`expandedResourceOf<T extends z.ZodObject>` loses `T`'s shape, so `ExpandedPerson` is
 * `Record<string, unknown>`); the same schema, built here from `PersonSchema`, keeps its fields.
 * At run time the two are the same: `PersonSchema.extend({ href })`.
 */
export const ExpandedPersonSchema = S.PersonSchema.extend({ href: z.string() });
export type ExpandedPerson = z.infer<typeof ExpandedPersonSchema>;

export const UpdateExpansions = {
  ...S.UpdateExpansions,
  createdBy: ExpandedPersonSchema,
  student: ExpandedPersonSchema,
} as const;
export const AlertExpansions = {
  ...S.AlertExpansions,
  createdBy: ExpandedPersonSchema,
  student: ExpandedPersonSchema,
} as const;
export const DataInsightExpansions = { ...S.DataInsightExpansions, student: ExpandedPersonSchema } as const;
export const EncouragementExpansions = {
  ...S.EncouragementExpansions,
  createdBy: ExpandedPersonSchema,
  student: ExpandedPersonSchema,
} as const;
export const CommentExpansions = { ...S.CommentExpansions, createdBy: ExpandedPersonSchema } as const;
export const FactorResultExpansions = S.FactorResultExpansions;
