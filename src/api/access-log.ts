import { z } from 'zod';

/**
 * The gateway's access log (#30; not part of the service): who signed in, out, and read which
 * students' records, when, through which operation. Administrators only. One entry's shape, for
 * the gateway that writes it and the client that reads it.
 */
export const ACCESS_EVENTS = ['sign-in', 'sign-in-failed', 'sign-out', 'session-end', 'read', 'export', 'grant'] as const;
export const AccessEventSchema = z.enum(ACCESS_EVENTS);
export type AccessEvent = z.infer<typeof AccessEventSchema>;

export const AccessLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  person: z.string().nullable(),
  event: AccessEventSchema,
  /** The operation of the table (`updates.list`, `alerts.get`, …), or the export's view. */
  operation: z.string().nullable(),
  path: z.string().nullable(),
  /** A list read's filter, as its query string. */
  query: z.string().nullable(),
  /** The students the access returned, in order (every one of them, for a list). */
  students: z.array(z.string()),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogPageSchema = z.looseObject({
  values: z.array(AccessLogEntrySchema.loose()),
  older: z.string().optional(),
});
