import { queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { isApiError, isNotFound } from '../api/errors.ts';
import type { Person, Trigger } from '../api/schemas/index.ts';
import { peopleByIdentifiers } from './people.ts';
import { allPagesQuery } from './resource-queries.ts';
import { TRIGGER_STALE_TIME, triggerKeys } from './triggers.ts';

/**
 * The trigger administration's reads and writes (issue 12):
 *
 *     ['triggers', 'list', 'all']    every trigger (the extension, all pages)
 *     ['triggers', 'detail', id]     E12 (the shared factory)
 *     ['triggers', 'apply', id, 'recent' | 'created', {…}]   notations of this trigger for some students
 *     ['people', 'resolve', identifiers]                     who pasted identifiers are
 *
 * Saving a trigger is E13 without students (the shared mutation); applying it is E13 with
 * `studentIdentifiers` only, in chunks, run by `applyInChunks` below.
 */

export const triggerAdminKeys = {
  all: () => [...triggerKeys.lists(), 'all'] as const,
};

export const triggerAdminQueries = {
  all: (api: ApiClient) => allPagesQuery(triggerAdminKeys.all(), (params, options) => api.triggers.list(params, options), TRIGGER_STALE_TIME),
};

/**
 * The details of the notation the trigger's action writes (decisions §7 E13, as the reference
 * backend writes them): the name, then a blank line and the additional advice when there is any.
 */
export function triggerNotationText(trigger: Pick<Trigger, 'name' | 'additionalAdvice'>): string {
  return trigger.additionalAdvice.trim() ? `${trigger.name}\n\n${trigger.additionalAdvice}` : trigger.name;
}

/** The notation one application creates, per decisions §7 E13, from the trigger as it stands. */
export interface NotationPreview {
  kind: 'alert' | 'dataInsight';
  /** Alerts carry the trigger's audience and student visibility; a data insight (type `Api`) carries neither. */
  audienceType: Trigger['audienceType'] | null;
  canStudentView: boolean | null;
  text: string;
}

export function previewOf(trigger: Trigger): NotationPreview {
  return trigger.elevateToAlert
    ? { kind: 'alert', audienceType: trigger.audienceType, canStudentView: trigger.canStudentView, text: triggerNotationText(trigger) }
    : { kind: 'dataInsight', audienceType: null, canStudentView: null, text: triggerNotationText(trigger) };
}

// ---------------------------------------------------------------------------------------------
// Choosing students: pasted identifiers (src/lib/identifiers.ts), each checked against the people.

export type Resolution =
  | { status: 'student'; person: Person }
  | { status: 'not-student'; person: Person }
  /** `likely`: the student the same letters in the service's case name (`s000003` → S000003). */
  | { status: 'unknown'; likely?: Person }
  | { status: 'error'; error: unknown };

/** Above this many, the people are asked for a thousand a request instead of one request per identifier. */
const BATCH_ABOVE = 40;

/**
 * Who each identifier is: a student, someone else, nobody, or unknown because the lookup failed.
 * Few identifiers: one `GET /people/{id}` each (a few at a time). Many: `peopleByIdentifiers`
 * (a thousand a request), or, on an upstream without it, one GET each.
 */
export async function resolveStudents(
  api: ApiClient,
  identifiers: readonly string[],
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<Map<string, Resolution>> {
  const result = new Map<string, Resolution>();
  let rest = [...identifiers];
  if (rest.length > BATCH_ABOVE) {
    try {
      const { supported, people } = await peopleByIdentifiers(api, rest, options.signal);
      if (supported) {
        for (const identifier of rest) {
          const person = people.get(identifier);
          result.set(identifier, !person ? { status: 'unknown' } : person.role === 'Student' ? { status: 'student', person } : { status: 'not-student', person });
        }
        rest = [];
      }
    } catch (error) {
      if (options.signal?.aborted || (isApiError(error) && error.kind === 'aborted')) throw error;
      // The batch failed: one GET each below, each failure then said per identifier.
    }
  }
  options.onProgress?.(result.size, identifiers.length);
  let next = 0;
  const worker = async () => {
    while (next < rest.length) {
      const identifier = rest[next++]!;
      try {
        const person = await api.people.get(identifier, options.signal ? { signal: options.signal } : undefined);
        result.set(identifier, person.role === 'Student' ? { status: 'student', person } : { status: 'not-student', person });
      } catch (error) {
        if (isApiError(error) && error.kind === 'aborted') throw error;
        result.set(identifier, isNotFound(error) ? { status: 'unknown' } : { status: 'error', error });
      }
      options.onProgress?.(result.size, identifiers.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, rest.length) }, worker));
  // An unknown identifier in another case: the student it most likely means, as the student page
  // offers (#31 item 11). Never substituted silently: the page asks.
  const unknown = [...result].filter(([identifier, r]) => r.status === 'unknown' && identifier.toUpperCase() !== identifier).map(([identifier]) => identifier);
  await Promise.all(
    unknown.map(async (identifier) => {
      try {
        const person = await api.people.get(identifier.toUpperCase(), options.signal ? { signal: options.signal } : undefined);
        if (person.role === 'Student') result.set(identifier, { status: 'unknown', likely: person });
      } catch (error) {
        if (isApiError(error) && error.kind === 'aborted') throw error;
      }
    }),
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// Notations from this trigger: found by kind, student, time and text (a notation does not say
// which trigger made it, so the trigger's text is what ties them).

export interface TriggerNotation {
  kind: 'alert' | 'dataInsight';
  id: number;
  student: string;
  createdOn: string;
  details: string;
}

const ID_CHUNK = 100;
const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** True when `details` is what this trigger writes (as it stands, or any text that starts with its name and advice marker). */
export function isFromTrigger(details: string, trigger: Pick<Trigger, 'name' | 'additionalAdvice'>): boolean {
  return details === triggerNotationText(trigger) || details === trigger.name || details.startsWith(`${trigger.name}\n\n`);
}

/**
 * The alerts and data insights created since `since` for `students` that carry this trigger's
 * text (E7 and E5, 100 students a request).
 */
export async function notationsFromTrigger(
  api: ApiClient,
  trigger: Trigger,
  students: readonly string[],
  since: number,
  options: { signal?: AbortSignal; kinds?: readonly ('alert' | 'dataInsight')[] } = {},
): Promise<TriggerNotation[]> {
  const kinds = options.kinds ?? ['alert', 'dataInsight'];
  const signal = options.signal ? { signal: options.signal } : {};
  const createdOnStart = new Date(since).toISOString();
  const found: TriggerNotation[] = [];
  const student = (link: { href: string }) => api.personIdentifier(link) ?? '';
  for (const chunk of chunksOf(students, ID_CHUNK)) {
    const [alerts, insights] = await Promise.all([
      kinds.includes('alert') ? api.alerts.listAll({ identifiers: chunk, createdOnStart }, signal) : null,
      kinds.includes('dataInsight') ? api.dataInsights.listAll({ identifiers: chunk, createdOnStart }, signal) : null,
    ]);
    for (const a of alerts?.values ?? []) if (isFromTrigger(a.details, trigger)) found.push({ kind: 'alert', id: a.id, student: student(a.student), createdOn: a.createdOn, details: a.details });
    for (const d of insights?.values ?? []) if (isFromTrigger(d.details, trigger)) found.push({ kind: 'dataInsight', id: d.id, student: student(d.student), createdOn: d.createdOn, details: d.details });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Applying: E13 with `studentIdentifiers`, at most 100 a request, one chunk after another.

export const APPLY_CHUNK_SIZE = 100;

export type ChunkState =
  | { status: 'waiting' }
  /** `checking`: a retry is first finding out what an unanswered attempt already did. */
  | { status: 'sending'; checking?: boolean }
  /** `already`: students found to have this trigger's notation already (a lost answer), not sent again. */
  | { status: 'done'; already?: number }
  | { status: 'failed'; error: unknown };

/**
 * Whether a failed send may still have been carried out: no answer (the connection dropped, a
 * timeout) or a 5xx from a gateway in front of the service (which may have committed). A 4xx is
 * the service refusing the request: nothing was done.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(isApiError(error) && error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500);
}

/**
 * The students of `students` who already have this trigger's kind of notation, with its text,
 * created since `since`: what an attempt whose answer was lost did (#31 item 1).
 */
export async function studentsAlreadyApplied(api: ApiClient, trigger: Trigger, students: readonly string[], since: number, signal?: AbortSignal): Promise<Set<string>> {
  const found = await notationsFromTrigger(api, trigger, students, since, { kinds: [trigger.elevateToAlert ? 'alert' : 'dataInsight'], ...(signal ? { signal } : {}) });
  return new Set(found.map((n) => n.student));
}

export interface ApplyRun {
  chunks: readonly (readonly string[])[];
  states: readonly ChunkState[];
}

export function planChunks(students: readonly string[], size = APPLY_CHUNK_SIZE): ApplyRun {
  const chunks = chunksOf(students, size);
  return { chunks, states: chunks.map(() => ({ status: 'waiting' })) };
}

/**
 * Sends every chunk that has not succeeded, one at a time, in order; a chunk that succeeded is
 * never sent again (so a retry after a failure sends the failed chunks alone). Never rejects: a
 * refusal is the chunk's state. `only` restricts the run to some chunks (retrying one alone).
 *
 * A chunk whose last attempt may have been carried out (`outcomeUnknown`) is not simply sent
 * again: `alreadyApplied` first finds which of its students got the notation meanwhile, and only
 * the others are sent (none, when the lost answer's request was carried out whole). If that check
 * fails, nothing is sent: a duplicate alert on a student is worse than a retry later.
 */
export async function applyInChunks(options: {
  run: ApplyRun;
  send: (students: readonly string[]) => Promise<unknown>;
  alreadyApplied?: (students: readonly string[]) => Promise<ReadonlySet<string>>;
  only?: readonly number[];
  onChange: (run: ApplyRun) => void;
}): Promise<ApplyRun> {
  const states = [...options.run.states];
  const publish = () => options.onChange({ chunks: options.run.chunks, states: [...states] });
  for (let i = 0; i < options.run.chunks.length; i += 1) {
    const previous = states[i];
    if (previous?.status === 'done') continue;
    if (options.only && !options.only.includes(i)) continue;
    const chunk = options.run.chunks[i]!;
    const check = previous?.status === 'failed' && outcomeUnknown(previous.error) && options.alreadyApplied;
    states[i] = { status: 'sending', ...(check ? { checking: true } : {}) };
    publish();
    try {
      const applied = check ? await options.alreadyApplied!(chunk) : new Set<string>();
      const rest = chunk.filter((student) => !applied.has(student));
      if (check) {
        states[i] = { status: 'sending' };
        publish();
      }
      if (rest.length > 0) await options.send(rest);
      const already = chunk.length - rest.length;
      states[i] = { status: 'done', ...(already > 0 ? { already } : {}) };
    } catch (error) {
      states[i] = { status: 'failed', error };
    }
    publish();
  }
  return { chunks: options.run.chunks, states };
}

// ---------------------------------------------------------------------------------------------
// Query factories of the apply flow.

const DAY_MS = 86_400_000;
export const RECENT_DAYS = 30;

/** The apply flow's multi-request reads, bound to a client (as `notationQueries` binds its resource). */
const applyReads = (api: ApiClient) => ({
  resolveStudents: (identifiers: readonly string[], options: { signal?: AbortSignal }) => resolveStudents(api, identifiers, options),
  notationsFromTrigger: (trigger: Trigger, students: readonly string[], since: number, options: { signal?: AbortSignal; kinds?: readonly ('alert' | 'dataInsight')[] }) =>
    notationsFromTrigger(api, trigger, students, since, options),
});

export const triggerApplyQueries = {
  /** Who each identifier is (see `resolveStudents`). */
  resolve: (api: ApiClient, identifiers: readonly string[]) => {
    const reads = applyReads(api);
    return queryOptions({
      queryKey: ['people', 'resolve', [...identifiers]] as const,
      queryFn: ({ signal }) => reads.resolveStudents(identifiers, { signal }),
      staleTime: 5 * 60_000,
    });
  },
  /** Notations with this trigger's text created for these students in the last 30 days (from the start of today, UTC). */
  recent: (api: ApiClient, trigger: Trigger | undefined, students: readonly string[]) => {
    const since = Math.floor(Date.now() / DAY_MS) * DAY_MS - RECENT_DAYS * DAY_MS;
    const reads = applyReads(api);
    return queryOptions({
      queryKey: [...triggerKeys.all, 'apply', String(trigger?.id), 'recent', { since, trigger, students: [...students] }] as const,
      queryFn: trigger ? ({ signal }) => reads.notationsFromTrigger(trigger, students, since, { signal }) : skipToken,
      staleTime: 60_000,
    });
  },
  /** What an application created: the trigger's kind of notation, for these students, since it started. */
  created: (api: ApiClient, trigger: Trigger, students: readonly string[], since: number) => {
    const reads = applyReads(api);
    return queryOptions({
      queryKey: [...triggerKeys.all, 'apply', String(trigger.id), 'created', { since, trigger, students: [...students] }] as const,
      queryFn: ({ signal }) => reads.notationsFromTrigger(trigger, students, since, { signal, kinds: [trigger.elevateToAlert ? 'alert' : 'dataInsight'] }),
      staleTime: Infinity,
    });
  },
};
