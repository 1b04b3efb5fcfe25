import { z } from 'zod';
import {
  createdRange,
  expandParam,
  identifiersParam,
  modifiedRange,
  paging,
  personIdentifiersParam,
  querySchema,
  rangeStart,
  textParam,
} from './query-params.ts';
import * as S from './schemas/index.ts';

/**
 * The one operation table of the contract: E1–E19 of service.md and every extension of the
 * reference backend (decisions §9), by one set of names (`alerts.list`). From it the server
 * registers its routes and builds its hrefs and /openapi.json, the client builds its paths and
 * reads hrefs back, and the gateway finds which body field names the person acting.
 */

export type Method = 'get' | 'post' | 'put' | 'patch';

/**
 * A path parameter: `id` is a number-typed id (not a positive integer → 400); `numeric` is typed
 * string by service.md (E8, E11's siblings) but only digits ever match (anything else → 404);
 * `string` is an opaque identifier.
 */
export type PathParamKind = 'id' | 'numeric' | 'string';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

/** What an href to this operation's path parses to (src/api/links.ts). */
export interface HrefSpec {
  kind: string;
  /** Fields every target of this kind carries (`notation: 'alert'`). */
  fixed?: Record<string, string>;
  /** Path parameter → target field, where they differ (`{ id: 'notationId' }`). */
  rename?: Record<string, string>;
  /** The target keeps the href's query (a collection: paging, filters, expand). */
  query?: boolean;
}

export interface OperationSpec {
  /** The contract's number (E1–E19), or 'extension' (decisions §9). */
  ref: string;
  method: Method;
  /** OpenAPI form, relative to the base URL: `/notations/updates/{id}`. */
  path: string;
  summary: string;
  tag: string;
  pathParams?: Record<string, PathParamKind>;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A list: the item of its collection envelope. */
  item?: z.ZodType;
  /** The success answer and the errors the operation defines. */
  responses: Record<number, ResponseSpec>;
  /** The body field that names the person acting (the gateway stamps it). */
  actor?: 'createdBy' | 'modifiedBy';
  href?: HrefSpec;
  /** Served without credentials (the token endpoint, the document). */
  public?: boolean;
  /**
   * What the server refuses although the body matches its schema, and the limits it enforces:
   * written into /openapi.json where a client's author reads the operation (#31 item 19).
   */
  rules?: readonly string[];
}

const READ_ERRORS = { 400: { description: 'Invalid parameters' }, 401: { description: 'Unauthorized' }, 500: { description: 'Internal error' } };
const READ_ONE_ERRORS = { ...READ_ERRORS, 404: { description: 'Not found' } };

type ReadInput = Omit<OperationSpec, 'method' | 'responses'> & { description: string; notFound?: boolean };

/** A list operation: the 200 answer is the collection envelope of `item`. */
function list<const T extends ReadInput & { item: z.ZodType }>(spec: T) {
  const { description, notFound, ...rest } = spec;
  return {
    ...rest,
    method: 'get' as const,
    responses: { 200: { description, schema: S.envelopeOf(spec.item) }, ...(notFound ? READ_ONE_ERRORS : READ_ERRORS) },
  };
}

/**
 * A list under one person (`/people/{id}/…`, by identifier): nobody of that identifier is a 404, and
 * its href names them as `identifier` (and keeps its query where it takes one).
 */
function personList<const T extends Omit<ReadInput, 'path' | 'tag' | 'pathParams' | 'notFound' | 'href'> & { item: z.ZodType }>(
  segment: string,
  hrefKind: string,
  spec: T,
) {
  return list({
    ...spec,
    path: `/people/{id}/${segment}`,
    tag: 'People',
    pathParams: { id: 'string' },
    notFound: true,
    href: { kind: hrefKind, rename: { id: 'identifier' }, ...(spec.query ? { query: true } : {}) },
  });
}

/** A single resource (404 for an unknown id unless `notFound: false`). */
function one<const T extends ReadInput & { schema: z.ZodType }>(spec: T) {
  const { description, schema, notFound = true, ...rest } = spec;
  return { ...rest, method: 'get' as const, responses: { 200: { description, schema }, ...(notFound ? READ_ONE_ERRORS : READ_ERRORS) } };
}

