import { z } from 'zod';
import * as S from './schemas/index.ts';
import { expandQuery, expandedSchema, type Expanded, type ExpandName, type ExpansionMap } from './expand.ts';
import { ApiError, createHttp, parsePage, parseResource, type HttpConfig, type HttpRequest, type Page, type RequestOptions } from './http.ts';
import { hrefOperation, isOwnHref, parseHref, pathOf, type HrefKind, type HrefTarget } from './links.ts';
import { OPERATIONS, pathFor, type OperationName, type PathValues } from './operations.ts';
import { listAll, type AllValues, type ListAllOptions } from './paging.ts';
import {
  toWireEncouragementList,
  toWireExpand,
  toWireNotationList,
  toWirePage,
  wireList,
  type AdministrationListParams,
  type EncouragementFilters,
  type ExpandParams,
  type NotationFilters,
  type PageParams,
  type PeopleListParams,
  type WireQuery,
} from './params.ts';
import { requestToken } from './token-provider.ts';

/**
 * The typed client of the Student Success service: one method per operation (service.md E1–E19)
 * and per extension of the reference backend (decisions §9), grouped by resource. Every response
 * is parsed with the contract's schemas; every failure is an `ApiError`.
 *
 * In the browser: `createApiClient({ baseUrl: '/api' })` (the same-origin gateway adds the
 * credentials). In Node: `createApiClient({ baseUrl, subscriptionKey, accessToken: createTokenProvider(…) })`.
 */
export type ApiClientConfig = HttpConfig;

/** A path id: the contract types most as numbers, some (E8, E11, E19) as strings. */
export type Id = number | string;

type UpdateExpand = ExpandName<typeof S.UpdateExpansions>;
type AlertExpand = ExpandName<typeof S.AlertExpansions>;
type DataInsightExpand = ExpandName<typeof S.DataInsightExpansions>;
type EncouragementExpand = ExpandName<typeof S.EncouragementExpansions>;
type CommentExpand = ExpandName<typeof S.CommentExpansions>;
type FactorResultExpand = ExpandName<typeof S.FactorResultExpansions>;
type AdministrationResultExpand = ExpandName<typeof S.AdministrationResultExpansions>;

export type ExpandedUpdate<E extends UpdateExpand> = Expanded<S.Update, typeof S.UpdateExpansions, E>;
export type ExpandedAlert<E extends AlertExpand> = Expanded<S.Alert, typeof S.AlertExpansions, E>;
export type ExpandedDataInsight<E extends DataInsightExpand> = Expanded<S.DataInsight, typeof S.DataInsightExpansions, E>;
export type ExpandedEncouragement<E extends EncouragementExpand> = Expanded<S.Encouragement, typeof S.EncouragementExpansions, E>;
export type ExpandedComment<E extends CommentExpand> = Expanded<S.Comment, typeof S.CommentExpansions, E>;
export type ExpandedFactorResult<E extends FactorResultExpand> = Expanded<S.FactorResult, typeof S.FactorResultExpansions, E>;

/**
 * A list method typed by `expand`. Its last signature (no expansion) is the one TypeScript uses
 * when the method itself is passed as a value, so that `listAll(api.alerts.list, filters)` works;
 * for every page with expansions use `api.alerts.listAll({ expand })`.
 */
export interface ExpandableList<P, T, M extends ExpansionMap> {
  <const E extends ExpandName<M> = never>(params?: P & ExpandParams<E>, options?: RequestOptions): Promise<Page<Expanded<T, M, E>>>;
  (params?: P & ExpandParams<never>, options?: RequestOptions): Promise<Page<T>>;
}

export type CreateUpdateInput = z.input<typeof S.CreateUpdateBodySchema>;
export type CreateAlertInput = z.input<typeof S.CreateAlertBodySchema>;
export type CreateCommentInput = z.input<typeof S.CreateCommentBodySchema>;
export type PatchTriggerInput = z.input<typeof S.PatchTriggerBodySchema>;
export type EditCategoryInput = z.input<typeof S.EditCategoryBodySchema>;
export type ReplaceSuccessNetworkInput = z.input<typeof S.ReplaceSuccessNetworkBodySchema>;

