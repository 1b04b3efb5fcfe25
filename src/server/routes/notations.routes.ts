import type { z } from 'zod';
import {
  AlertExpansions,
  AlertSchema,
  CategorySchema,
  CommentExpansions,
  CommentSchema,
  CreateAlertBodySchema,
  CreateCommentBodySchema,
  CreateUpdateBodySchema,
  CreatedSchema,
  DataInsightExpansions,
  DataInsightSchema,
  EncouragementExpansions,
  EncouragementSchema,
  UpdateExpansions,
  UpdateSchema,
  envelopeOf,
  type CreateUpdateBody,
  type ProblemFieldError,
} from '../../api/schemas/index.ts';
import { pagedEnvelope, wholeEnvelope } from '../http/envelope.ts';
import type { Hrefs, NotationKind } from '../http/hrefs.ts';
import { defineOperation, type Operation, type Reply } from '../http/operation.ts';
import { conflict } from '../http/problem.ts';
import {
  createdRange,
  endParam,
  expandParam,
  identifiersParam,
  modifiedRange,
  pageOf,
  paging,
  querySchema,
  startParam,
} from '../http/query.ts';
import type { Repositories } from '../repositories/index.ts';
import { renderNotations } from '../resources/notations.ts';
import { renderCategory, renderComment, renderPerson } from '../resources/render.ts';
import { ERRORS_READ, ERRORS_READ_ONE, created, err, failIfAny, found, numericOrNotFound, requirePersonExists } from './common.ts';
import { encouragementTypeOperations } from './encouragement-types.routes.ts';


interface KindSpec {
  kind: NotationKind;
  segment: string;
  tag: string;
  noun: string;
  schema: z.ZodObject;
  expansions: readonly string[];
}

const KINDS: Record<NotationKind, KindSpec> = {
  update: { kind: 'update', segment: 'updates', tag: 'Updates', noun: 'update', schema: UpdateSchema, expansions: Object.keys(UpdateExpansions) },
  dataInsight: { kind: 'dataInsight', segment: 'dataInsights', tag: 'Data insights', noun: 'data insight', schema: DataInsightSchema, expansions: Object.keys(DataInsightExpansions) },
  alert: { kind: 'alert', segment: 'alerts', tag: 'Alerts', noun: 'alert', schema: AlertSchema, expansions: Object.keys(AlertExpansions) },
  encouragement: { kind: 'encouragement', segment: 'encouragements', tag: 'Encouragements', noun: 'encouragement', schema: EncouragementSchema, expansions: Object.keys(EncouragementExpansions) },
};

const commentExpand = expandParam(Object.keys(CommentExpansions) as ['createdBy']);

/** The query of a notation list (E1, E5, E7, E10) and of a student's encouragements (§9). */
function listQuery(spec: KindSpec) {
  const expand = expandParam(spec.expansions);
  // E5 spells its start parameter createOnStart; E10 takes no created range and no identifiers.
  return spec.kind === 'dataInsight'
    ? querySchema({ ...paging, createOnStart: startParam, createdOnEnd: endParam, identifiers: identifiersParam, expand, ...modifiedRange }, [
        ['createOnStart', 'createdOnEnd'],
        ['modifiedOnStart', 'modifiedOnEnd'],
      ])
    : spec.kind === 'encouragement'
      ? querySchema({ ...paging, expand, ...modifiedRange }, [['modifiedOnStart', 'modifiedOnEnd']])
      : querySchema({ ...paging, ...createdRange, identifiers: identifiersParam, expand, ...modifiedRange }, [
          ['createdOnStart', 'createdOnEnd'],
          ['modifiedOnStart', 'modifiedOnEnd'],
        ]);
}