const CREATED = { 201: { description: 'Created; Location names it', schema: S.CreatedSchema } };

/* Notations: the four kinds share their shapes (decisions §4). */

/** The `expand` parameter over the names of an expansion map. */
const expandOf = <M extends object>(map: M) => expandParam(Object.keys(map) as (keyof M & string)[]);
const updateExpand = expandOf(S.UpdateExpansions);
const dataInsightExpand = expandOf(S.DataInsightExpansions);
const alertExpand = expandOf(S.AlertExpansions);
const encouragementExpand = expandOf(S.EncouragementExpansions);
const commentExpand = expandOf(S.CommentExpansions);
const factorExpand = expandOf(S.FactorResultExpansions);
const resultsExpand = expandOf(S.AdministrationResultExpansions);

const CREATED_AND_MODIFIED: [string, string][] = [
  ['createdOnStart', 'createdOnEnd'],
  ['modifiedOnStart', 'modifiedOnEnd'],
];
/** E1 and E7. */
const notationListQuery = <E extends z.ZodType>(expand: E) =>
  querySchema({ ...paging, ...createdRange, identifiers: identifiersParam, expand, ...modifiedRange }, CREATED_AND_MODIFIED);
/** E5 spells its start parameter createOnStart (service.md). */
const dataInsightListQuery = querySchema(
  {
    ...paging,
    createOnStart: rangeStart('Created (E5 spells it createOnStart, service.md)', 'createdOnEnd', '2026-03-01T08:00:00Z'),
    createdOnEnd: createdRange.createdOnEnd,
    identifiers: identifiersParam,
    expand: dataInsightExpand,
    ...modifiedRange,
  },
  [
    ['createOnStart', 'createdOnEnd'],
    ['modifiedOnStart', 'modifiedOnEnd'],
  ],
);
/** E10 takes no created range and no identifiers. */
const encouragementListQuery = querySchema({ ...paging, expand: encouragementExpand, ...modifiedRange }, [['modifiedOnStart', 'modifiedOnEnd']]);
const pageQuery = querySchema(paging);

type Commented = 'update' | 'dataInsight' | 'alert';

const NOTATION_RULES = [
  '400 when `student.identifier` names nobody, or someone whose role is not Student.',
  '400 when `createdBy.identifier` names nobody (through the gateway it is always the signed-in person).',
  '400 when a category id is unknown, inactive, or listed twice; at most 50 categories.',
  '`details`: 1 to 10,000 characters, not only spaces; plain text.',
] as const;

/** E4 and its alert sibling: the body names the creator; 201 with Location. */
function createNotation<const B extends z.ZodType>(ref: string, segment: string, tag: string, summary: string, body: B) {
  return {
    ref,
    method: 'post' as const,
    path: `/notations/${segment}/`,
    summary,
    tag,
    body,
    actor: 'createdBy' as const,
    responses: { ...CREATED, ...READ_ERRORS },
    rules: NOTATION_RULES,
  };
}

function comments(segment: string, notation: Commented, tag: string, ref: string, noun: string) {
  return list({
    ref,
    path: `/notations/${segment}/{id}/comments`,
    summary: `Comments of ${noun}`,
    tag,
    pathParams: { id: 'id' },
    query: querySchema({ expand: commentExpand }),
    item: S.CommentSchema,
    description: 'Every comment, oldest first',
    notFound: true,
    href: { kind: 'comments', fixed: { notation }, rename: { id: 'notationId' }, query: true },
  });
}

function comment(segment: string, notation: Commented, tag: string, ref: string, noun: string) {
  return one({
    ref,
    path: `/notations/${segment}/{id}/comments/{commentid}`,
    summary: `One comment of ${noun}`,
    tag,
    pathParams: { id: 'id', commentid: 'id' },
    query: querySchema({ expand: commentExpand }),
    schema: S.CommentSchema,
    description: 'One comment',
    href: { kind: 'comment', fixed: { notation }, rename: { id: 'notationId', commentid: 'id' } },
  });
}