/** A resource kind and its collection kind: the resource, and a page of it. */
type ItemAndPage<Item extends string, List extends string, T> = Record<Item, T> & Record<List, Page<T>>;

/** What an href of each kind resolves to (`api.follow`, `api.resolve`). */
export type HrefValues = ItemAndPage<'person', 'people', S.Person> &
  ItemAndPage<'update', 'updates', S.Update> &
  ItemAndPage<'dataInsight', 'dataInsights', S.DataInsight> &
  ItemAndPage<'alert', 'alerts', S.Alert> &
  ItemAndPage<'encouragement', 'encouragements', S.Encouragement> &
  ItemAndPage<'comment', 'comments', S.Comment> &
  ItemAndPage<'category', 'categories', S.CategoryRecord> &
  ItemAndPage<'encouragementType', 'encouragementTypes', S.EncouragementType> &
  ItemAndPage<'trigger', 'triggers', S.Trigger> &
  ItemAndPage<'administration', 'administrations', S.Administration> &
  ItemAndPage<'factorScore', 'factorScores', S.FactorResult> & {
    successNetwork: Page<S.Link>;
    caseload: Page<S.Person>;
    personEncouragements: Page<S.Encouragement>;
    notationCategories: Page<S.Category>;
    administrationResults: Page<S.Link>;
    factor: S.AssessmentFactor;
  };

/** The result of `api.follow(href)`: narrow on `kind`. */
export type Followed = {
  [K in HrefKind]: { kind: K; target: Extract<HrefTarget, { kind: K }>; value: HrefValues[K] };
}[HrefKind];

/** Per kind: the operation an href stands for, and how its body parses (from the operation table). */
function hrefReader(target: HrefTarget): { operation: OperationName; schema: z.ZodType; list: boolean } {
  const { name, spec } = hrefOperation(target);
  const item = 'item' in spec ? spec.item : undefined;
  return { operation: name, schema: item ?? spec.responses[200]?.schema ?? z.unknown(), list: item !== undefined };
}

/** Only what the client relies on: it is an OpenAPI document. */
const OpenApiDocumentSchema = z.looseObject({ openapi: z.string() });

/** The notation resources, by the prefix of their operation names. */
type NotationResource = 'updates' | 'dataInsights' | 'alerts' | 'encouragements';
type CommentedResource = Exclude<NotationResource, 'encouragements'>;
type WritableResource = 'updates' | 'alerts';

