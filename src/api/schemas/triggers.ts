import { z } from 'zod';
import { DateTimeSchema, IdentifierRefSchema, IdentifierSchema, boundedText, resourceOf, trimmedText } from './common.ts';
import { ALERT_AUDIENCES } from './notations.ts';

export const TriggerSchema = resourceOf({
  name: z.string(),
  additionalAdvice: z.string(),
  audienceType: z.enum(ALERT_AUDIENCES),
  canStudentView: z.boolean(),
  createdOn: DateTimeSchema,
  elevateToAlert: z.boolean(),
});
export type Trigger = z.infer<typeof TriggerSchema>;

/** E13: only the fields sent change; each listed student gets the trigger's action once. */
export const PatchTriggerBodySchema = z.strictObject({
  additionalAdvice: boundedText(10_000).optional(),
  elevateToAlert: z.boolean().optional(),
  name: trimmedText(200).optional(),
  modifiedBy: IdentifierRefSchema,
  studentIdentifiers: z.array(IdentifierSchema).max(1000).optional(),
});
export type PatchTriggerBody = z.infer<typeof PatchTriggerBodySchema>;
