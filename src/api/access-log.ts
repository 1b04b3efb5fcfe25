import { z } from 'zod';
import { ApiError } from './errors.ts';
import { filterQuery, getGatewayJson, postGatewayJson } from './gateway-json.ts';
import { logPageSchema, type LogWindow } from './log-page.ts';

/**
 * The gateway's access log (#30; not part of the service): who signed in, out, and read which
 * students' records, when, through which operation. Administrators only. One entry's shape, for
 * the gateway that writes it and the client that reads it.
 */
export const ACCESS_EVENTS = ['sign-in', 'sign-in-failed', 'sign-out', 'session-end', 'read', 'export', 'grant', 'notice-accepted'] as const;
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
  /** The students the access returned (every one of them, for a list). */
  students: z.array(z.string()),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogPageSchema = logPageSchema(AccessLogEntrySchema);

export interface AccessLogFilter extends LogWindow {
  person?: string | undefined;
  student?: string | undefined;
}

/** The CSV of the same filter (the gateway logs the export before it gives the file). */
export const accessLogCsvHref = (filter: AccessLogFilter) => `/admin/access-log${filterQuery({ ...filter, before: undefined, format: 'csv', limit: 1000 })}`;

/** The gateway's answer to ending every session of a person (administrators only). */
export const SessionsEndedSchema = z.looseObject({
  person: z.string(),
  ended: z.literal(true),
  at: z.string(),
  /** False when the sessions ended but the access log could not be written. */
  logged: z.boolean().optional(),
});
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

export const accessLogClient = {
  list: (filter: AccessLogFilter, signal?: AbortSignal): Promise<z.infer<typeof AccessLogPageSchema>> =>
    getGatewayJson('accessLog.list', `/admin/access-log${filterQuery({ ...filter })}`, AccessLogPageSchema, signal),
  /** Ends every session of `person` on every gateway instance: their next request is refused. */
  async endSessions(person: string, signal?: AbortSignal): Promise<SessionsEnded> {
    const url = '/admin/sessions/end';
    const body = await postGatewayJson('sessions.end', url, { person }, signal);
    const parsed = SessionsEndedSchema.safeParse(body);
    if (!parsed.success)
      throw new ApiError({ kind: 'invalid-response', operation: 'sessions.end', method: 'POST', url, status: 200, issues: parsed.error.issues });
    return parsed.data;
  },
};
