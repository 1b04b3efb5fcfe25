import { z } from 'zod';
import { IdentifierRefSchema, LinkSchema, expandedResourceOf } from './common.ts';

export const PERSON_ROLES = ['Student', 'Advisor', 'Faculty', 'Staff', 'Coach'] as const;
export const PersonRoleSchema = z.enum(PERSON_ROLES);
export type PersonRole = z.infer<typeof PersonRoleSchema>;

/** decisions §3. */
export const PersonSchema = z.looseObject({
  identifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: PersonRoleSchema,
  self: LinkSchema,
});
export type Person = z.infer<typeof PersonSchema>;

export const ExpandedPersonSchema = expandedResourceOf(PersonSchema);
export type ExpandedPerson = z.infer<typeof ExpandedPersonSchema>;

/** E16: the new network, replacing the old one as a whole. */
export const ReplaceSuccessNetworkBodySchema = z
  .array(IdentifierRefSchema)
  .max(500, 'a success network has at most 500 people')
  // The server refuses an identifier listed twice (decisions §7).
  .meta({ uniqueItems: true });
export type ReplaceSuccessNetworkBody = z.infer<typeof ReplaceSuccessNetworkBodySchema>;