/** One page of notations of a kind; `students`, when given, replaces the `identifiers` filter. */
function listNotations(
  spec: KindSpec,
  ctx: { query: unknown; repos: Repositories; hrefs: Hrefs; url: URL; accepted: readonly string[] },
  students?: readonly string[],
): Reply {
  const raw = ctx.query as Record<string, unknown>;
  const { page, pageSize } = pageOf(raw);
  const identifiers = students ?? (raw.identifiers as string[] | undefined);
  const result = ctx.repos.notations.list(
    spec.kind,
    {
      students: identifiers && identifiers.length > 0 ? identifiers : undefined,
      createdFrom: (raw.createdOnStart ?? raw.createOnStart) as number | undefined,
      createdTo: raw.createdOnEnd as number | undefined,
      modifiedFrom: raw.modifiedOnStart as number | undefined,
      modifiedTo: raw.modifiedOnEnd as number | undefined,
    },
    page,
    pageSize,
  );
  const values = renderNotations(ctx.repos, ctx.hrefs, spec.kind, result.rows, raw.expand as Set<string> | undefined);
  return { status: 200, body: pagedEnvelope(ctx.url, ctx.accepted, page, pageSize, result.total, values) };
}

function listOperation(spec: KindSpec, ref: string, operationId: string, summary: string): Operation {
  return defineOperation({
    ref,
    operationId,
    method: 'get',
    path: `/notations/${spec.segment}/`,
    summary,
    tag: spec.tag,
    query: listQuery(spec),
    responses: { 200: { description: 'A page', schema: envelopeOf(spec.schema) }, ...ERRORS_READ },
    handle: (ctx) => listNotations(spec, ctx),
  });
}

/**
 * Extension `GET /people/{id}/encouragements` (decisions §9): the items of E10 whose student is
 * `{id}`, with E10's order, envelope, `expand` and modified range; 404 for an unknown person.
 */
export const personEncouragementsOperation: Operation = defineOperation({
  ref: 'extension',
  operationId: 'listPersonEncouragements',
  method: 'get',
  path: '/people/{id}/encouragements',
  summary: "One student's encouragements",
  tag: 'People',
  pathParams: { id: 'string' },
  query: listQuery(KINDS.encouragement),
  responses: { 200: { description: 'A page, newest first', schema: envelopeOf(EncouragementSchema) }, ...ERRORS_READ_ONE },
  handle: (ctx) => {
    const person = found(ctx.repos.people.get(ctx.params.id ?? ''), `person '${ctx.params.id}'`);
    return listNotations(KINDS.encouragement, ctx, [person.identifier]);
  },
});

function getOperation(spec: KindSpec, ref: string, operationId: string, summary: string): Operation {
  return defineOperation({
    ref,
    operationId,
    method: 'get',
    path: `/notations/${spec.segment}/{id}`,
    summary,
    tag: spec.tag,
    pathParams: { id: 'integer' },
    query: querySchema({ expand: expandParam(spec.expansions) }),
    responses: { 200: { description: `One ${spec.noun}`, schema: spec.schema }, ...ERRORS_READ_ONE },
    handle: ({ ids, query, repos, hrefs }) => {
      const row = found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
      const [value] = renderNotations(repos, hrefs, spec.kind, [row], query.expand);
      return { status: 200, body: value };
    },
  });
}

function commentsOperation(spec: KindSpec, ref: string, operationId: string, summary: string): Operation {
  return defineOperation({
    ref,
    operationId,
    method: 'get',
    path: `/notations/${spec.segment}/{id}/comments`,
    summary,
    tag: spec.tag,
    pathParams: { id: 'integer' },
    query: querySchema({ expand: commentExpand }),
    responses: { 200: { description: 'Every comment, oldest first', schema: envelopeOf(CommentSchema) }, ...ERRORS_READ_ONE },
    handle: ({ ids, query, repos, hrefs, url, accepted }) => {
      found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
      const rows = repos.comments.forNotation(ids.id!);
      const people = query.expand?.has('createdBy') ? repos.people.getMany(rows.map((r) => r.created_by)) : undefined;
      const values = rows.map((c) => {
        const p = people?.get(c.created_by);
        return renderComment(hrefs, spec.kind, c, p ? { href: hrefs.person(p.identifier), ...renderPerson(hrefs, p) } : undefined);
      });
      return { status: 200, body: wholeEnvelope(url, accepted, values) };
    },
  });
}

