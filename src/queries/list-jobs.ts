import type { ApiClient, ExpandedAlert } from '../api/client.ts';
import type { AllValues, ListAllProgress, PartialValues } from '../api/paging.ts';
import type { NotationFilters } from '../api/params.ts';
import type { ExpandedPerson } from '../api/schemas/index.ts';

/**
 * Work over long lists that the browser runs in a worker (src/queries/list-worker.ts): the
 * download, the parse of every item with the contract's schemas (the same typed client as the
 * page's) and the reduction to what the page shows. Only the result crosses to the page, so the
 * main thread never parses the thousands of items (about 13,000 alerts for /students at
 * SEED_SCALE=10, a second of main-thread work on a phone; the page receives them as structured
 * clones, which the browser copies natively). Each job is a plain function of the client, so it
 * runs in the page as well where there are no workers (tests, old browsers).
 */

/** How far a job has come, and the beginning of its list while the rest loads (`listAll`'s options). */
export interface JobEvents<P = never> {
  signal?: AbortSignal;
  onProgress?: (progress: ListAllProgress) => void;
  onPartial?: (partial: P) => void;
}
export interface StudentWithOpenAlerts {
  student: ExpandedPerson;
  openAlerts: number;
  oldestOpenedOn: string;
}

export interface OpenAlertsRanking {
  ranking: StudentWithOpenAlerts[];
  invalidCount: number;
  scanned: number;
}

/** Ranks students by open alerts raised in the range (E7 has no status filter: filter here). */
export function rankByOpenAlerts(alerts: readonly { status: string; createdOn: string; student: ExpandedPerson }[]): StudentWithOpenAlerts[] {
  const byStudent = new Map<string, StudentWithOpenAlerts>();
  for (const alert of alerts) {
    if (alert.status !== 'Open') continue;
    const entry = byStudent.get(alert.student.identifier);
    if (!entry) byStudent.set(alert.student.identifier, { student: alert.student, openAlerts: 1, oldestOpenedOn: alert.createdOn });
    else {
      entry.openAlerts += 1;
      if (alert.createdOn < entry.oldestOpenedOn) entry.oldestOpenedOn = alert.createdOn;
    }
  }
  return [...byStudent.values()].sort((a, b) => b.openAlerts - a.openAlerts || a.oldestOpenedOn.localeCompare(b.oldestOpenedOn));
}

/** The triage queue's load: every alert of a range with its expansions (E7, all pages). */
export type TriageExpand = 'student' | 'categories' | 'createdBy';
export interface TriageListInput {
  filters: Omit<NotationFilters, 'page' | 'pageSize'> & { expand: readonly TriageExpand[] };
  concurrency?: number;
}
type TriageValues = AllValues<ExpandedAlert<TriageExpand>>;

export const LIST_JOBS = {
  /** Every alert raised since `createdOnStart` (E7, all pages, student expanded), ranked by open alerts per student. */
  async openAlertsRanking(api: ApiClient, input: { createdOnStart: string }, events: JobEvents = {}): Promise<OpenAlertsRanking> {
    const all = await api.alerts.listAll({ createdOnStart: input.createdOnStart, expand: ['student'] }, events.signal ? { signal: events.signal } : {});
    return { ranking: rankByOpenAlerts(all.values), invalidCount: all.invalidCount, scanned: all.values.length };
  },
  /** Every alert of a range with expansions, with progress and the first page ahead of the rest. */
  triageAlerts(api: ApiClient, input: TriageListInput, events: JobEvents<PartialValues<ExpandedAlert<TriageExpand>>> = {}): Promise<TriageValues> {
    return api.alerts.listAll({ ...input.filters, expand: [...input.filters.expand] }, {
      ...(events.signal ? { signal: events.signal } : {}),
      ...(input.concurrency ? { concurrency: input.concurrency } : {}),
      ...(events.onProgress ? { onProgress: events.onProgress } : {}),
      ...(events.onPartial ? { onPartial: events.onPartial as (partial: PartialValues<ExpandedAlert<TriageExpand>>) => void } : {}),
    });
  },
};

export type ListJobs = typeof LIST_JOBS;
export type ListJobName = keyof ListJobs;
export type ListJobInput<K extends ListJobName> = Parameters<ListJobs[K]>[1];
export type ListJobOutput<K extends ListJobName> = Awaited<ReturnType<ListJobs[K]>>;

/** What the worker is asked, and what it answers (structured-cloneable); `id` pairs them. */
export type ListJobRequest<K extends ListJobName = ListJobName> =
  | { type: 'run'; id: number; job: K; input: ListJobInput<K>; progress: boolean; partial: boolean }
  | { type: 'abort'; id: number };
export type ListJobReply =
  | { type: 'progress'; id: number; progress: ListAllProgress }
  | { type: 'partial'; id: number; value: unknown }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: SerializedError }
  | { type: 'session-ended' };

/** An error as it crosses from the worker: an ApiError's fields, or a message. */
export interface SerializedError {
  apiError?: {
    kind: string;
    operation: string;
    status: number | undefined;
    problem: unknown;
    body: unknown;
    issues: unknown;
    method: string | undefined;
    url: string | undefined;
  };
  message: string;
}
