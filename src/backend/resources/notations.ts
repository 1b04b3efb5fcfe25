import type { Link } from '../../api/schemas/index.ts';
import { toIso } from '../../lib/dates.ts';
import type { Hrefs, NotationKind } from '../http/hrefs.ts';
import type { Repositories } from '../repositories/index.ts';
import type { NotationRow, PersonRow } from '../repositories/rows.ts';
import { link, renderCategory, renderComment, renderEncouragementType, renderPerson } from './render.ts';

export type NotationExpand = 'categories' | 'comments' | 'createdBy' | 'student' | 'type';

/**
 * Renders notations of one kind, loading each expansion for the whole batch in one query
 * (a page of 1,000 alerts with students and categories is three queries, not 2,001).
 */
export function renderNotations(
  repos: Repositories,
  h: Hrefs,
  kind: NotationKind,
  rows: readonly NotationRow[],
  expand: ReadonlySet<string> = new Set(),
): Record<string, unknown>[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const peopleNeeded: string[] = [];
  if (expand.has('student')) for (const r of rows) peopleNeeded.push(r.student);
  if (expand.has('createdBy')) for (const r of rows) if (r.created_by) peopleNeeded.push(r.created_by);
  const people = peopleNeeded.length ? repos.people.getMany(peopleNeeded) : new Map<string, PersonRow>();
  const categories = expand.has('categories') ? repos.categories.forNotations(ids) : undefined;
  const comments = expand.has('comments') ? repos.comments.forNotations(ids) : undefined;
  const types = expand.has('type') ? repos.encouragementTypes.all() : undefined;

  // One object per person for the whole page: a student or author repeated across rows is
  // rendered once (JSON.stringify writes shared objects out each time).
  const rendered = new Map<string, Link>();
  const personLink = (identifier: string, expanded: boolean): Link => {
    const person = expanded ? people.get(identifier) : undefined;
    if (!person) return link(h.person(identifier));
    let value = rendered.get(identifier);
    if (!value) {
      value = { href: h.person(identifier), ...renderPerson(h, person) };
      rendered.set(identifier, value);
    }
    return value;
  };

  return rows.map((r) => {
    const self = h.notation(kind, r.id);
    const student = personLink(r.student, expand.has('student'));
    const createdBy = r.created_by ? personLink(r.created_by, expand.has('createdBy')) : undefined;
    const commentsLink = () => {
      const href = h.notationComments(kind, r.id);
      if (!comments) return link(href);
      const values = (comments.get(r.id) ?? []).map((c) => renderComment(h, kind, c));
      return { href, totalValues: values.length, values };
    };
    const categoriesLink = () => {
      const href = h.notationCategories(kind, r.id);
      if (!categories) return link(href);
      const values = (categories.get(r.id) ?? []).map((c) => renderCategory(h, c));
      return { href, totalValues: values.length, values };
    };
    const base = { id: r.id };
    switch (kind) {
      case 'update':
      case 'alert':
        // The same fields in the same order; an alert adds its status before `student`.
        return {
          ...base,
          audienceType: r.audience_type,
          canStudentView: r.can_student_view === 1,
          categories: categoriesLink(),
          comments: commentsLink(),
          createdBy,
          createdOn: toIso(r.created_on),
          details: r.details,
          ...(kind === 'alert' ? { status: r.status } : {}),
          student,
          self: link(self),
        };
      case 'dataInsight':
        return {
          ...base,
          comments: commentsLink(),
          createdOn: toIso(r.created_on),
          dataInsightType: r.data_insight_type,
          details: r.details,
          student,
          self: link(self),
        };
      case 'encouragement': {
        const typeId = r.encouragement_type_id ?? 0;
        const typeHref = h.encouragementType(typeId);
        const typeRow = types?.get(typeId);
        return {
          ...base,
          audienceType: r.audience_type,
          createdBy,
          createdOn: toIso(r.created_on),
          details: r.details,
          isEncouragement: r.is_encouragement === 1,
          student,
          type: typeRow ? { href: typeHref, ...renderEncouragementType(h, typeRow) } : link(typeHref),
          self: link(self),
        };
      }
    }
  });
}
