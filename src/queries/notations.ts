import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient, CreateCommentInput, CreateUpdateInput, ExpandedComment, Id } from '../api/client.ts';
import type { Expanded, ExpandName, ExpansionMap } from '../api/expand.ts';
import type * as X from '../api/schemas/index.ts';
import type { Page, RequestOptions } from '../api/http.ts';
import type { AllValues, ListAllOptions } from '../api/paging.ts';
import type { EncouragementFilters, ExpandParams, NotationFilters, PageParams } from '../api/params.ts';
import type * as S from '../api/schemas/index.ts';
import { expandKey, keyParams, listCovers, notationKeys, showsComments } from './keys.ts';

/**
 * The notations' query layer: one factory per notation kind, generated once from the client's
 * shared shape (`api.updates`, `api.dataInsights`, `api.alerts`, `api.encouragements` read alike),
 * as the client generates its methods. Alerts add their writes in alerts.ts.
 *
 *     [kind, 'list', filters]                     E1, E5, E7, E10: one page
 *     [kind, 'list', filters, 'all']              every page (listAll)
 *     [kind, 'detail', id, { expand? }]           E2, E6, the alert and encouragement details
 *     [kind, 'comments', id, { expand? }]         E3 and its twins
 *     [kind, 'comment', id, commentId, { expand? }]
 *     [kind, 'categories', id]                    E8 and its update twin
 *     ['encouragements', 'list', range, 'all']   E10 over a last-modified range, all students
 *     ['encouragements', 'types', 'list', paging] the types
 *     ['encouragements', 'types', 'detail', id]  E11
 *
 * "The student's timeline" is every notation list (updates, data insights, alerts) whose
 * `identifiers` filter names the student. E10 has no student filter: its key is the range only, so
 * every student's page over the same range reuses one fetch and picks its own with `select`.
 */

type CommentExpand = ExpandName<typeof X.CommentExpansions>;
type AllPages<P> = Omit<P, 'page' | 'pageSize'>;

/** Options of the whole-list queries that do not change the result (so not in the key: see eslint.config.js). */
export type ListAllQueryOptions = Omit<ListAllOptions, 'signal'>;

/** What the client's notation resources have in common (see `notationReads` in api/client.ts). */
export interface NotationReads<P, T, M extends ExpansionMap> {
  list<const E extends ExpandName<M> = never>(params?: P & ExpandParams<E>, options?: RequestOptions): Promise<Page<Expanded<T, M, E>>>;
  listAll<const E extends ExpandName<M> = never>(
    params?: AllPages<P & ExpandParams<E>>,
    options?: ListAllOptions<Expanded<T, M, E>>,
  ): Promise<AllValues<Expanded<T, M, E>>>;
  get<const E extends ExpandName<M> = never>(id: Id, params?: ExpandParams<E>, options?: RequestOptions): Promise<Expanded<T, M, E>>;
}

export interface NotationComments {
  comments<const E extends CommentExpand = never>(id: Id, params?: ExpandParams<E>, options?: RequestOptions): Promise<Page<ExpandedComment<E>>>;
  comment<const E extends CommentExpand = never>(id: Id, commentId: Id, params?: ExpandParams<E>, options?: RequestOptions): Promise<ExpandedComment<E>>;
}

/** The keys and the list, every-page and detail factories of one notation kind. */
export function notationQueries<const Root extends string, P, T, M extends ExpansionMap>(root: Root, resource: (api: ApiClient) => NotationReads<P, T, M>) {
  const keys = notationKeys(root);
  return {
    keys,
    all: keys.all,
    lists: keys.lists,
    details: keys.details,
    /** One page. */
    list: <const E extends ExpandName<M> = never>(api: ApiClient, params?: P & ExpandParams<E>) =>
      queryOptions({ queryKey: keys.list(params), queryFn: ({ signal }) => resource(api).list<E>(params, { signal }) }),
    /** Every page of a range and filter (`listAll`). */
    listAll: <const E extends ExpandName<M> = never>(api: ApiClient, params?: AllPages<P & ExpandParams<E>>, options: ListAllQueryOptions = {}) =>
      queryOptions({ queryKey: keys.listAll(params), queryFn: ({ signal }) => resource(api).listAll<E>(params, { ...options, signal }) }),
    detail: <const E extends ExpandName<M> = never>(api: ApiClient, id: Id, expand?: readonly E[]) =>
      queryOptions({
        queryKey: [...keys.detail(id), expandKey(expand)] as const,
        queryFn: ({ signal }) => resource(api).get<E>(id, expand ? { expand } : {}, { signal }),
      }),
  };
}

/** A notation's comments (E3, E9 and their twins). */
export function notationCommentQueries<const Root extends string>(root: Root, resource: (api: ApiClient) => NotationComments) {
  const keys = notationKeys(root);
  return {
    keys,
    comments: <const E extends CommentExpand = never>(api: ApiClient, id: Id, expand?: readonly E[]) =>
      queryOptions({
        queryKey: [...keys.comments(id), expandKey(expand)] as const,
        queryFn: ({ signal }) => resource(api).comments<E>(id, expand ? { expand } : {}, { signal }),
      }),
    comment: <const E extends CommentExpand = never>(api: ApiClient, id: Id, commentId: Id, expand?: readonly E[]) =>
      queryOptions({
        queryKey: [...keys.comment(id, commentId), expandKey(expand)] as const,
        queryFn: ({ signal }) => resource(api).comment<E>(id, commentId, expand ? { expand } : {}, { signal }),
      }),
  };
}

