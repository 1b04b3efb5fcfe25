import { z } from 'zod';
import { DateTimeSchema, LinkSchema, expandedCollectionOf, expandedResourceOf, resourceOf } from './common.ts';

export const AdministrationSchema = resourceOf({
  title: z.string(),
  startDate: DateTimeSchema,
  endDate: DateTimeSchema,
  /** A free string (decisions §8): Scheduled, Open, Closed in seed data; show others as they come. */
  status: z.string(),
  results: LinkSchema,
});
export type Administration = z.infer<typeof AdministrationSchema>;

export const AssessmentFactorSchema = resourceOf({ name: z.string(), description: z.string() });
export type AssessmentFactor = z.infer<typeof AssessmentFactorSchema>;

export const FactorResultSchema = z.looseObject({
  assessmentId: z.number().int(),
  /** A national percentile in seed data; clients do not assume the scale. */
  score: z.number(),
  validityConcern: z.boolean(),
  factor: LinkSchema,
  self: LinkSchema,
});
export type FactorResult = z.infer<typeof FactorResultSchema>;

export const FactorResultExpansions = {
  factor: expandedResourceOf(AssessmentFactorSchema),
} as const;

/**
 * Extension `GET /noncognitives/administrations/{id}/results?expand=factors` (decisions §9): each
 * respondent's link expanded as a collection, `{ href, totalValues, values: [factor results] }`.
 */
export const AdministrationResultExpansions = {
  factors: expandedCollectionOf(FactorResultSchema),
} as const;
export const RespondentFactorsSchema = AdministrationResultExpansions.factors;
export type RespondentFactors = z.infer<typeof RespondentFactorsSchema>;
