import { z } from 'zod';
import { filterQuery, getGatewayJson } from './gateway-json.ts';
import { logPageSchema, type LogWindow } from './log-page.ts';

/**
 * The gateway's change journal (#15.5; not part of the service): who changed what, when, with
 * the before and after of categories, triggers and networks. Administrators only. One entry's
 * shape, for the gateway that writes it and the client that reads it (loosely, as every answer).
 */
export const JournalEntrySchema = z.object({
  /** The database's number for it (absent on entries imported from the JSON-lines journal's era). */
  id: z.number().int().optional(),
  at: z.string(),
  requestId: z.string(),
  actor: z.string().nullable(),
  operation: z.string(),
  method: z.string(),
  /** The service path written to, without query. */
  path: z.string(),
  /** What was changed, e.g. `category/3`, `trigger/12`, `network/S000001`, `student/S000001`. */
  target: z.string(),
  /** null: the result was never recorded (the gateway stopped, or its database failed, mid-write). */
  status: z.number().int().nullable(),
  summary: z.record(z.string(), z.unknown()).optional(),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

export const JournalPageSchema = logPageSchema(JournalEntrySchema);

export interface JournalFilter extends LogWindow {
  operation?: string | undefined;
  target?: string | undefined;
  actor?: string | undefined;
}

export const journalClient = {
  list: (filter: JournalFilter, signal?: AbortSignal): Promise<z.infer<typeof JournalPageSchema>> =>
    getGatewayJson('journal.list', `/admin/journal${filterQuery({ ...filter })}`, JournalPageSchema, signal),
};
