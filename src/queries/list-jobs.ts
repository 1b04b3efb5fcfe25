import type { ApiClient, ExpandedAlert } from '../api/client.ts';
import type { Page, RequestOptions } from '../api/http.ts';
import { listAll, type AllValues, type ListAllProgress, type PartialValues } from '../api/paging.ts';
import type { NotationFilters } from '../api/params.ts';
import type { ExpandedPerson } from '../api/schemas/index.ts';
import { cohortPages } from './cohort-pages.ts';
import { listForStudents, readScope } from './scoped-list.ts';

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
  /**
   * The items of the result's `values` as they come in, in order, a few hundred at a time (each
   * call its own task in the page): a page can prepare them while the rest of the list loads.
   * Every item is passed once, whether it came with a partial result or with the whole.
   */
  onItems?: (items: readonly unknown[]) => void;
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
  /** Every page of a cohort's results extension, parsed and collected into columns (src/queries/cohort-pages.ts). */
  cohortPages,
  /** Every alert raised since `createdOnStart` (E7, all pages, student expanded), ranked by open alerts per student. */
  async openAlertsRanking(api: ApiClient, input: { createdOnStart: string }, events: JobEvents = {}): Promise<OpenAlertsRanking> {
    const all = await api.alerts.listAll({ createdOnStart: input.createdOnStart, expand: ['student'] }, events.signal ? { signal: events.signal } : {});
    return { ranking: rankByOpenAlerts(all.values), invalidCount: all.invalidCount, scanned: all.values.length };
  },
  /**
   * Every alert of a range with expansions, with progress and the first page ahead of the rest;
   * for a person whose records are scoped to their students, those students' alerts alone (scoped-list.ts).
   */
  async triageAlerts(api: ApiClient, input: TriageListInput, events: JobEvents<PartialValues<ExpandedAlert<TriageExpand>>> = {}): Promise<TriageValues> {
    const scope = await readScope(events.signal);
    if (scope.scope !== 'students') return wholeTriage(api, input, events);
    const filters = { ...input.filters, expand: [...input.filters.expand] };
    return listForStudents(
      scope.students,
      (identifiers, onProgress) =>
        listAll((params: { page?: number; pageSize?: number }, options) => api.alerts.list({ ...filters, identifiers, ...params }, options), filters, {
          pageSize: TRIAGE_PAGE_SIZE,
          onProgress,
          ...(events.signal ? { signal: events.signal } : {}),
        }),
      events.onProgress,
    );
  },
};

const TRIAGE_PAGE_SIZE = 1000;

/** Every alert of a range, everyone's (the person may open every student, or the gateway cannot list theirs). */
function wholeTriage(api: ApiClient, input: TriageListInput, events: JobEvents<PartialValues<ExpandedAlert<TriageExpand>>>): Promise<TriageValues> {
  const filters = { ...input.filters, expand: [...input.filters.expand] };
  const fetchPage = pagesAheadOfFirst<Page<ExpandedAlert<TriageExpand>>>(
    (page, pageSize, options) => api.alerts.list({ ...filters, page, pageSize }, options),
    async (options) => (await api.alerts.list({ ...input.filters, expand: [], page: 1, pageSize: 1 }, options)).totalValues,
    input.concurrency ?? 4,
  );
  return listAll(
    (params: { page?: number; pageSize?: number }, options) => fetchPage(params.page ?? 1, params.pageSize ?? TRIAGE_PAGE_SIZE, options),
    filters,
    {
      pageSize: TRIAGE_PAGE_SIZE,
      ...(events.signal ? { signal: events.signal } : {}),
      ...(input.concurrency ? { concurrency: input.concurrency } : {}),
      ...(events.onProgress ? { onProgress: events.onProgress } : {}),
      ...(events.onPartial ? { onPartial: events.onPartial as (partial: PartialValues<ExpandedAlert<TriageExpand>>) => void } : {}),
    },
  );
}

/**
 * A page fetcher for `listAll` that does not wait for page 1 to learn how many pages follow: with
 * page 1 it asks for the list's size alone (`count`, a one-item page: small and quick), and as soon
 * as that answers it starts pages 2 to `ahead` + 1; `listAll` then finds them in flight (or in)
 * when page 1 has come and been parsed. Page 1 of a thousand alerts with their expansions takes
 * the longest to arrive and to parse: the others download meanwhile. A page asked for again, or
 * with another size (the service may cap it), is fetched as asked. When the count fails, pages
 * follow page 1 as usual.
 */