export function createApiClient(config: ApiClientConfig) {
  const http = createHttp(config);
  const { baseUrl } = http;

  async function one<T extends z.ZodType>(
    operation: OperationName,
    params: PathValues,
    schema: T,
    query?: WireQuery,
    options?: RequestOptions,
  ): Promise<z.infer<T>> {
    const path = pathFor(operation, params);
    const response = await http.send({ operation, method: 'GET', path, ...(query ? { query } : {}) }, options);
    return parseResource(operation, schema, response);
  }

  async function page<T extends z.ZodType>(
    operation: OperationName,
    params: PathValues,
    itemSchema: T,
    query?: WireQuery,
    options?: RequestOptions,
  ): Promise<Page<z.infer<T>>> {
    const path = pathFor(operation, params);
    const response = await http.send({ operation, method: 'GET', path, ...(query ? { query } : {}) }, options);
    return parsePage(operation, itemSchema, response);
  }

  /**
   * A GET whose item type depends on `expand`: the schema is built from the expansion map, and
   * the answer read as one resource or as a page of them.
   */
  function expandedRead(
    read: (operation: OperationName, params: PathValues, schema: z.ZodType, query?: WireQuery, options?: RequestOptions) => Promise<unknown>,
  ) {
    return <R>(
      operation: OperationName,
      params: PathValues,
      base: z.ZodObject,
      map: ExpansionMap,
      expand: readonly string[] | undefined,
      query: WireQuery,
      options?: RequestOptions,
    ): Promise<R> => read(operation, params, expandedSchema(base, map, expand), query, options) as Promise<R>;
  }
  const expandedOne = expandedRead(one);
  const expandedPage = expandedRead(page);

  /** A write: its method and path come from the operation table. */
  function writeRequest(operation: OperationName, params: PathValues, body: unknown): HttpRequest {
    const method = OPERATIONS[operation].method.toUpperCase() as HttpRequest['method'];
    return { operation, method, path: pathFor(operation, params), body };
  }

  async function write<T extends z.ZodType>(
    operation: OperationName,
    params: PathValues,
    body: unknown,
    schema: T,
    options?: RequestOptions,
  ): Promise<z.infer<T>> {
    const response = await http.send(writeRequest(operation, params, body), options);
    return parseResource(operation, schema, response);
  }

  async function writeNoContent(operation: OperationName, params: PathValues, body: unknown, options?: RequestOptions): Promise<void> {
    await http.send(writeRequest(operation, params, body), options);
  }

  async function read(target: HrefTarget, url: string | undefined, options?: RequestOptions): Promise<unknown> {
    const { operation, schema, list } = hrefReader(target);
    const request: HttpRequest = url ? { operation, method: 'GET', url } : { operation, method: 'GET', path: pathOf(target) };
    const response = await http.send(request, options);
    return list ? parsePage(operation, schema, response) : parseResource(operation, schema, response);
  }

  /**
   * List, get and every page of a notation resource, typed by `expand`: E1/E2 (updates), E5/E6
   * (data insights), E7 and its detail (alerts), E10 and its detail (encouragements).
   */
  function notationReads<P extends PageParams, T, M extends ExpansionMap>(
    resource: NotationResource,
    schema: z.ZodObject & z.ZodType<T>,
    expansions: M,
    toWire: (params: (P & ExpandParams<string>) | undefined) => WireQuery,
  ) {
    const list = ((params?: P & ExpandParams<string>, options?: RequestOptions) =>
      expandedPage(`${resource}.list`, {}, schema, expansions, params?.expand, toWire(params), options)) as ExpandableList<P, T, M>;
    return {
      list,
      get<const E extends ExpandName<M> = never>(id: Id, params?: ExpandParams<E>, options?: RequestOptions): Promise<Expanded<T, M, E>> {
        return expandedOne(`${resource}.get`, { id }, schema, expansions, params?.expand, toWireExpand(params), options);
      },
      /** Every page of the list (see `listAll`). */
      listAll<const E extends ExpandName<M> = never>(
        params?: Omit<P & ExpandParams<E>, 'page' | 'pageSize'>,
        options?: ListAllOptions<Expanded<T, M, E>>,
      ): Promise<AllValues<Expanded<T, M, E>>> {
        const filters = params ?? ({} as Omit<P & ExpandParams<E>, 'page' | 'pageSize'>);
        return listAll((p: P & ExpandParams<E>, o) => list<E>(p, o), filters, options);
      },
    };
  }

  /** A notation's comments, one comment (the `self` of each), and its categories: E3, E8, E9 and extensions. */
  function notationComments(resource: CommentedResource) {
    return {
      comments<const E extends CommentExpand = never>(id: Id, params?: ExpandParams<E>, options?: RequestOptions): Promise<Page<ExpandedComment<E>>> {
        return expandedPage(`${resource}.comments`, { id }, S.CommentSchema, S.CommentExpansions, params?.expand, toWireExpand(params), options);
      },
      comment<const E extends CommentExpand = never>(id: Id, commentId: Id, params?: ExpandParams<E>, options?: RequestOptions): Promise<ExpandedComment<E>> {
        return expandedOne(
          `${resource}.comment`,
          { id, commentid: commentId },
          S.CommentSchema,
          S.CommentExpansions,
          params?.expand,
          toWireExpand(params),
          options,
        );
      },
    };
  }

  /**
   * Writing a notation and commenting on it (E4, and the extensions for alerts), and its
   * categories (E8, and the extension for updates). An alert's comment with `usedToLowerAlert:
   * true` lowers it (409 on a lowered one); on an update `usedToLowerAlert` must be absent or false.
   */
  function notationWrites<B>(resource: WritableResource) {
    return {
      /** → a link to the created notation. */
      create(body: B, options?: RequestOptions): Promise<S.Created> {
        return write(`${resource}.create`, {}, body, S.CreatedSchema, options);
      },
      addComment(id: Id, body: CreateCommentInput, options?: RequestOptions): Promise<S.Created> {
        return write(`${resource}.addComment`, { id }, body, S.CreatedSchema, options);
      },
      categories(id: Id, options?: RequestOptions): Promise<Page<S.Category>> {
        return page(`${resource}.categories`, { id }, S.CategorySchema, undefined, options);
      },
    };
  }

  /** E1–E4, and the comment extensions. */
  const updates = {
    ...notationReads<NotationFilters, S.Update, typeof S.UpdateExpansions>('updates', S.UpdateSchema, S.UpdateExpansions, toWireNotationList),
    ...notationComments('updates'),
    ...notationWrites<CreateUpdateInput>('updates'),
  };

  /** E5 (its start-of-range parameter is sent as `createOnStart`), E6, and the comment extensions. */
  const dataInsights = {
    ...notationReads<NotationFilters, S.DataInsight, typeof S.DataInsightExpansions>('dataInsights', S.DataInsightSchema, S.DataInsightExpansions, (params) =>
      toWireNotationList(params, 'createOnStart'),
    ),
    ...notationComments('dataInsights'),
  };

  /** E7, E8, E9, and the detail, comments and write extensions. */
  const alerts = {
    ...notationReads<NotationFilters, S.Alert, typeof S.AlertExpansions>('alerts', S.AlertSchema, S.AlertExpansions, toWireNotationList),
    ...notationComments('alerts'),
    ...notationWrites<CreateAlertInput>('alerts'),
  };

  /** E10, its detail, and E11 with the list of encouragement types. */
  const encouragements = {
    ...notationReads<EncouragementFilters, S.Encouragement, typeof S.EncouragementExpansions>(
      'encouragements',
      S.EncouragementSchema,
      S.EncouragementExpansions,
      toWireEncouragementList,
    ),
    types: {
      /** E11 `GET /notations/encouragements/types/{id}`. */
      get(id: Id, options?: RequestOptions): Promise<S.EncouragementType> {
        return one('encouragements.types.get', { id }, S.EncouragementTypeSchema, undefined, options);
      },
      /** Extension `GET /notations/encouragements/types/`. */
      list(params?: PageParams, options?: RequestOptions): Promise<Page<S.EncouragementType>> {
        return page('encouragements.types.list', {}, S.EncouragementTypeSchema, toWirePage(params), options);
      },
    },
  };

  const triggers = {
    /** E12 `GET /notations/triggers/{id}`. */
    get(id: Id, options?: RequestOptions): Promise<S.Trigger> {
      return one('triggers.get', { id }, S.TriggerSchema, undefined, options);
    },
    /**
     * E13 `PATCH /notations/triggers/{id}`: only the fields sent change; each student listed gets
     * one new notation from the trigger as edited.
     */
    update(id: Id, body: PatchTriggerInput, options?: RequestOptions): Promise<void> {
      return writeNoContent('triggers.update', { id }, body, options);
    },
    /** Extension `GET /notations/triggers/`. */
    list(params?: PageParams, options?: RequestOptions): Promise<Page<S.Trigger>> {
      return page('triggers.list', {}, S.TriggerSchema, toWirePage(params), options);
    },
  };

  const categories = {
    /** E14 `PUT /notations/categories/{id}`: 409 when the 20-active rule refuses an activation. */
    edit(id: Id, body: EditCategoryInput, options?: RequestOptions): Promise<void> {
      return writeNoContent('categories.edit', { id }, body, options);
    },
    /** Extension `GET /notations/categories/` (with each category's state). */
    list(params?: PageParams, options?: RequestOptions): Promise<Page<S.CategoryRecord>> {
      return page('categories.list', {}, S.CategoryRecordSchema, toWirePage(params), options);
    },
    /** Extension `GET /notations/categories/{id}`. */
    get(id: Id, options?: RequestOptions): Promise<S.CategoryRecord> {
      return one('categories.get', { id }, S.CategoryRecordSchema, undefined, options);
    },
  };

  const people = {
    /** Extension `GET /people/{identifier}`. */
    get(identifier: string, options?: RequestOptions): Promise<S.Person> {
      return one('people.get', { id: identifier }, S.PersonSchema, undefined, options);
    },
    /** Extension `GET /people/?role=&q=`. */
    list(params?: PeopleListParams, options?: RequestOptions): Promise<Page<S.Person>> {
      return page(
        'people.list',
        {},
        S.PersonSchema,
        { ...toWirePage(params), role: params?.role, q: params?.q, identifiers: wireList(params?.identifiers) },
        options,
      );
    },
    /** Extension `GET /people/{identifier}/caseload`: the people whose success network includes this person. */
    caseload(identifier: string, params?: PageParams, options?: RequestOptions): Promise<Page<S.Person>> {
      return page('people.caseload', { id: identifier }, S.PersonSchema, toWirePage(params), options);
    },
    /** Extension `GET /people/{identifier}/encouragements`: E10's items for one student, typed by `expand`. */
    encouragements<const E extends EncouragementExpand = never>(
      identifier: string,
      params?: EncouragementFilters & ExpandParams<E>,
      options?: RequestOptions,
    ): Promise<Page<ExpandedEncouragement<E>>> {
      return expandedPage(
        'people.encouragements',
        { id: identifier },
        S.EncouragementSchema,
        S.EncouragementExpansions,
        params?.expand,
        toWireEncouragementList(params),
        options,
      );
    },
    successNetwork: {
      /** E15 `GET /people/{id}/successNetwork`: links to the people of the network. */
      get(identifier: string, options?: RequestOptions): Promise<Page<S.Link>> {
        return page('people.successNetwork.get', { id: identifier }, S.LinkSchema, undefined, options);
      },
      /** E16 `PUT /people/{id}/successNetwork`: the body replaces the whole network. */
      replace(identifier: string, body: ReplaceSuccessNetworkInput, options?: RequestOptions): Promise<void> {
        return writeNoContent('people.successNetwork.replace', { id: identifier }, body, options);
      },
    },
  };

  function results(
    id: Id,
    params: PageParams & { expand: readonly ['factors', ...AdministrationResultExpand[]] },
    options?: RequestOptions,
  ): Promise<Page<S.RespondentFactors>>;
  function results(id: Id, params?: PageParams & ExpandParams<never>, options?: RequestOptions): Promise<Page<S.Link>>;
  function results(
    id: Id,
    params?: PageParams & ExpandParams<AdministrationResultExpand>,
    options?: RequestOptions,
  ): Promise<Page<S.Link | S.RespondentFactors>> {
    const expand = params?.expand ?? [];
    return page(
      'noncognitive.administrations.results',
      { id },
      expand.includes('factors') ? S.RespondentFactorsSchema : S.LinkSchema,
      { ...toWirePage(params), expand: expandQuery(expand) },
      options,
    );
  }

  const noncognitive = {
    administrations: {
      /** E17 `GET /noncognitives/administrations/`. */
      list(params?: AdministrationListParams, options?: RequestOptions): Promise<Page<S.Administration>> {
        return page(
          'noncognitive.administrations.list',
          {},
          S.AdministrationSchema,
          { ...toWirePage(params), personIdentifier: params?.personIdentifier },
          options,
        );
      },
      /** Extension `GET /noncognitives/administrations/{id}`. */
      get(id: Id, options?: RequestOptions): Promise<S.Administration> {
        return one('noncognitive.administrations.get', { id }, S.AdministrationSchema, undefined, options);
      },
      /**
       * Extension `GET /noncognitives/administrations/{id}/results`: links to each respondent's
       * factor scores; with `expand: ['factors']`, each link carries the scores themselves.
       */
      results,
      /** `results(id, { expand: ['factors'] })`: a cohort's scores, up to 1000 respondents a page. */
      resultsWithFactors(id: Id, params?: PageParams, options?: RequestOptions): Promise<Page<S.RespondentFactors>> {
        return results(id, { ...params, expand: ['factors'] }, options);
      },
    },
    /** E18 `GET /noncognitives/administrations/{id}/results/{personIdentifier}/factors`. */
    factorScores<const E extends FactorResultExpand = never>(
      administrationId: Id,
      personIdentifier: string,
      params?: ExpandParams<E>,
      options?: RequestOptions,
    ): Promise<Page<ExpandedFactorResult<E>>> {
      return expandedPage(
        'noncognitive.factorScores',
        { id: administrationId, personIdentifier },
        S.FactorResultSchema,
        S.FactorResultExpansions,
        params?.expand,
        toWireExpand(params),
        options,
      );
    },
    /** Extension `GET …/results/{personIdentifier}/factors/{factorId}`: one factor score, the `self` of an E18 item. */
    factorScore<const E extends FactorResultExpand = never>(
      administrationId: Id,
      personIdentifier: string,
      factorId: Id,
      params?: ExpandParams<E>,
      options?: RequestOptions,
    ): Promise<ExpandedFactorResult<E>> {
      return expandedOne(
        'noncognitive.factorScore',
        { id: administrationId, personIdentifier, factorId },
        S.FactorResultSchema,
        S.FactorResultExpansions,
        params?.expand,
        toWireExpand(params),
        options,
      );
    },
    /** E19 `GET /noncognitives/assessments/{id}/factors/{factorId}`. */
    factor(assessmentId: Id, factorId: Id, options?: RequestOptions): Promise<S.AssessmentFactor> {
      return one('noncognitive.factor', { id: assessmentId, factorId }, S.AssessmentFactorSchema, undefined, options);
    },
  };

  const auth = {
    /**
     * Extension `POST {baseUrl}/oauth2/token` (client credentials). Node only: a browser has no
     * secret. Prefer `createTokenProvider`, which caches and renews.
     */
    token(credentials: { clientId: string; clientSecret: string; scope?: string }, options?: { signal?: AbortSignal }): Promise<S.TokenResponse> {
      return requestToken({
        tokenUrl: `${baseUrl}/oauth2/token`,
        ...credentials,
        ...(config.fetch ? { fetch: config.fetch } : {}),
        ...(options?.signal ? { signal: options.signal } : {}),
      });
    },
  };

  return {
    baseUrl,
    updates,
    dataInsights,
    alerts,
    encouragements,
    triggers,
    categories,
    people,
    noncognitive,
    auth,
    /** Extension `GET /openapi.json` (no auth needed): the machine-readable contract. */
    openapi(options?: RequestOptions): Promise<Record<string, unknown>> {
      return one('openapi', {}, OpenApiDocumentSchema, undefined, options);
    },
    /** True when `href` is under this client's base URL (only such hrefs may be linked or followed). */
    isOwnHref(href: string): boolean {
      return isOwnHref(href, baseUrl);
    },
    /** What an own href points to, or null (foreign, unsafe, or not an API path). */
    parseHref(href: string): HrefTarget | null {
      return parseHref(href, baseUrl);
    },
    /** The identifier of the person a link points to (an expanded person carries it), or null for a foreign href or one that is not a person. */
    personIdentifier(link: { href: string; identifier?: unknown }): string | null {
      if (typeof link.identifier === 'string') return link.identifier;
      const target = parseHref(link.href, baseUrl);
      return target?.kind === 'person' ? target.identifier : null;
    },
    /** Fetches what a parsed href points to, with the operation and schema of its kind. */
    resolve<T extends HrefTarget>(target: T, options?: RequestOptions): Promise<HrefValues[T['kind']]> {
      return read(target, undefined, options) as Promise<HrefValues[T['kind']]>;
    },
    /**
     * GETs an href found in a response (its query — page, filters, expand — kept) and parses it
     * by what it points to. An href outside the base URL is refused and never fetched: an
     * ApiError of kind `invalid-response`.
     */
    async follow(href: string, options?: RequestOptions): Promise<Followed> {
      const target = parseHref(href, baseUrl);
      if (!target) {
        throw new ApiError({
          kind: 'invalid-response',
          operation: 'follow',
          message: isOwnHref(href, baseUrl) ? 'the href does not point to a resource this client knows' : 'refused to follow an href outside the base URL',
        });
      }
      const value = await read(target, new URL(href, `${absoluteOrigin(baseUrl)}/`).href, options);
      return { kind: target.kind, target, value } as Followed;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function absoluteOrigin(baseUrl: string): string {
  const location = (globalThis as { location?: { href?: string } }).location?.href;
  return new URL(baseUrl, location ?? 'http://invalid.localhost/').href.replace(/\/+$/, '');
}
