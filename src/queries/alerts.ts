import { mutationOptions, queryOptions, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import type { ApiClient, CreateAlertInput, CreateCommentInput, Id } from '../api/client.ts';
import type { AlertExpansions } from '../api/schemas/index.ts';
import type { NotationFilters } from '../api/params.ts';
import type { Alert, AlertStatus } from '../api/schemas/index.ts';
import { isListKey, isPlainObject, listCovers, onTimelineOf, showsComments } from './keys.ts';
import { categoriesKey, notationCommentQueries, notationQueries } from './notations.ts';
import { optimisticUpdate } from './optimistic.ts';

/**
 * The alerts' query layer (STYLE rules 2 and 3): `alertKeys` are the keys, general → specific,
 * `alertQueries` the `queryOptions` factories (client passed in, so tests bring their own),
 * `alertMutations` the mutation options behind the `use…` hooks.
 *
 * Keys (ids are strings in keys, so `12` and `'12'` share an entry; filter objects are normalised):
 *
 *     ['alerts']                                                 everything about alerts
 *     ['alerts', 'list']                                         every list, paged or whole
 *     ['alerts', 'list', filters]                                E7, one page
 *     ['alerts', 'list', filters, 'all']                         E7, every page (listAll)
 *     ['alerts', 'detail', id, { expand? }]                      one alert
 *     ['alerts', 'categories', id]                               E8
 *     ['alerts', 'comments', id, { expand? }]                    the alert's comments
 *     ['alerts', 'comment', id, commentId, { expand? }]          E9
 *
 * Every notation kind has the same key shape (notations.ts), so "the student's timeline" is every
 * notation list filtered to that student (`onTimelineOf`, keys.ts).
 */

const { keys: readKeys, ...alertReads } = notationQueries<'alerts', NotationFilters, Alert, typeof AlertExpansions>('alerts', (api) => api.alerts);
const { keys: _commentKeys, ...alertCommentReads } = notationCommentQueries('alerts', (api) => api.alerts);
const all = readKeys.all;

export const alertKeys = { ...readKeys, categories: (id: Id) => categoriesKey('alerts', id) };

export const alertQueries = {
  ...alertReads,
  ...alertCommentReads,
  /** E8. */
  categories: (api: ApiClient, id: Id) => queryOptions({ queryKey: alertKeys.categories(id), queryFn: ({ signal }) => api.alerts.categories(id, { signal }) }),
};

// ---------------------------------------------------------------------------------------------
// Which keys a write touches.

/** Every cached entry that shows one of the alerts `ids`: their details and every alerts list. */
const showingAlerts = (ids: readonly Id[]): QueryFilters => {
  const wanted = new Set(ids.map(String));
  return {
    queryKey: all,
    predicate: ({ queryKey }) => isListKey(queryKey, 'alerts') || (queryKey[1] === 'detail' && wanted.has(String(queryKey[2]))),
  };
};
const showingAlert = (id: Id): QueryFilters => showingAlerts([id]);

interface AlertLike {
  id: number;
  status?: AlertStatus;
  student?: { href: string; identifier?: unknown };
}
const hasValues = (data: unknown): data is { values: AlertLike[] } => isPlainObject(data) && Array.isArray(data.values);
const isAlert = (data: unknown): data is AlertLike => isPlainObject(data) && typeof data.id === 'number';

/** `data` (a page, a whole list or one alert) with the alerts `ids` in `status`; other data as it is. */
function withStatus(data: unknown, ids: Id | readonly Id[], status: AlertStatus): unknown {
  const wanted = new Set((Array.isArray(ids) ? ids : [ids]).map(String));
  const needs = (alert: AlertLike) => wanted.has(String(alert.id)) && alert.status !== status;
  const set = (alert: AlertLike) => (needs(alert) ? { ...alert, status } : alert);
  // Data that needs no change keeps its identity: rows and lists that did not change do not render again.
  if (hasValues(data)) return data.values.some(needs) ? { ...data, values: data.values.map(set) } : data;
  if (isAlert(data)) return set(data);
  return data;
}

/** The identifier of alert `id`'s student, from whatever the cache holds about the alert. */
function cachedStudentOf(client: QueryClient, api: ApiClient, id: Id): string | undefined {
  for (const [, data] of client.getQueriesData(showingAlert(id))) {
    const alerts = hasValues(data) ? data.values : isAlert(data) ? [data] : [];
    const student = alerts.find((alert) => String(alert.id) === String(id))?.student;
    const identifier = student ? api.personIdentifier(student) : null;
    if (identifier !== null) return identifier;
  }
  return undefined;
}

/** A comment was added: the alert (its last-modified time; `expand=comments`), its comments, and the lists that show them. */
function invalidateCommented(client: QueryClient, id: Id) {
  return Promise.all([
    client.invalidateQueries({ queryKey: alertKeys.detail(id) }),
    client.invalidateQueries({ queryKey: alertKeys.comments(id) }),
    client.invalidateQueries({ queryKey: alertKeys.lists(), predicate: ({ queryKey }) => showsComments(queryKey) }),
  ]);
}

/** The alert was lowered: its details, its comments, every alerts list, and the student's timeline. */
function invalidateLowered(client: QueryClient, id: Id, student: string | undefined) {
  // Unknown student (nothing cached about the alert): no timeline of it is on screen either.
  return invalidateLoweredAlerts(client, [id], student === undefined ? [] : [student]);
}

/**
 * Alerts were lowered (`ids`, of `students`): their details and comments, every alerts list, and
 * the timelines of those students go stale. One invalidation per kind of entry, however many
 * alerts: a bulk lowering refetches each list once, not once per alert.
 */
export function invalidateLoweredAlerts(client: QueryClient, ids: readonly Id[], students: readonly string[]) {
  const lowered = new Set(ids.map(String));
  const people = [...new Set(students)];
  return Promise.all([
    client.invalidateQueries({
      queryKey: all,
      predicate: ({ queryKey }) => (queryKey[1] === 'detail' || queryKey[1] === 'comments') && lowered.has(String(queryKey[2])),
    }),
    client.invalidateQueries({ queryKey: alertKeys.lists() }),
    // The alerts lists are stale already (above); the students' other notation lists show the new last-modified times.
    people.length === 0
      ? undefined
      : client.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] !== 'alerts' && people.some((student) => onTimelineOf(queryKey, student)) }),
  ]);
}

