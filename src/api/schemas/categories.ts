import { z } from 'zod';
import { LinkSchema } from './common.ts';

/** A category as the admin extension lists it (with its state). */
export const CategoryRecordSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  self: LinkSchema,
});
export type CategoryRecord = z.infer<typeof CategoryRecordSchema>;

/** E14: both fields required (decisions §7). */
export const EditCategoryBodySchema = z.strictObject({
  isActive: z.boolean(),
  name: z.string().trim().min(1, 'must not be blank').max(100, 'must be at most 100 characters'),
});
export type EditCategoryBody = z.infer<typeof EditCategoryBodySchema>;

/** decisions §7: activation is refused when more than this many other categories are active. */
export const MAX_OTHER_ACTIVE_CATEGORIES = 20;
