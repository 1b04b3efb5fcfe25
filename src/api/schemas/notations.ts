import { z } from 'zod';
import { DateTimeSchema, DetailsSchema, IdentifierRefSchema, LinkSchema, expandedCollectionOf, expandedResourceOf, resourceOf } from './common.ts';
import { ExpandedPersonSchema } from './people.ts';

export const UPDATE_AUDIENCES = ['Private', 'All', 'FullNetwork'] as const;
export const ALERT_AUDIENCES = ['All', 'FullNetwork'] as const;
export const ENCOURAGEMENT_AUDIENCES = ['Private', 'All'] as const;
export const ALERT_STATUSES = ['Open', 'Lowered'] as const;
export const DATA_INSIGHT_TYPES = ['BaselineSurvey', 'UnexcusedAbsence', 'Grade', 'CustomQuestion', 'AdministrationResponse', 'Api'] as const;

export const AlertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof AlertStatusSchema>;
export const DataInsightTypeSchema = z.enum(DATA_INSIGHT_TYPES);
export type DataInsightType = z.infer<typeof DataInsightTypeSchema>;

/** A category as listed for an update or an alert (E8). */
export const CategorySchema = resourceOf({ name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

export const CommentSchema = resourceOf({
  createdBy: LinkSchema,
  createdOn: DateTimeSchema,
  details: z.string(),
  usedToLowerAlert: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** What the four notation kinds share (decisions §4), around each kind's own fields. */
function notationOf<Shape extends z.core.$ZodShape>(fields: Shape) {
  return resourceOf({ ...fields, createdOn: DateTimeSchema, details: z.string(), student: LinkSchema });
}
/** Updates and alerts: written by someone, categorised and commented. */
const written = { canStudentView: z.boolean(), categories: LinkSchema, comments: LinkSchema, createdBy: LinkSchema };

export const UpdateSchema = notationOf({ audienceType: z.enum(UPDATE_AUDIENCES), ...written });
export type Update = z.infer<typeof UpdateSchema>;

export const DataInsightSchema = notationOf({ comments: LinkSchema, dataInsightType: DataInsightTypeSchema });
export type DataInsight = z.infer<typeof DataInsightSchema>;

export const AlertSchema = notationOf({ audienceType: z.enum(ALERT_AUDIENCES), ...written, status: AlertStatusSchema });
export type Alert = z.infer<typeof AlertSchema>;

export const EncouragementTypeSchema = resourceOf({ name: z.string(), icon: z.string() });
export type EncouragementType = z.infer<typeof EncouragementTypeSchema>;

export const EncouragementSchema = notationOf({
  audienceType: z.enum(ENCOURAGEMENT_AUDIENCES),
  createdBy: LinkSchema,
  isEncouragement: z.boolean(),
  type: LinkSchema,
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
  type: expandedResourceOf(EncouragementTypeSchema),
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
