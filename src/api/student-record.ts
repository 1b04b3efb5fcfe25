import { z } from 'zod';
import { AccessLogEntrySchema } from './access-log.ts';
import { getGatewayJson } from './gateway-json.ts';
import { JournalEntrySchema } from './journal.ts';

/**
 * One student's record (#30 item 4): everything the dashboard can read about one student, for an
 * inspection or an access request, gathered by the gateway for an administrator
 * (`GET /admin/students/{id}/record`). Its shape, for the gateway that writes it and the client
 * (the printable page) that reads it. Notations are flattened to what a reader needs (who, when,
 * for whom, what, and every comment), not the service's links.
 */

export const RECORD_NOTATION_KINDS = ['update', 'dataInsight', 'alert', 'encouragement'] as const;
export type RecordNotationKind = (typeof RECORD_NOTATION_KINDS)[number];

export const RecordCommentSchema = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  createdBy: z.string().nullable(),
  details: z.string(),
  usedToLowerAlert: z.boolean(),
});
export type RecordComment = z.infer<typeof RecordCommentSchema>;

export const RecordNotationSchema = z.object({
  kind: z.enum(RECORD_NOTATION_KINDS),
  id: z.number().int(),
  createdOn: z.string(),
  /** Null for data insights, which no person writes. */
  createdBy: z.string().nullable(),
  /** Data insights have none: they count as All. */
  audienceType: z.string().nullable(),
  canStudentView: z.boolean().nullable(),
  /** Alerts: Open or Lowered; data insights: their type; encouragements: the type's name. */
  status: z.string().nullable(),
  categories: z.array(z.string()),
  details: z.string(),
  comments: z.array(RecordCommentSchema),
});
export type RecordNotation = z.infer<typeof RecordNotationSchema>;

export const RecordScoresSchema = z.object({
  administration: z.object({ id: z.number().int(), title: z.string(), startDate: z.string(), endDate: z.string(), status: z.string() }),
  factors: z.array(z.object({ factor: z.string(), score: z.number(), validityConcern: z.boolean() })),
});
export type RecordScores = z.infer<typeof RecordScoresSchema>;

export const RecordPersonSchema = z.object({
  identifier: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string().nullable(),
});
export type RecordPerson = z.infer<typeof RecordPersonSchema>;

export const StudentRecordSchema = z.looseObject({
  kind: z.literal('student-record'),
  generatedAt: z.string(),
  generatedBy: z.string(),
  student: RecordPersonSchema.extend({ email: z.string().nullable() }),
  /** Which audiences are included, and what was withheld and why (docs/student-record.md). */
  audiences: z.object({
    included: z.array(z.string()),
    withheld: z.object({ Private: z.number().int(), reason: z.string() }),
  }),
  notations: z.array(RecordNotationSchema),
  scores: z.array(RecordScoresSchema),
  successNetwork: z.array(RecordPersonSchema),
  journal: z.array(JournalEntrySchema.loose()),
  accessLog: z.array(AccessLogEntrySchema.loose()),
  /** The parts that reached the gateway's bound and are cut short (empty when the record is whole). */
  truncated: z.array(z.string()),
});
export type StudentRecord = z.infer<typeof StudentRecordSchema>;

/** The gateway's address of the record; a plain link to it downloads the JSON file (logged as an export). */
export const studentRecordHref = (student: string) => `/admin/students/${encodeURIComponent(student)}/record`;

export const studentRecordClient = {
  get: (student: string, signal?: AbortSignal): Promise<StudentRecord> =>
    getGatewayJson('studentRecord.get', studentRecordHref(student), StudentRecordSchema, signal),
};
