import { z } from 'zod';
import { resourceOf, trimmedText } from './common.ts';

/** A category as the admin extension lists it (with its state). */
export const CategoryRecordSchema = resourceOf({ name: z.string(), isActive: z.boolean() });
export type CategoryRecord = z.infer<typeof CategoryRecordSchema>;

/** E14: both fields required; the name is checked trimmed and set as sent (decisions §7, service.md). */
export const EditCategoryBodySchema = z.strictObject({
  isActive: z.boolean(),
  name: trimmedText(100),
});
export type EditCategoryBody = z.infer<typeof EditCategoryBodySchema>;

/** decisions §7: activation is refused when more than this many other categories are active. */
export const MAX_OTHER_ACTIVE_CATEGORIES = 20;