function addComment(segment: string, tag: string, summary: string, lowers: boolean) {
  return {
    ref: 'extension',
    method: 'post' as const,
    path: `/notations/${segment}/{id}/comments`,
    summary,
    tag,
    pathParams: { id: 'id' as const },
    body: S.CreateCommentBodySchema,
    actor: 'createdBy' as const,
    rules: [
      '404 when the notation does not exist.',
      '400 when `createdBy.identifier` names nobody.',
      lowers
        ? '`usedToLowerAlert: true` lowers an open alert (its status becomes Lowered) in the same write; 409 `alert-already-lowered` when it is lowered already, and nothing is written.'
        : '`usedToLowerAlert` may only be true on an alert: 400 here.',
      '`details`: 1 to 10,000 characters, not only spaces.',
    ],
    responses: lowers ? { ...CREATED, ...READ_ONE_ERRORS, 409: { description: 'The alert is already lowered' } } : { ...CREATED, ...READ_ONE_ERRORS },
  };
}

function categories(segment: string, notation: 'update' | 'alert', tag: string, ref: string, idKind: PathParamKind, noun: string) {
  return list({
    ref,
    path: `/notations/${segment}/{id}/categories`,
    summary: `Categories of ${noun}`,
    tag,
    pathParams: { id: idKind },
    item: S.CategorySchema,
    description: 'Every category of the notation',
    notFound: true,
    href: { kind: 'notationCategories', fixed: { notation }, rename: { id: 'notationId' } },
  });
}

/**
 * A notation kind's list (newest first) and its single resource, alike for the four kinds but
 * for their names, query and expansions. The href kinds are the segment (`dataInsights`) and its
 * singular (`dataInsight`).
 */
function notationReads<const Q extends z.ZodType, const E extends z.ZodType, const I extends z.ZodType>(
  segment: string,
  tag: string,
  noun: string,
  refs: [list: string, get: string],
  query: Q,
  expand: E,
  item: I,
) {
  return {
    list: list({
      ref: refs[0],
      path: `/notations/${segment}/`,
      summary: `List ${noun}s`,
      tag,
      query,
      item,
      description: 'A page, newest first',
      href: { kind: segment, query: true },
    }),
    get: one({
      ref: refs[1],
      path: `/notations/${segment}/{id}`,
      summary: `${noun[0]!.toUpperCase()}${noun.slice(1)} details`,
      tag,
      pathParams: { id: 'id' },
      query: querySchema({ expand }),
      schema: item,
      description: `One ${noun}`,
      href: { kind: segment.slice(0, -1) },
    }),
  };
}

const updates = notationReads('updates', 'Updates', 'update', ['E1', 'E2'], notationListQuery(updateExpand), updateExpand, S.UpdateSchema);
const dataInsights = notationReads('dataInsights', 'Data insights', 'data insight', ['E5', 'E6'], dataInsightListQuery, dataInsightExpand, S.DataInsightSchema);
const alerts = notationReads('alerts', 'Alerts', 'alert', ['E7', 'extension'], notationListQuery(alertExpand), alertExpand, S.AlertSchema);
const encouragements = notationReads(
  'encouragements',
  'Encouragements',
  'encouragement',
  ['E10', 'extension'],
  encouragementListQuery,
  encouragementExpand,
  S.EncouragementSchema,
);

/**
 * A resource read a page at a time (by id) and one by its id; `names` are the list's and the
 * item's summary, `hrefs` their href kinds.
 */
function pagedById<const I extends z.ZodType>(
  path: string,
  tag: string,
  noun: string,
  item: I,
  refs: [list: string, get: string],
  names: [list: string, get: string],
  hrefs: [list: string, get: string],
  options: { idKind?: PathParamKind; listDescription?: string } = {},
) {
  return {
    list: list({
      ref: refs[0],
      path,
      summary: names[0],
      tag,
      query: pageQuery,
      item,
      description: options.listDescription ?? 'A page, by id',
      href: { kind: hrefs[0], query: true },
    }),
    get: one({
      ref: refs[1],
      path: `${path}{id}`,
      summary: names[1],
      tag,
      pathParams: { id: options.idKind ?? 'id' },
      schema: item,
      description: `One ${noun}`,
      href: { kind: hrefs[1] },
    }),
  };
}

