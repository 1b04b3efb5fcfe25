import { z } from 'zod';
import { PatchTriggerBodySchema, type Trigger } from '../../api/schemas/index.ts';
import { kindWord } from './trigger-words.ts';

/** The edit form's rules are the contract's (E13's body schema), all three fields present. */
export const TriggerFormSchema = z.object({
  name: PatchTriggerBodySchema.shape.name.unwrap(),
  additionalAdvice: PatchTriggerBodySchema.shape.additionalAdvice.unwrap(),
  elevateToAlert: z.boolean(),
});
export type TriggerForm = z.infer<typeof TriggerFormSchema>;

export const formOf = (trigger: Trigger): TriggerForm => ({
  name: trigger.name,
  additionalAdvice: trigger.additionalAdvice,
  elevateToAlert: trigger.elevateToAlert,
});

export interface FieldChange {
  field: keyof TriggerForm;
  label: string;
  before: string;
  after: string;
}

const LABELS: Record<keyof TriggerForm, string> = { name: 'Name', additionalAdvice: 'Additional advice', elevateToAlert: 'Creates' };
const show = (field: keyof TriggerForm, value: TriggerForm[keyof TriggerForm]) =>
  field === 'elevateToAlert' ? kindWord(value as boolean) : (value as string) === '' ? '(none)' : String(value);

/** What saving would change, field by field (only the changed fields are sent). */
export function diffTrigger(trigger: Trigger, values: TriggerForm): FieldChange[] {
  const before = formOf(trigger);
  return (Object.keys(LABELS) as (keyof TriggerForm)[])
    .filter((field) => before[field] !== values[field])
    .map((field) => ({ field, label: LABELS[field], before: show(field, before[field]), after: show(field, values[field]) }));
}
