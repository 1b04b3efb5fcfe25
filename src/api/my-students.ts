import { z } from 'zod';
import { ApiError } from './errors.ts';
import { getGatewayJson, postGatewayParsed, sendGatewayJson, sendGatewayStatus } from './gateway-json.ts';

/**
 * The gateway's "My students" answers (#32 items 1–3): the signed-in person's students with what
 * needs attention and why, the last visit of a student (what is new since), and the watch list.
 * Not the service's: the gateway computes them (src/gateway/my-students/).
 */
export const ATTENTION_RULE_NAMES = ['open-alerts', 'silent-alert', 'new-alert', 'bottom-band', 'no-contact'] as const;

export const MyStudentSchema = z.looseObject({
  student: z.string(),
  /** "First Last", or the identifier when the people extension is absent. */
  name: z.string(),
  /** In the person's success network (their caseload), as opposed to only watched. */
  inCaseload: z.boolean(),
  watching: z.boolean(),
  openAlerts: z.number().int(),
  /** When the oldest open alert was raised. */
  oldestOpenAlertOn: z.string().nullable(),
  /** The last update or comment by a member of the student's success network. */
  lastContactOn: z.string().nullable(),
  /** When this person last opened the student; null: never. */
  lastVisit: z.string().nullable(),
  /** Alerts, updates and comments by others since the last visit (0 when never opened). */
  newSinceVisit: z.number().int(),
  /** Latest factor scores in the bottom band, without a validity concern. */
  lowFactors: z.array(z.looseObject({ factor: z.string(), score: z.number() })),
  /** The attention rules that fired, in words, in the rules' order. */
  reasons: z.array(z.looseObject({ rule: z.string(), text: z.string() })),
});
export type MyStudent = z.infer<typeof MyStudentSchema>;

export const MyStudentsSchema = z.looseObject({
  /** `caseload`: the service's caseload extension; `known-networks`: the networks the gateway has read lately (no extension). */
  source: z.enum(['caseload', 'known-networks']),
  generatedAt: z.string(),
  /** Updates and comments are read from this moment on (last contact, what is new). */
  contactSince: z.string(),
  /** The attention rules' thresholds, as the gateway's ATTENTION_* settings set them (0: the rule is off). */
  rules: z.looseObject({ openAlerts: z.number(), silentAlertDays: z.number(), newAlerts: z.number(), bottomPercent: z.number(), noContactDays: z.number() }),
  /** `unavailable`: the scores could not be read, so no score reason can fire. */
  scores: z.enum(['read', 'unavailable']),
  students: z.array(MyStudentSchema),
  /** Watched students the person may no longer open: left out, counted. */
  hiddenWatched: z.number().int(),
});
export type MyStudents = z.infer<typeof MyStudentsSchema>;

export const VisitSchema = z.looseObject({ student: z.string(), previous: z.string().nullable(), at: z.string() });
export type Visit = z.infer<typeof VisitSchema>;

export const WatchedSchema = z.looseObject({ student: z.string(), since: z.string() });
export const WatchListSchema = z.looseObject({ values: z.array(WatchedSchema) });
export type WatchList = z.infer<typeof WatchListSchema>;

const watchUrl = (student: string) => `/session/watch/${encodeURIComponent(student)}`;

export const myStudentsClient = {
  list: (signal?: AbortSignal): Promise<MyStudents> => getGatewayJson('myStudents.list', '/session/my-students', MyStudentsSchema, signal),
  /** Records that the person opened the student now; answers the visit before (null the first time). */
  visit: (student: string, signal?: AbortSignal): Promise<Visit> => postGatewayParsed('myStudents.visit', '/session/visits', { student }, VisitSchema, signal),
  watchList: (signal?: AbortSignal): Promise<WatchList> => getGatewayJson('watchList.list', '/session/watch', WatchListSchema, signal),
  async watch(student: string): Promise<z.infer<typeof WatchedSchema>> {
    const url = watchUrl(student);
    const { status, answer } = await sendGatewayStatus('watchList.watch', 'PUT', url, undefined);
    const parsed = WatchedSchema.safeParse(answer);
    if (!parsed.success)
      throw new ApiError({ kind: 'invalid-response', operation: 'watchList.watch', method: 'PUT', url, status, issues: parsed.error.issues });
    return parsed.data;
  },
  async unwatch(student: string): Promise<void> {
    await sendGatewayJson('watchList.unwatch', 'DELETE', watchUrl(student), undefined);
  },
};
