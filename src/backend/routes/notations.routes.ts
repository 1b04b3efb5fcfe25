import type { CreateCommentBody, CreateUpdateBody, ProblemFieldError } from '../../api/schemas/index.ts';
import { pagedEnvelope, wholeEnvelope } from '../http/envelope.ts';
import type { Hrefs, NotationKind } from '../http/hrefs.ts';
import type { Handler, HandlerContext, Handlers, Reply } from '../http/operation.ts';
import { conflict } from '../../http/problem.ts';
import { pageOf } from '../http/query.ts';
import type { Repositories } from '../repositories/index.ts';
import { renderNotations } from '../resources/notations.ts';
import { renderCategory, renderComment, renderPerson } from '../resources/render.ts';
import { created, failIfAny, found, numericOrNotFound, requirePersonExists } from './common.ts';
import { encouragementTypeHandlers } from './encouragement-types.routes.ts';

interface KindSpec {
  kind: NotationKind;
  noun: string;
}

const KINDS: Record<NotationKind, KindSpec> = {
  update: { kind: 'update', noun: 'update' },
  dataInsight: { kind: 'dataInsight', noun: 'data insight' },
  alert: { kind: 'alert', noun: 'alert' },
  encouragement: { kind: 'encouragement', noun: 'encouragement' },
};

/** What every handler of this file reads; the table types the query and body of each. */
type Ctx<B = unknown> = HandlerContext<unknown, B>;
type ExpandQuery = { expand?: ReadonlySet<string> | undefined } | undefined;

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

const listHandler = (spec: KindSpec) => (ctx: Ctx) => listNotations(spec, ctx);

/**
 * Extension `GET /people/{id}/encouragements` (decisions §9): the items of E10 whose student is
 * `{id}`, with E10's order, envelope, `expand` and modified range; 404 for an unknown person.
 */
export const personEncouragementsHandler: Handler<'people.encouragements'> = (ctx) => {
  const person = found(ctx.repos.people.get(ctx.params.id ?? ''), `person '${ctx.params.id}'`);
  return listNotations(KINDS.encouragement, ctx, [person.identifier]);
};

const getHandler = (spec: KindSpec) => (ctx: Ctx) => {
  const { ids, repos, hrefs } = ctx;
  const row = found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
  const [value] = renderNotations(repos, hrefs, spec.kind, [row], (ctx.query as ExpandQuery)?.expand);
  return { status: 200, body: value };
};

const commentsHandler = (spec: KindSpec) => (ctx: Ctx) => {
  const { ids, repos, hrefs, url, accepted } = ctx;
  found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
  const rows = repos.comments.forNotation(ids.id!);
  const people = (ctx.query as ExpandQuery)?.expand?.has('createdBy') ? repos.people.getMany(rows.map((r) => r.created_by)) : undefined;
  const values = rows.map((c) => {
    const p = people?.get(c.created_by);
    return renderComment(hrefs, spec.kind, c, p ? { href: hrefs.person(p.identifier), ...renderPerson(hrefs, p) } : undefined);
  });
  return { status: 200, body: wholeEnvelope(url, accepted, values) };
};

const commentHandler = (spec: KindSpec) => (ctx: Ctx) => {
  const { ids, repos, hrefs } = ctx;
  found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
  const c = found(repos.comments.get(ids.id!, ids.commentid!), `comment ${ids.commentid} on ${spec.noun} ${ids.id}`);
  const p = (ctx.query as ExpandQuery)?.expand?.has('createdBy') ? repos.people.get(c.created_by) : undefined;
  return {
    status: 200,
    body: renderComment(hrefs, spec.kind, c, p ? { href: hrefs.person(p.identifier), ...renderPerson(hrefs, p) } : undefined),
  };
};

/** Both kinds read the id as digits: E8 types it as a string (anything else → 404). */
const categoriesHandler =
  (spec: KindSpec) =>
  ({ params, repos, hrefs, url, accepted }: Ctx) => {
    const id = numericOrNotFound(params.id, spec.noun);
    found(repos.notations.get(spec.kind, id), `${spec.noun} with id ${id}`);
    const rows = repos.categories.forNotations([id]).get(id) ?? [];
    return {
      status: 200,
      body: wholeEnvelope(
        url,
        accepted,
        rows.map((c) => renderCategory(hrefs, c)),
      ),
    };
  };

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

const createHandler =
  (spec: KindSpec) =>
  ({ body: b, repos, hrefs }: Ctx<CreateUpdateBody>): Reply => {
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
  };

const addCommentHandler =
  (spec: KindSpec) =>
  ({ ids, body: b, repos, hrefs }: Ctx<CreateCommentBody>): Reply => {
    const notation = found(repos.notations.get(spec.kind, ids.id!), `${spec.noun} with id ${ids.id}`);
    const errors: ProblemFieldError[] = [];
    requirePersonExists(repos, b.createdBy.identifier, 'createdBy.identifier', errors);
    const lowers = b.usedToLowerAlert === true;
    if (lowers && spec.kind !== 'alert') {
      errors.push({ in: 'body', name: 'usedToLowerAlert', message: 'only a comment on an alert can lower it; send false or leave it out' });
    }
    failIfAny(errors);
    const alreadyLowered = () => conflict(`Alert ${notation.id} is already lowered`, 'alert-already-lowered');
    if (lowers && notation.status === 'Lowered') throw alreadyLowered();
    const commentId = repos.transaction(() => {
      // Checked again under the write lock: another process on the same file may have lowered
      // it between the read above and this transaction (issue #15 item 6).
      if (lowers && repos.notations.get(spec.kind, notation.id)?.status === 'Lowered') throw alreadyLowered();
      const now = Date.now();
      const newId = repos.comments.create(notation.id, b.createdBy.identifier, now, b.details, lowers);
      repos.notations.touch(notation.id, now, lowers ? 'Lowered' : undefined);
      return newId;
    });
    return created(hrefs.notationComment(spec.kind, notation.id, commentId));
  };

const { update, dataInsight, alert, encouragement } = KINDS;

export const notationHandlers = {
  'updates.list': listHandler(update),
  'updates.create': createHandler(update),
  'updates.get': getHandler(update),
  'updates.comments': commentsHandler(update),
  'updates.comment': commentHandler(update),
  'updates.addComment': addCommentHandler(update),
  'updates.categories': categoriesHandler(update),

  'dataInsights.list': listHandler(dataInsight),
  'dataInsights.get': getHandler(dataInsight),
  'dataInsights.comments': commentsHandler(dataInsight),
  'dataInsights.comment': commentHandler(dataInsight),

  'alerts.list': listHandler(alert),
  'alerts.create': createHandler(alert),
  'alerts.get': getHandler(alert),
  'alerts.categories': categoriesHandler(alert),
  'alerts.comments': commentsHandler(alert),
  'alerts.comment': commentHandler(alert),
  'alerts.addComment': addCommentHandler(alert),

  'encouragements.list': listHandler(encouragement),
  ...encouragementTypeHandlers,
  'encouragements.get': getHandler(encouragement),
} satisfies Partial<Handlers>;