function commentOperation(spec: KindSpec, ref: string, operationId: string, summary: string): Operation {
  return defineOperation({
    ref,
    operationId,
    method: 'get',
    path: `/notations/${spec.segment}/{id}/comments/{commentid}`,
    summary,
    tag: spec.tag,
    pathParams: { id: 'integer', commentid: 'integer' },
    query: querySchema({ expand: commentExpand }),
    responses: { 200: { description: 'One comment', schema: CommentSchema }, ...ERRORS_READ_ONE },
    handle: ({ ids, query, repos, hrefs }) => {
      found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
      const c = found(repos.comments.get(ids.id!, ids.commentid!), `comment ${ids.commentid} on ${spec.noun} ${ids.id}`);
      const p = query.expand?.has('createdBy') ? repos.people.get(c.created_by) : undefined;
      return {
        status: 200,
        body: renderComment(hrefs, spec.kind, c, p ? { href: hrefs.person(p.identifier), ...renderPerson(hrefs, p) } : undefined),
      };
    },
  });
}

function categoriesOperation(spec: KindSpec, ref: string, operationId: string, summary: string, idType: 'integer' | 'string'): Operation {
  return defineOperation({
    ref,
    operationId,
    method: 'get',
    path: `/notations/${spec.segment}/{id}/categories`,
    summary,
    tag: spec.tag,
    pathParams: { id: idType },
    responses: { 200: { description: 'Every category of the notation', schema: envelopeOf(CategorySchema) }, ...ERRORS_READ_ONE },
    handle: ({ params, repos, hrefs, url, accepted }) => {
      const id = numericOrNotFound(params.id, spec.noun);
      found(repos.notations.get(spec.kind, id), `${spec.noun} with id ${id}`);
      const rows = repos.categories.forNotations([id]).get(id) ?? [];
      return { status: 200, body: wholeEnvelope(url, accepted, rows.map((c) => renderCategory(hrefs, c))) };
    },
  });
}

/** E4 and the alert extension: the rules checked against stored data (decisions §7). */
function checkNotationBody(repos: Repositories, body: CreateUpdateBody): number[] {
  const errors: ProblemFieldError[] = [];
  const student = repos.people.get(body.student.identifier);
  if (!student) errors.push({ in: 'body', name: 'student.identifier', message: `no person has the identifier '${body.student.identifier}'` });
  else if (student.role !== 'Student') errors.push({ in: 'body', name: 'student.identifier', message: `'${student.identifier}' is not a student` });
  requirePersonExists(repos, body.createdBy.identifier, 'createdBy.identifier', errors);
  const ids = (body.categories ?? []).map((c) => c.id);
  const known = repos.categories.getMany(ids);
  const seen = new Set<number>();
  ids.forEach((id, i) => {
    const category = known.get(id);
    if (seen.has(id)) errors.push({ in: 'body', name: `categories[${i}].id`, message: `category ${id} is listed twice` });
    else if (!category) errors.push({ in: 'body', name: `categories[${i}].id`, message: `no category has the id ${id}` });
    else if (category.is_active !== 1) errors.push({ in: 'body', name: `categories[${i}].id`, message: `category ${id} is not active` });
    seen.add(id);
  });
  failIfAny(errors);
  return ids;
}

function createOperation(spec: KindSpec, ref: string, operationId: string, summary: string): Operation {
  const body = spec.kind === 'alert' ? CreateAlertBodySchema : CreateUpdateBodySchema;
  return defineOperation({
    ref,
    operationId,
    method: 'post',
    path: `/notations/${spec.segment}/`,
    summary,
    tag: spec.tag,
    body,
    responses: { 201: { description: 'Created; Location names it', schema: CreatedSchema }, ...ERRORS_READ },
    handle: ({ body: b, repos, hrefs }) => {
      const categoryIds = checkNotationBody(repos, b);
      const id = repos.transaction(() => {
        const newId = repos.notations.create({
          kind: spec.kind,
          student: b.student.identifier,
          createdBy: b.createdBy.identifier,
          createdOn: Date.now(),
          details: b.details,
          audienceType: b.audienceType,
          canStudentView: b.canStudentView,
          status: spec.kind === 'alert' ? 'Open' : null,
        });
        repos.notations.addCategories(newId, categoryIds);
        return newId;
      });
      return created(hrefs.notation(spec.kind, id));
    },
  });
}

