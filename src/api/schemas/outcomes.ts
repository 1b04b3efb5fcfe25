import { z } from 'zod';

/**
 * The answer of the gateway's `GET /admin/outcomes` (#33): aggregates of the alerts created in a
 * window, never a student's record (src/gateway/outcomes/figures.ts says how each is computed).
 */
export const AGE_BUCKET_NAMES = ['0-3', '4-7', '8-14', '15-30', '>30'] as const;

const hours = z.number().nullable();
export const OutcomeGroupSchema = z.object({
  alerts: z.number().int(),
  lowered: z.number().int(),
  open: z.number().int(),
  openAgeBuckets: z.object({ '0-3': z.number().int(), '4-7': z.number().int(), '8-14': z.number().int(), '15-30': z.number().int(), '>30': z.number().int() }),
  medianHoursToFirstComment: hours,
  p90HoursToFirstComment: hours,
  medianHoursToLowering: hours,
  p90HoursToLowering: hours,
  closedWithoutContact: z.number().int(),
  answered: z.number().int(),
  burden: z.number().nullable(),
  flagged: z.boolean(),
});
export type OutcomeGroup = z.infer<typeof OutcomeGroupSchema>;

export const OutcomesSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  responseDays: z.number().int(),
  burdenThreshold: z.number(),
  triggersAvailable: z.boolean(),
  ambiguousTriggerAlerts: z.number().int(),
  overall: OutcomeGroupSchema,
  categories: z.array(OutcomeGroupSchema.extend({ id: z.number().int(), name: z.string() })),
  triggers: z.array(OutcomeGroupSchema.extend({ id: z.number().int(), name: z.string() })),
  raisers: z.array(OutcomeGroupSchema.extend({ identifier: z.string() })),
  weeks: z.array(OutcomeGroupSchema.extend({ week: z.iso.date() })),
});
export type Outcomes = z.infer<typeof OutcomesSchema>;