export function pagesAheadOfFirst<P>(
  fetch: (page: number, pageSize: number, options: RequestOptions) => Promise<P>,
  count: (options: RequestOptions) => Promise<number>,
  ahead: number,
): (page: number, pageSize: number, options: RequestOptions) => Promise<P> {
  const early = new Map<string, Promise<P>>();
  let firstIn = false;
  return (page, pageSize, options) => {
    const key = `${page}:${pageSize}`;
    const started = early.get(key);
    if (started) {
      early.delete(key);
      return started;
    }
    if (page !== 1) firstIn = true;
    if (page === 1 && ahead >= 1 && !firstIn) {
      const first = fetch(page, pageSize, options);
      const settled = () => void (firstIn = true);
      first.then(settled, settled);
      void count(options).then(
        (total) => {
          // Page 1 came first after all: listAll asks for the others itself now.
          if (options.signal?.aborted || firstIn) return;
          const last = Math.min(Math.ceil(total / pageSize), ahead + 1);
          for (let n = 2; n <= last; n += 1) {
            const request = fetch(n, pageSize, options);
            // Failures are reported when listAll asks for the page; one it never asks for (page 1 failed) is dropped.
            request.catch(() => undefined);
            early.set(`${n}:${pageSize}`, request);
          }
        },
        () => undefined,
      );
      return first;
    }
    return fetch(page, pageSize, options);
  };
}

export type ListJobs = typeof LIST_JOBS;
export type ListJobName = keyof ListJobs;
export type ListJobInput<K extends ListJobName> = Parameters<ListJobs[K]>[1];
export type ListJobOutput<K extends ListJobName> = Awaited<ReturnType<ListJobs[K]>>;

/**
 * What the worker is asked, and what it answers (structured-cloneable); `id` pairs them.
 *
 * A result with a `values` list (a partial one, then the whole) crosses in pieces: its items go
 * ahead as `items` messages of at most `ITEMS_PER_MESSAGE`, each sent once, as soon as they are
 * in; the `partial` or `done` that follows carries the rest of the result with `values` empty and
 * `streamed`, how many of the items sent so far are its values. So the page copies each item once
 * (not once per partial result and again at the end), in tasks short enough to keep it
 * responsive, and mostly while it waits for the network anyway.
 */
export type ListJobRequest<K extends ListJobName = ListJobName> =
  { type: 'run'; id: number; job: K; input: ListJobInput<K>; progress: boolean; partial: boolean } | { type: 'abort'; id: number };
export type ListJobReply =
  | { type: 'progress'; id: number; progress: ListAllProgress }
  | { type: 'items'; id: number; items: unknown[] }
  | { type: 'partial'; id: number; value: unknown; streamed?: number }
  | { type: 'done'; id: number; value: unknown; streamed?: number }
  | { type: 'failed'; id: number; error: SerializedError }
  | { type: 'session-ended' };

/** Items per `items` message: a few milliseconds of copying on a slow phone. */
export const ITEMS_PER_MESSAGE = 250;

/** The `values` list of a job's (partial) result, if it has one. */
export function valuesOf(value: unknown): unknown[] | undefined {
  const values = typeof value === 'object' && value !== null ? (value as { values?: unknown }).values : undefined;
  return Array.isArray(values) ? values : undefined;
}

/**
 * Tracks the items of a job's `values` handed on so far (`send` gets each new run of them): for a
 * result, the items not yet handed on are handed on and the result's count of them is returned;
 * undefined when its values do not begin with those handed on (then the result goes whole).
 */
export function itemStream(send: (items: unknown[]) => void) {
  const sent: unknown[] = [];
  let broken = false;
  return {
    sent: (): readonly unknown[] => sent,
    take(value: unknown): number | undefined {
      const values = valuesOf(value);
      if (broken || values === undefined || values.length < sent.length) return undefined;
      for (let i = 0; i < sent.length; i += 1) {
        if (values[i] !== sent[i]) {
          broken = true;
          return undefined;
        }
      }
      for (let start = sent.length; start < values.length; start += ITEMS_PER_MESSAGE) {
        const items = values.slice(start, start + ITEMS_PER_MESSAGE);
        sent.push(...items);
        send(items);
      }
      return values.length;
    },
  };
}

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
