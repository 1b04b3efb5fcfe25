import { z } from 'zod';

/** A page of one of the administrators' logs (the journal, the access log), newest first. */
export const logPageSchema = <Shape extends z.ZodRawShape>(entry: z.ZodObject<Shape>) =>
  z.looseObject({
    values: z.array(entry.loose()),
    /** Present when older entries match the filter: the next page's `before`. */
    older: z.string().optional(),
  });

/** The time window and paging that both logs take besides their own filters. */
export interface LogWindow {
  since?: string | undefined;
  until?: string | undefined;
  before?: string | undefined;
  limit?: number | undefined;
}