/** A notation's categories (E8 and its update twin) sit beside its comments. */
export const categoriesKey = (root: string, id: Id) => [root, 'categories', String(id)] as const;

const { keys: updateReadKeys, ...updateReads } = notationQueries<'updates', NotationFilters, S.Update, typeof X.UpdateExpansions>(
  'updates',
  (api) => api.updates,
);
const { keys: _updateCommentKeys, ...updateCommentReads } = notationCommentQueries('updates', (api) => api.updates);
const { keys: dataInsightKeysRead, ...dataInsightReads } = notationQueries<'dataInsights', NotationFilters, S.DataInsight, typeof X.DataInsightExpansions>(
  'dataInsights',
  (api) => api.dataInsights,
);
const { keys: _dataInsightCommentKeys, ...dataInsightCommentReads } = notationCommentQueries('dataInsights', (api) => api.dataInsights);

export const updateKeys = { ...updateReadKeys, categories: (id: Id) => categoriesKey('updates', id) };
export const dataInsightKeys = dataInsightKeysRead;

/** E1–E3, the comment and category extensions. */
export const updateQueries = {
  ...updateReads,
  ...updateCommentReads,
  categories: (api: ApiClient, id: Id) =>
    queryOptions({ queryKey: updateKeys.categories(id), queryFn: ({ signal }) => api.updates.categories(id, { signal }) }),
};
/** E5 (the client sends the start of the range as `createOnStart`), E6, the comment extensions. */
export const dataInsightQueries = { ...dataInsightReads, ...dataInsightCommentReads };

// ---------------------------------------------------------------------------------------------
// Encouragements: read like the other notations, plus a range shared by every student's page.

const MINUTE = 60_000;
/** Encouragements over a range: 5 min. Types: 1 h (they are predefined). Notations: the default 30 s. */
export const ENCOURAGEMENT_RANGE_STALE_TIME = 5 * MINUTE;
export const ENCOURAGEMENT_TYPE_STALE_TIME = 60 * MINUTE;
/** A type read once is kept as long as it is fresh: a page opened later in the hour needs no request. */
const ENCOURAGEMENT_TYPE_CACHE = { staleTime: ENCOURAGEMENT_TYPE_STALE_TIME, gcTime: ENCOURAGEMENT_TYPE_STALE_TIME };

/** E10 over a last-modified range (`modifiedOnStart`/`End`), optionally with `expand`. */
export type EncouragementRange<E extends string> = AllPages<EncouragementFilters & ExpandParams<E>>;
type EncouragementExpand = ExpandName<typeof X.EncouragementExpansions>;

const { keys: encouragementReadKeys, ...encouragementReads } = notationQueries<
  'encouragements',
  EncouragementFilters,
  S.Encouragement,
  typeof X.EncouragementExpansions
>('encouragements', (api) => api.encouragements);

export const encouragementKeys = {
  ...encouragementReadKeys,
  /** One key per range (and expand), whoever's page asks. */
  range: (range: EncouragementRange<string> = {}) => encouragementReadKeys.listAll(range),
  types: () => [...encouragementReadKeys.all, 'types'] as const,
  typeList: (params: PageParams = {}) => [...encouragementReadKeys.all, 'types', 'list', keyParams(params)] as const,
  type: (id: Id) => [...encouragementReadKeys.all, 'types', 'detail', String(id)] as const,
};

type PersonLink = { href: string; identifier?: unknown };

export const encouragementQueries = {
  ...encouragementReads,
  /** E10, every page of a last-modified range, for every student (5 min fresh). */
  range: <const E extends EncouragementExpand = never>(api: ApiClient, range: EncouragementRange<E> = {}) =>
    queryOptions({ ...encouragementReads.listAll<E>(api, range), staleTime: ENCOURAGEMENT_RANGE_STALE_TIME }),
  /** One student's encouragements: the range's shared entry, narrowed with `select`. */
  ofStudent: <const E extends EncouragementExpand = never>(api: ApiClient, student: string, range: EncouragementRange<E> = {}) =>
    queryOptions({
      ...encouragementQueries.range<E>(api, range),
      // Expanded or not, `student` keeps its href (decisions §2); TypeScript cannot see it through the generic `E`.
      select: (all) => all.values.filter((encouragement) => api.personIdentifier((encouragement as { student: PersonLink }).student) === student),
    }),
  /** The encouragement types (1 h fresh). */
  types: (api: ApiClient, params: PageParams = {}) =>
    queryOptions({
      queryKey: encouragementKeys.typeList(params),
      queryFn: ({ signal }) => api.encouragements.types.list(params, { signal }),
      ...ENCOURAGEMENT_TYPE_CACHE,
    }),
  /** E11 (1 h fresh). */
  type: (api: ApiClient, id: Id) =>
    queryOptions({
      queryKey: encouragementKeys.type(id),
      queryFn: ({ signal }) => api.encouragements.types.get(id, { signal }),
      ...ENCOURAGEMENT_TYPE_CACHE,
    }),
};

// ---------------------------------------------------------------------------------------------
// Writing updates.

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
        client.invalidateQueries({ predicate: ({ queryKey }) => listCovers(queryKey, 'updates', [body.student.identifier]) }),
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