/**
 * The alerts `ids` show Lowered in every cached alerts list and detail. For lowerings the service
 * has confirmed already (a bulk lowering marks each alert as its write succeeds, so the queue's
 * rows change as it goes): nothing to roll back; `invalidateLoweredAlerts` brings the refetch.
 */
export function markLowered(client: QueryClient, ids: readonly Id[]): void {
  if (ids.length === 0) return;
  client.setQueriesData(showingAlerts(ids), (data: unknown) => withStatus(data, ids, 'Lowered'));
}

/**
 * The most recently updated copy of alert `id` in the cache (any alerts list or detail) that
 * `accept` takes, e.g. one with the expansions a view needs; undefined when none is.
 * For a view that keeps showing an alert after it has left the list it came from (lowered in an
 * Open-only view): the lists and details hold what the lowering wrote, optimistically or not.
 */
export function findCachedAlert<T>(client: QueryClient, id: Id, accept: (alert: unknown) => alert is T): T | undefined {
  let best: { alert: T; updatedAt: number } | undefined;
  for (const query of client.getQueryCache().findAll(showingAlert(id))) {
    const data: unknown = query.state.data;
    const candidates = hasValues(data) ? data.values : isAlert(data) ? [data] : [];
    const alert = candidates.find((candidate) => String(candidate.id) === String(id));
    if (alert === undefined || !accept(alert)) continue;
    if (best === undefined || query.state.dataUpdatedAt > best.updatedAt) best = { alert, updatedAt: query.state.dataUpdatedAt };
  }
  return best?.alert;
}

// ---------------------------------------------------------------------------------------------
// Mutations: the options (testable without React) and the hooks.

export interface AddAlertCommentVariables {
  alertId: Id;
  body: CreateCommentInput;
  /** The alert's student, when the caller knows it; else looked up in the cache. */
  student?: string;
}

export interface LowerAlertVariables {
  alertId: Id;
  /** Who lowers it (person identifier). */
  createdBy: string;
  /** Why: the comment that lowers it. */
  details: string;
  student?: string;
}

export const alertMutations = {
  /** Extension `POST /notations/alerts/`: the lists that can show the new alert go stale. */
  create: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...all, 'create'],
      mutationFn: (body: CreateAlertInput) => api.alerts.create(body),
      onSuccess: (_created, body, _onMutate, { client }) =>
        client.invalidateQueries({ predicate: ({ queryKey }) => listCovers(queryKey, 'alerts', [body.student.identifier]) }),
    }),

  /** Comment on an alert; `usedToLowerAlert: true` also lowers it (see `lower` for the optimistic form). */
  addComment: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...all, 'addComment'],
      // The student is looked up before the write, while the cache still shows the alert.
      onMutate: ({ alertId, student }: AddAlertCommentVariables, { client }) => ({ student: student ?? cachedStudentOf(client, api, alertId) }),
      mutationFn: ({ alertId, body }: AddAlertCommentVariables) => api.alerts.addComment(alertId, body),
      onSuccess: (_created, { alertId, body }, { student }, { client }) =>
        body.usedToLowerAlert ? invalidateLowered(client, alertId, student) : invalidateCommented(client, alertId),
    }),

  /**
   * Lower an open alert: a comment with `usedToLowerAlert: true`. Optimistic: the alert shows
   * `Lowered` in every cached list and detail at once, and goes back if the write fails (409 when
   * it was lowered already: the refetch that follows shows the truth).
   */
  lower: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...all, 'lower'],
      mutationFn: ({ alertId, createdBy, details }: LowerAlertVariables) =>
        api.alerts.addComment(alertId, { createdBy: { identifier: createdBy }, details, usedToLowerAlert: true }),
      ...optimisticUpdate({
        filters: ({ alertId }: LowerAlertVariables) => showingAlert(alertId),
        patch: (data, { alertId }) => withStatus(data, alertId, 'Lowered'),
        before: ({ alertId, student }, client) => ({ student: student ?? cachedStudentOf(client, api, alertId) }),
      }),
      onSettled: (_created, _error, { alertId, student }, onMutate, { client }) => invalidateLowered(client, alertId, student ?? onMutate?.student),
    }),
};
