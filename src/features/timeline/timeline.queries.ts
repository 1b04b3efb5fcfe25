import { mutationOptions, queryOptions, useMutation, type QueryKey } from '@tanstack/react-query';
import type { ApiClient, CreateCommentInput, CreateUpdateInput, Id } from '../../api/client.ts';
import type { ExpandName } from '../../api/expand.ts';
import type { CommentExpansions, DataInsightExpansions, EncouragementExpansions, UpdateExpansions } from '../../api/schemas/index.ts';
import type { EncouragementListParams, NotationListParams, PageParams } from '../../api/params.ts';
import { useApi } from '../../app/api-context.tsx';
import type { ListAllQueryOptions } from '../alerts/alerts.queries.ts';
import { expandKey, keyParams, notationKeys } from '../../lib/query-key-params.ts';

/**
 * The student timeline's query layer: updates, data insights, encouragements and encouragement
 * types (alerts are the alerts feature's, under `['alerts', …]` with the same shape).
 *
 *     ['updates', 'list', filters]                     E1, one page
 *     ['updates', 'list', filters, 'all']              E1, every page
 *     ['updates', 'detail', id, { expand? }]           E2
 *     ['updates', 'comments', id, { expand? }]         E3
 *     ['updates', 'comment', id, commentId, { expand? }]
 *     ['updates', 'categories', id]
 *     ['dataInsights', 'list' | 'detail' | 'comments' | 'comment', …]   E5, E6, the same way
 *     ['encouragements', 'list', range, 'all']         E10 over a last-modified range, all students
 *     ['encouragements', 'list', filters]              E10, one page
 *     ['encouragements', 'detail', id, { expand? }]
 *     ['encouragements', 'types', 'list', paging]      the types
 *     ['encouragements', 'types', 'detail', id]        E11
 *
 * "The student's timeline" is every notation list (updates, data insights, alerts) whose
 * `identifiers` filter names the student. E10 has no student filter: its key is the range only, so
 * every student's page over the same range reuses one fetch and picks its own with `select`.
 */

type UpdateExpand = ExpandName<typeof UpdateExpansions>;
type DataInsightExpand = ExpandName<typeof DataInsightExpansions>;
type EncouragementExpand = ExpandName<typeof EncouragementExpansions>;
type CommentExpand = ExpandName<typeof CommentExpansions>;
type AllPagesParams<E extends string> = Omit<NotationListParams<E>, 'page' | 'pageSize'>;
/** E10 over a last-modified range (`modifiedOnStart`/`End`), optionally with `expand`. */
export type EncouragementRange<E extends string> = Omit<EncouragementListParams<E>, 'page' | 'pageSize'>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;


export const updateKeys = {
  ...notationKeys('updates'),
  categories: (id: Id) => ['updates', 'categories', String(id)] as const,
};
export const dataInsightKeys = notationKeys('dataInsights');

const encouragementsRoot = ['encouragements'] as const;
export const encouragementKeys = {
  all: encouragementsRoot,
  lists: () => [...encouragementsRoot, 'list'] as const,
  list: (params: EncouragementListParams<string> = {}) => [...encouragementsRoot, 'list', keyParams(params)] as const,
  /** One key per range (and expand), whoever's page asks. */
  range: (range: EncouragementRange<string> = {}) => [...encouragementsRoot, 'list', keyParams(range), 'all'] as const,
  detail: (id: Id) => [...encouragementsRoot, 'detail', String(id)] as const,
  types: () => [...encouragementsRoot, 'types'] as const,
  typeList: (params: PageParams = {}) => [...encouragementsRoot, 'types', 'list', keyParams(params)] as const,
  type: (id: Id) => [...encouragementsRoot, 'types', 'detail', String(id)] as const,
};

/** Notations: the default staleTime (30 s). Encouragements over a range: 5 min. Types: 1 h. */
export const ENCOURAGEMENT_RANGE_STALE_TIME = 5 * MINUTE;
export const ENCOURAGEMENT_TYPE_STALE_TIME = HOUR;