const encouragementTypes = pagedById(
  '/notations/encouragements/types/',
  'Encouragements',
  'encouragement type',
  S.EncouragementTypeSchema,
  ['extension', 'E11'],
  ['Every encouragement type', 'Encouragement type details'],
  ['encouragementTypes', 'encouragementType'],
  { idKind: 'string', listDescription: 'A page' },
);
const triggers = pagedById(
  '/notations/triggers/',
  'Triggers',
  'trigger',
  S.TriggerSchema,
  ['extension', 'E12'],
  ['Every trigger', 'Trigger details'],
  ['triggers', 'trigger'],
);
const categoryRecords = pagedById(
  '/notations/categories/',
  'Categories',
  'category',
  S.CategoryRecordSchema,
  ['extension', 'extension'],
  ['Every notation category with its state', 'One notation category'],
  ['categories', 'category'],
);

export const OPERATIONS = {
  /* Updates */
  'updates.list': updates.list,
  'updates.create': createNotation('E4', 'updates', 'Updates', 'Create an update', S.CreateUpdateBodySchema),
  'updates.get': updates.get,
  'updates.comments': comments('updates', 'update', 'Updates', 'E3', 'an update'),
  'updates.comment': comment('updates', 'update', 'Updates', 'extension', 'an update'),
  'updates.addComment': addComment('updates', 'Updates', 'Comment on an update', false),
  'updates.categories': categories('updates', 'update', 'Updates', 'extension', 'id', 'an update'),

  /* Data insights */
  'dataInsights.list': dataInsights.list,
  'dataInsights.get': dataInsights.get,
  'dataInsights.comments': comments('dataInsights', 'dataInsight', 'Data insights', 'extension', 'a data insight'),
  'dataInsights.comment': comment('dataInsights', 'dataInsight', 'Data insights', 'extension', 'a data insight'),

  /* Alerts */
  'alerts.list': alerts.list,
  'alerts.create': createNotation('extension', 'alerts', 'Alerts', 'Raise an alert', S.CreateAlertBodySchema),
  'alerts.get': alerts.get,
  'alerts.categories': categories('alerts', 'alert', 'Alerts', 'E8', 'numeric', 'an alert'),
  'alerts.comments': comments('alerts', 'alert', 'Alerts', 'extension', 'an alert'),
  'alerts.comment': comment('alerts', 'alert', 'Alerts', 'E9', 'an alert'),
  'alerts.addComment': addComment('alerts', 'Alerts', 'Comment on an alert; usedToLowerAlert lowers an open one', true),

  /* Encouragements ("types" before {id}, so that it is never read as an encouragement id) */
  'encouragements.list': encouragements.list,
  'encouragements.types.list': encouragementTypes.list,
  'encouragements.types.get': encouragementTypes.get,
  'encouragements.get': encouragements.get,

  /* Triggers */
  'triggers.list': triggers.list,
  'triggers.get': triggers.get,
  'triggers.update': {
    ref: 'E13',
    method: 'patch',
    path: '/notations/triggers/{id}',
    summary: 'Edit a trigger and run its action for the listed students',
    tag: 'Triggers',
    pathParams: { id: 'id' },
    body: S.PatchTriggerBodySchema,
    actor: 'modifiedBy',
    rules: [
      '400 when `modifiedBy.identifier` names nobody.',
      '400 naming `studentIdentifiers[i]` when an entry names nobody or someone whose role is not Student; nothing is written then.',
      'At most 1,000 students a request; a student listed twice gets one notation.',
      "Each listed student gets one notation, in the same write as the edit: an alert (status Open, the trigger's audience and student visibility) when `elevateToAlert`, else a data insight (type Api). Its details are the trigger's name, then a blank line and the additional advice when there is any.",
    ],
    responses: { 204: { description: 'Edited; one notation created per listed student' }, ...READ_ONE_ERRORS },
  },

  /* Categories */
  'categories.list': categoryRecords.list,
  'categories.get': categoryRecords.get,
  'categories.edit': {
    ref: 'E14',
    method: 'put',
    path: '/notations/categories/{id}',
    summary: 'Edit a category (rename, activate, deactivate)',
    tag: 'Categories',
    pathParams: { id: 'id' },
    body: S.EditCategoryBodySchema,
    rules: [
      `409 \`active-category-limit\` when activating while more than ${S.MAX_OTHER_ACTIVE_CATEGORIES} other categories are active (decisions §7); nothing is changed.`,
      '409 `category-name-taken` when another category already has the name; nothing is changed.',
      '`name`: 1 to 100 characters, not only spaces.',
    ],
    responses: {
      204: { description: 'Edited' },
      ...READ_ONE_ERRORS,
      409: { description: 'Activation refused by the 20-active rule, or the name is taken' },
    },
  },

  /* People */
  'people.list': list({
    ref: 'extension',
    path: '/people/',
    summary: 'Find people by role, by name, identifier or email, and by a list of identifiers',
    tag: 'People',
    query: querySchema({
      ...paging,
      role: S.PersonRoleSchema.meta({ description: 'Only people of this role.', example: 'Advisor' }),
      q: textParam(200, { description: 'Words that must each match a name, identifier or email (case-insensitive).', example: 'garcia' }),
      identifiers: personIdentifiersParam,
    }),
    item: S.PersonSchema,
    description: 'A page, by last name, first name, identifier',
    href: { kind: 'people', query: true },
  }),
  'people.get': one({
    ref: 'extension',
    path: '/people/{id}',
    summary: 'One person',
    tag: 'People',
    pathParams: { id: 'string' },
    schema: S.PersonSchema,
    description: 'One person',
    href: { kind: 'person', rename: { id: 'identifier' } },
  }),
  'people.caseload': personList('caseload', 'caseload', {
    ref: 'extension',
    summary: "A staff member's caseload: the people whose success network includes them",
    query: pageQuery,
    item: S.PersonSchema,
    description: 'A page, by last name, first name, identifier',
  }),
  'people.encouragements': personList('encouragements', 'personEncouragements', {
    ref: 'extension',
    summary: "One student's encouragements",
    query: encouragementListQuery,
    item: S.EncouragementSchema,
    description: 'A page, newest first',
  }),
  'people.successNetwork.get': personList('successNetwork', 'successNetwork', {
    ref: 'E15',
    summary: "A person's success network",
    item: S.LinkSchema,
    description: 'Links to the members, in the order last set',
  }),
  'people.successNetwork.replace': {
    ref: 'E16',
    method: 'put',
    path: '/people/{id}/successNetwork',
    summary: "Replace a person's success network as a whole",
    tag: 'People',
    pathParams: { id: 'string' },
    body: S.ReplaceSuccessNetworkBodySchema,
    rules: [
      '404 when the person in the path does not exist.',
      '400 naming the entry when it names nobody, names the person themselves, or is listed twice; nothing is written then.',
      'At most 500 members. Everyone missing from the body is removed; the order given is the order kept.',
    ],
    responses: { 204: { description: 'Replaced' }, ...READ_ONE_ERRORS },
  },

  /* Non-cognitive */
  'noncognitive.administrations.list': list({
    ref: 'E17',
    path: '/noncognitives/administrations/',
    summary: 'List administrations, optionally those a person responded to',
    tag: 'Non-cognitive',
    query: querySchema({
      ...paging,
      personIdentifier: z.string().meta({ description: 'Only the administrations in which this person is a respondent.', example: 'S000123' }),
    }),
    item: S.AdministrationSchema,
    description: 'A page, newest start first',
    href: { kind: 'administrations', query: true },
  }),
  'noncognitive.administrations.get': one({
    ref: 'extension',
    path: '/noncognitives/administrations/{id}',
    summary: 'One administration',
    tag: 'Non-cognitive',
    pathParams: { id: 'id' },
    schema: S.AdministrationSchema,
    description: 'One administration',
    href: { kind: 'administration' },
  }),
  'noncognitive.administrations.results': list({
    ref: 'extension',
    path: '/noncognitives/administrations/{id}/results',
    summary: "Links to each respondent's factor scores; with expand=factors, the scores themselves",
    tag: 'Non-cognitive',
    pathParams: { id: 'id' },
    query: querySchema({ ...paging, expand: resultsExpand }),
    item: z.union([S.RespondentFactorsSchema, S.LinkSchema]),
    description: "A page, by respondent identifier: each a link to the respondent's factor scores, or with expand=factors that link expanded",
    notFound: true,
    href: { kind: 'administrationResults', query: true },
  }),
  'noncognitive.factorScores': list({
    ref: 'E18',
    path: '/noncognitives/administrations/{id}/results/{personIdentifier}/factors',
    summary: 'Factor scores of a respondent in an administration',
    tag: 'Non-cognitive',
    pathParams: { id: 'id', personIdentifier: 'string' },
    query: querySchema({ expand: factorExpand }),
    item: S.FactorResultSchema,
    description: 'Every factor score, by factor id',
    href: { kind: 'factorScores', rename: { id: 'administrationId' }, query: true },
  }),
  'noncognitive.factorScore': one({
    ref: 'extension',
    path: '/noncognitives/administrations/{id}/results/{personIdentifier}/factors/{factorId}',
    summary: 'One factor score of a respondent',
    tag: 'Non-cognitive',
    pathParams: { id: 'id', personIdentifier: 'string', factorId: 'numeric' },
    query: querySchema({ expand: factorExpand }),
    schema: S.FactorResultSchema,
    description: 'One factor score',
    href: { kind: 'factorScore', rename: { id: 'administrationId' } },
  }),
  'noncognitive.factor': one({
    ref: 'E19',
    path: '/noncognitives/assessments/{id}/factors/{factorId}',
    summary: 'Factor details',
    tag: 'Non-cognitive',
    pathParams: { id: 'string', factorId: 'string' },
    schema: S.AssessmentFactorSchema,
    description: 'One factor',
    href: { kind: 'factor', rename: { id: 'assessmentId' } },
  }),

  /* Served by the app itself, outside the operation handlers */
  'auth.token': {
    ref: 'extension',
    method: 'post',
    path: '/oauth2/token',
    summary: 'OAuth 2.0 client credentials token (RFC 6749 §4.4)',
    tag: 'Auth',
    public: true,
    responses: {
      200: { description: 'A token', schema: S.TokenResponseSchema },
      400: { description: 'RFC 6749 §5.2', schema: S.OAuthErrorSchema },
      401: { description: 'invalid_client', schema: S.OAuthErrorSchema },
    },
  },
  openapi: {
    ref: 'extension',
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    tag: 'Meta',
    public: true,
    responses: { 200: { description: 'The OpenAPI 3.1 document' } },
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

/** Path parameter values by name (a path id may be a number or a string). */
export type PathValues = Record<string, string | number>;

/** Each path template split once: even indexes literal text, odd indexes parameter names. */
const TEMPLATES = new Map<OperationName, string[]>();

/** The path of an operation below the base URL, each parameter URL-encoded. */
export function pathFor(name: OperationName, params: PathValues = {}): string {
  let parts = TEMPLATES.get(name);
  if (!parts) {
    parts = OPERATIONS[name].path.split(/\{(\w+)\}/);
    TEMPLATES.set(name, parts);
  }
  // Pages render thousands of hrefs: plain concatenation, no regular expression per call.
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = params[parts[i]!];
    if (value === undefined) throw new RangeError(`${name}: path parameter '${parts[i]}' is missing`);
    path += (typeof value === 'number' ? String(value) : encodeURIComponent(value)) + parts[i + 1]!;
  }
  return path;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A path template as a regular expression over a path below the base URL, with or without a
 * trailing slash, each parameter captured raw (still percent-encoded).
 */
export function pathPattern(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .replace(/\/$/, '')
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escapeRegExp(part);
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

const COMPILED = OPERATION_NAMES.map((name) => {
  const spec: OperationSpec = OPERATIONS[name];
  return { name, spec, ...pathPattern(spec.path) };
});

/** Every operation with its compiled path, in table order (more specific paths first where it matters). */
export function compiledOperations(): readonly { name: OperationName; spec: OperationSpec; pattern: RegExp; names: string[] }[] {
  return COMPILED;
}
