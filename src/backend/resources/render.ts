import type {
  Administration,
  AssessmentFactor,
  Category,
  CategoryRecord,
  Comment,
  EncouragementType,
  FactorResult,
  Link,
  Person,
  Trigger,
} from '../../api/schemas/index.ts';
import { toIso } from '../../lib/dates.ts';
import type { Hrefs, NotationKind } from '../http/hrefs.ts';
import type {
  AdministrationRow,
  CategoryRow,
  CommentRow,
  EncouragementTypeRow,
  FactorResultRow,
  FactorRow,
  PersonRow,
  TriggerRow,
} from '../repositories/rows.ts';
import type { CohortResultRow } from '../repositories/noncognitive.ts';

/** Single resources, in the field order of service.md's tables. */

export const link = (href: string): Link => ({ href });

export function renderPerson(h: Hrefs, p: PersonRow): Person {
  return {
    identifier: p.identifier,
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
    role: p.role as Person['role'],
    self: link(h.person(p.identifier)),
  };
}

export function renderComment(h: Hrefs, kind: NotationKind, c: CommentRow, createdBy?: Link): Comment {
  return {
    id: c.id,
    createdBy: createdBy ?? link(h.person(c.created_by)),
    createdOn: toIso(c.created_on),
    details: c.details,
    usedToLowerAlert: c.used_to_lower_alert === 1,
    self: link(h.notationComment(kind, c.notation_id, c.id)),
  };
}

export function renderCategory(h: Hrefs, c: CategoryRow): Category {
  return { id: c.id, name: c.name, self: link(h.category(c.id)) };
}

export function renderCategoryRecord(h: Hrefs, c: CategoryRow): CategoryRecord {
  return { id: c.id, name: c.name, isActive: c.is_active === 1, self: link(h.category(c.id)) };
}

export function renderEncouragementType(h: Hrefs, t: EncouragementTypeRow): EncouragementType {
  return { id: t.id, name: t.name, icon: t.icon, self: link(h.encouragementType(t.id)) };
}

export function renderTrigger(h: Hrefs, t: TriggerRow): Trigger {
  return {
    id: t.id,
    name: t.name,
    additionalAdvice: t.additional_advice,
    audienceType: t.audience_type as Trigger['audienceType'],
    canStudentView: t.can_student_view === 1,
    createdOn: toIso(t.created_on),
    elevateToAlert: t.elevate_to_alert === 1,
    self: link(h.trigger(t.id)),
  };
}

export function renderAdministration(h: Hrefs, a: AdministrationRow): Administration {
  return {
    id: a.id,
    title: a.title,
    startDate: toIso(a.start_date),
    endDate: toIso(a.end_date),
    status: a.status,
    results: link(h.administrationResults(a.id)),
    self: link(h.administration(a.id)),
  };
}

export function renderFactor(h: Hrefs, f: FactorRow): AssessmentFactor {
  return { id: f.id, name: f.name, description: f.description, self: link(h.factor(f.assessment_id, f.id)) };
}

/**
 * The renderer of a cohort's results (the results extension, `expand=factors`): the same items
 * as `renderFactorResult`, built from rows as arrays with each factor's href made once and each
 * result's `self` from its respondent's href, not a path built per result (a page is 7,000 results).
 */
export function cohortResultsRenderer(h: Hrefs, administrationId: number) {
  const factorHrefs = new Map<string, string>();
  const factorHref = (assessmentId: number, factorId: number) => {
    const key = `${assessmentId}/${factorId}`;
    let href = factorHrefs.get(key);
    if (href === undefined) factorHrefs.set(key, (href = h.factor(assessmentId, factorId)));
    return href;
  };
  // A result's `self` is its respondent's href and its factor id, as the operation table's paths say
  // (checked, so that a change of either path cannot make the two disagree).
  const selfUnderRespondent = h.respondentFactor(administrationId, 'p', 1) === `${h.respondentFactors(administrationId, 'p')}/1`;
  return (person: string, rows: readonly CohortResultRow[]) => {
    const href = h.respondentFactors(administrationId, person);
    const values: FactorResult[] = rows.map(([, factorId, assessmentId, score, validityConcern]) => ({
      assessmentId,
      score,
      validityConcern: validityConcern === 1,
      factor: { href: factorHref(assessmentId, factorId) },
      self: { href: selfUnderRespondent ? `${href}/${factorId}` : h.respondentFactor(administrationId, person, factorId) },
    }));
    return { href, totalValues: values.length, values };
  };
}

export function renderFactorResult(h: Hrefs, r: FactorResultRow, factor?: FactorRow): FactorResult {
  const factorHref = h.factor(r.assessment_id, r.factor_id);
  return {
    assessmentId: r.assessment_id,
    score: r.score,
    validityConcern: r.validity_concern === 1,
    factor: factor ? { href: factorHref, ...renderFactor(h, factor) } : link(factorHref),
    self: link(h.respondentFactor(r.administration_id, r.person, r.factor_id)),
  };
}