export const updateQueries = {
  all: updateKeys.all,
  lists: updateKeys.lists,
  /** E1, one page. */
  list: <const E extends UpdateExpand = never>(api: ApiClient, params: NotationListParams<E> = {}) =>
    queryOptions({ queryKey: updateKeys.list(params), queryFn: ({ signal }) => api.updates.list<E>(params, { signal }) }),
  /** E1, every page. */
  listAll: <const E extends UpdateExpand = never>(api: ApiClient, params: AllPagesParams<E> = {}, options: ListAllQueryOptions = {}) =>
    queryOptions({ queryKey: updateKeys.listAll(params), queryFn: ({ signal }) => api.updates.listAll<E>(params, { ...options, signal }) }),
  /** E2. */
  detail: <const E extends UpdateExpand = never>(api: ApiClient, id: Id, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...updateKeys.detail(id), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.updates.get<E>(id, expand ? { expand } : {}, { signal }),
    }),
  /** E3. */
  comments: <const E extends CommentExpand = never>(api: ApiClient, id: Id, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...updateKeys.comments(id), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.updates.comments<E>(id, expand ? { expand } : {}, { signal }),
    }),
  comment: <const E extends CommentExpand = never>(api: ApiClient, id: Id, commentId: Id, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...updateKeys.comment(id, commentId), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.updates.comment<E>(id, commentId, expand ? { expand } : {}, { signal }),
    }),
  categories: (api: ApiClient, id: Id) =>
    queryOptions({ queryKey: updateKeys.categories(id), queryFn: ({ signal }) => api.updates.categories(id, { signal }) }),
};

export const dataInsightQueries = {
  all: dataInsightKeys.all,
  lists: dataInsightKeys.lists,
  /** E5, one page (the client sends the start of the range as `createOnStart`). */
  list: <const E extends DataInsightExpand = never>(api: ApiClient, params: NotationListParams<E> = {}) =>
    queryOptions({ queryKey: dataInsightKeys.list(params), queryFn: ({ signal }) => api.dataInsights.list<E>(params, { signal }) }),
  /** E5, every page. */
  listAll: <const E extends DataInsightExpand = never>(api: ApiClient, params: AllPagesParams<E> = {}, options: ListAllQueryOptions = {}) =>
    queryOptions({
      queryKey: dataInsightKeys.listAll(params),
      queryFn: ({ signal }) => api.dataInsights.listAll<E>(params, { ...options, signal }),
    }),
  /** E6. */
  detail: <const E extends DataInsightExpand = never>(api: ApiClient, id: Id, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...dataInsightKeys.detail(id), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.dataInsights.get<E>(id, expand ? { expand } : {}, { signal }),
    }),
  comments: <const E extends CommentExpand = never>(api: ApiClient, id: Id, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...dataInsightKeys.comments(id), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.dataInsights.comments<E>(id, expand ? { expand } : {}, { signal }),
    }),
  comment: <const E extends CommentExpand = never>(api: ApiClient, id: Id, commentId: Id, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...dataInsightKeys.comment(id, commentId), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.dataInsights.comment<E>(id, commentId, expand ? { expand } : {}, { signal }),
    }),
};

type PersonLink = { href: string; identifier?: unknown };

