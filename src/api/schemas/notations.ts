import { z } from 'zod';
import {
  DateTimeSchema,
  DetailsSchema,
  IdentifierRefSchema,
  LinkSchema,
  expandedCollectionOf,
} from './common.ts';
import { ExpandedPersonSchema } from './people.ts';

export const UPDATE_AUDIENCES = ['Private', 'All', 'FullNetwork'] as const;
export const ALERT_AUDIENCES = ['All', 'FullNetwork'] as const;
export const ENCOURAGEMENT_AUDIENCES = ['Private', 'All'] as const;
export const ALERT_STATUSES = ['Open', 'Lowered'] as const;
export const DATA_INSIGHT_TYPES = [
  'BaselineSurvey',
  'UnexcusedAbsence',
  'Grade',
  'CustomQuestion',
  'AdministrationResponse',
  'Api',
] as const;

export const AlertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof AlertStatusSchema>;
export const DataInsightTypeSchema = z.enum(DATA_INSIGHT_TYPES);
export type DataInsightType = z.infer<typeof DataInsightTypeSchema>;

/** A category as listed for an update or an alert (E8). */
export const CategorySchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  self: LinkSchema,
});
export type Category = z.infer<typeof CategorySchema>;

export const CommentSchema = z.looseObject({
  id: z.number().int(),
  createdBy: LinkSchema,
  createdOn: DateTimeSchema,
  details: z.string(),
  usedToLowerAlert: z.boolean(),
  self: LinkSchema,
});
export type Comment = z.infer<typeof CommentSchema>;

export const UpdateSchema = z.looseObject({
  id: z.number().int(),
  audienceType: z.enum(UPDATE_AUDIENCES),
  canStudentView: z.boolean(),
  categories: LinkSchema,
  comments: LinkSchema,
  createdBy: LinkSchema,
  createdOn: DateTimeSchema,
  details: z.string(),
  student: LinkSchema,
  self: LinkSchema,
});
export type Update = z.infer<typeof UpdateSchema>;

export const DataInsightSchema = z.looseObject({
  id: z.number().int(),
  comments: LinkSchema,
  createdOn: DateTimeSchema,
  dataInsightType: DataInsightTypeSchema,
  details: z.string(),
  student: LinkSchema,
  self: LinkSchema,
});
export type DataInsight = z.infer<typeof DataInsightSchema>;

export const AlertSchema = z.looseObject({
  id: z.number().int(),
  audienceType: z.enum(ALERT_AUDIENCES),
  canStudentView: z.boolean(),
  categories: LinkSchema,
  comments: LinkSchema,
  createdBy: LinkSchema,
  createdOn: DateTimeSchema,
  details: z.string(),
  status: AlertStatusSchema,
  student: LinkSchema,
  self: LinkSchema,
});
export type Alert = z.infer<typeof AlertSchema>;

export const EncouragementTypeSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  self: LinkSchema,
});
export type EncouragementType = z.infer<typeof EncouragementTypeSchema>;

export const EncouragementSchema = z.looseObject({
  id: z.number().int(),
  audienceType: z.enum(ENCOURAGEMENT_AUDIENCES),
  createdBy: LinkSchema,
  createdOn: DateTimeSchema,
  details: z.string(),
  isEncouragement: z.boolean(),
  student: LinkSchema,
  type: LinkSchema,
  self: LinkSchema,
});
export type Encouragement = z.infer<typeof EncouragementSchema>;

/**
 * What each link property becomes when it is named in `expand` (decisions §2). The keys are
 * also the names each operation accepts in `expand`.
 */
export const CommentExpansions = { createdBy: ExpandedPersonSchema } as const;
const ExpandedComments = expandedCollectionOf(CommentSchema);
const ExpandedCategories = expandedCollectionOf(CategorySchema);
export const UpdateExpansions = {
  categories: ExpandedCategories,
  comments: ExpandedComments,
  createdBy: ExpandedPersonSchema,
  student: ExpandedPersonSchema,
} as const;
export const DataInsightExpansions = { comments: ExpandedComments, student: ExpandedPersonSchema } as const;
export const AlertExpansions = UpdateExpansions;
export const EncouragementExpansions = {
  createdBy: ExpandedPersonSchema,
  student: ExpandedPersonSchema,
  type: EncouragementTypeSchema.extend({ href: z.string() }),
} as const;

/** E4; the alert extension takes the same body with the alert audiences. */
export const CreateUpdateBodySchema = z.strictObject({
  audienceType: z.enum(UPDATE_AUDIENCES),
  canStudentView: z.boolean(),
  categories: z
    .array(z.strictObject({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }))
    .max(50)
    .meta({ uniqueItems: true })
    .optional(),
  createdBy: IdentifierRefSchema,
  details: DetailsSchema,
  student: IdentifierRefSchema,
});
export type CreateUpdateBody = z.infer<typeof CreateUpdateBodySchema>;

export const CreateAlertBodySchema = CreateUpdateBodySchema.extend({
  audienceType: z.enum(ALERT_AUDIENCES),
});
export type CreateAlertBody = z.infer<typeof CreateAlertBodySchema>;

/** Extension: comment on an update or an alert; `usedToLowerAlert` lowers an open alert. */
export const CreateCommentBodySchema = z.strictObject({
  createdBy: IdentifierRefSchema,
  details: DetailsSchema,
  usedToLowerAlert: z.boolean().optional(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

/** Answer of every create: a link to the created resource. */
export const CreatedSchema = z.looseObject({ href: z.string() });
export type Created = z.infer<typeof CreatedSchema>;