function addCommentOperation(spec: KindSpec, operationId: string, summary: string): Operation {
  return defineOperation({
    ref: 'extension',
    operationId,
    method: 'post',
    path: `/notations/${spec.segment}/{id}/comments`,
    summary,
    tag: spec.tag,
    pathParams: { id: 'integer' },
    body: CreateCommentBodySchema,
    responses: {
      201: { description: 'Created; Location names it', schema: CreatedSchema },
      ...ERRORS_READ_ONE,
      ...(spec.kind === 'alert' ? err(409, 'The alert is already lowered') : {}),
    },
    handle: ({ ids, body: b, repos, hrefs }) => {
      const notation = found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
      const errors: ProblemFieldError[] = [];
      requirePersonExists(repos, b.createdBy.identifier, 'createdBy.identifier', errors);
      const lowers = b.usedToLowerAlert === true;
      if (lowers && spec.kind !== 'alert') {
        errors.push({ in: 'body', name: 'usedToLowerAlert', message: 'only a comment on an alert can lower it; send false or leave it out' });
      }
      failIfAny(errors);
      if (lowers && notation.status === 'Lowered') throw conflict(`Alert ${notation.id} is already lowered`, 'alert-already-lowered');
      const commentId = repos.transaction(() => {
        const now = Date.now();
        const newId = repos.comments.create(notation.id, b.createdBy.identifier, now, b.details, lowers);
        repos.notations.touch(notation.id, now, lowers ? 'Lowered' : undefined);
        return newId;
      });
      return created(hrefs.notationComment(spec.kind, notation.id, commentId));
    },
  });
}

const { update, dataInsight, alert, encouragement } = KINDS;

export const notationOperations: Operation[] = [
  listOperation(update, 'E1', 'listUpdates', 'List updates'),
  createOperation(update, 'E4', 'createUpdate', 'Create an update'),
  getOperation(update, 'E2', 'getUpdate', 'Update details'),
  commentsOperation(update, 'E3', 'listUpdateComments', 'Comments of an update'),
  commentOperation(update, 'extension', 'getUpdateComment', 'One comment of an update'),
  addCommentOperation(update, 'addUpdateComment', 'Comment on an update'),
  categoriesOperation(update, 'extension', 'listUpdateCategories', 'Categories of an update', 'integer'),

  listOperation(dataInsight, 'E5', 'listDataInsights', 'List data insights'),
  getOperation(dataInsight, 'E6', 'getDataInsight', 'Data insight details'),
  commentsOperation(dataInsight, 'extension', 'listDataInsightComments', 'Comments of a data insight'),
  commentOperation(dataInsight, 'extension', 'getDataInsightComment', 'One comment of a data insight'),

  listOperation(alert, 'E7', 'listAlerts', 'List alerts'),
  createOperation(alert, 'extension', 'createAlert', 'Raise an alert'),
  getOperation(alert, 'extension', 'getAlert', 'Alert details'),
  categoriesOperation(alert, 'E8', 'listAlertCategories', 'Categories of an alert', 'string'),
  commentsOperation(alert, 'extension', 'listAlertComments', 'Comments of an alert'),
  commentOperation(alert, 'E9', 'getAlertComment', 'One comment of an alert'),
  addCommentOperation(alert, 'addAlertComment', 'Comment on an alert; usedToLowerAlert lowers an open one'),

  listOperation(encouragement, 'E10', 'listEncouragements', 'List encouragements'),
  // Static segment before {id}, so that "types" is never read as an encouragement id.
  ...encouragementTypeOperations(),
  getOperation(encouragement, 'extension', 'getEncouragement', 'Encouragement details'),
];