export const encouragementQueries = {
  all: encouragementKeys.all,
  lists: encouragementKeys.lists,
  /** E10, one page. */
  list: <const E extends EncouragementExpand = never>(api: ApiClient, params: EncouragementListParams<E> = {}) =>
    queryOptions({ queryKey: encouragementKeys.list(params), queryFn: ({ signal }) => api.encouragements.list<E>(params, { signal }) }),
  /** E10, every page of a last-modified range, for every student (5 min fresh). */
  range: <const E extends EncouragementExpand = never>(api: ApiClient, range: EncouragementRange<E> = {}, options: ListAllQueryOptions = {}) =>
    queryOptions({
      queryKey: encouragementKeys.range(range),
      queryFn: ({ signal }) => api.encouragements.listAll<E>(range, { ...options, signal }),
      staleTime: ENCOURAGEMENT_RANGE_STALE_TIME,
    }),
  /** One student's encouragements: the range's shared entry, narrowed with `select`. */
  ofStudent: <const E extends EncouragementExpand = never>(api: ApiClient, student: string, range: EncouragementRange<E> = {}, options: ListAllQueryOptions = {}) =>
    queryOptions({
      ...encouragementQueries.range<E>(api, range, options),
      // Expanded or not, `student` keeps its href (decisions §2); TypeScript cannot see it through the generic `E`.
      select: (all) => all.values.filter((encouragement) => api.personIdentifier((encouragement as { student: PersonLink }).student) === student),
    }),
  detail: <const E extends EncouragementExpand = never>(api: ApiClient, id: Id, expand?: readonly E[]) =>
    queryOptions({
      queryKey: [...encouragementKeys.detail(id), expandKey(expand)] as const,
      queryFn: ({ signal }) => api.encouragements.get<E>(id, expand ? { expand } : {}, { signal }),
    }),
  /** The encouragement types (1 h fresh: they are predefined). */
  types: (api: ApiClient, params: PageParams = {}) =>
    queryOptions({
      queryKey: encouragementKeys.typeList(params),
      queryFn: ({ signal }) => api.encouragements.types.list(params, { signal }),
      staleTime: ENCOURAGEMENT_TYPE_STALE_TIME,
      gcTime: ENCOURAGEMENT_TYPE_STALE_TIME,
    }),
  /** E11 (1 h fresh). */
  type: (api: ApiClient, id: Id) =>
    queryOptions({
      queryKey: encouragementKeys.type(id),
      queryFn: ({ signal }) => api.encouragements.types.get(id, { signal }),
      staleTime: ENCOURAGEMENT_TYPE_STALE_TIME,
      gcTime: ENCOURAGEMENT_TYPE_STALE_TIME,
    }),
};

// ---------------------------------------------------------------------------------------------
// Which keys a write touches.

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const paramsOf = (key: QueryKey): Record<string, unknown> => key.find(isPlainObject) ?? {};
const listOf = (key: QueryKey, name: string): unknown[] => {
  const value = paramsOf(key)[name];
  return Array.isArray(value) ? (value as unknown[]) : [];
};

/** A list of `root` that can show a new notation of `student`: unfiltered, or filtered to include them. */
function listCovers(key: QueryKey, root: string, student: string): boolean {
  if (key[0] !== root || key[1] !== 'list') return false;
  const identifiers = listOf(key, 'identifiers');
  return identifiers.length === 0 || identifiers.includes(student);
}

/** A list whose items change when one gets a comment: it expands comments or filters on the last-modified time. */
function showsComments(key: QueryKey): boolean {
  const params = paramsOf(key);
  return listOf(key, 'expand').includes('comments') || params.modifiedOnStart !== undefined || params.modifiedOnEnd !== undefined;
}

export interface AddUpdateCommentVariables {
  updateId: Id;
  /** `usedToLowerAlert` must be absent or false on an update (400 otherwise). */
  body: CreateCommentInput;
}

export const updateMutations = {
  /** E4: the updates lists that can show the new update (unfiltered, or filtered to its student) go stale. */
  create: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...updateKeys.all, 'create'],
      mutationFn: (body: CreateUpdateInput) => api.updates.create(body),
      onSuccess: (_created, body, _onMutate, { client }) =>
        client.invalidateQueries({ predicate: ({ queryKey }) => listCovers(queryKey, 'updates', body.student.identifier) }),
    }),

  /** Comment on an update: the update (its last-modified time; `expand=comments`), its comments, the lists that show them. */
  addComment: (api: ApiClient) =>
    mutationOptions({
      mutationKey: [...updateKeys.all, 'addComment'],
      mutationFn: ({ updateId, body }: AddUpdateCommentVariables) => api.updates.addComment(updateId, body),
      onSuccess: (_created, { updateId }, _onMutate, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: updateKeys.detail(updateId) }),
          client.invalidateQueries({ queryKey: updateKeys.comments(updateId) }),
          client.invalidateQueries({ queryKey: updateKeys.lists(), predicate: ({ queryKey }) => showsComments(queryKey) }),
        ]),
    }),
};

/** The hooks use `api` when given (tests), else the app's client: `useApi()`, which is `browserApi()` unless a provider says otherwise. */
export function useCreateUpdate(api?: ApiClient) {
  const fromContext = useApi();
  return useMutation(updateMutations.create(api ?? fromContext));
}

export function useAddUpdateComment(api?: ApiClient) {
  const fromContext = useApi();
  return useMutation(updateMutations.addComment(api ?? fromContext));
}
