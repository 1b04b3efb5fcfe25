import type { ProblemFieldError } from '../../api/schemas/index.ts';
import type { Handlers } from '../http/operation.ts';
import { renderTrigger } from '../resources/render.ts';
import { failIfAny, found, noContent, ok, pagedReply, requirePersonExists } from './common.ts';

/** What a trigger's action writes on a student's record (decisions §7). */
export function triggerActionDetails(name: string, additionalAdvice: string): string {
  return additionalAdvice.trim() ? `${name}\n\n${additionalAdvice}` : name;
}

export const triggerHandlers = {
  'triggers.list': (c) => pagedReply(c, c.repos.triggers.list, (row) => renderTrigger(c.hrefs, row)),
  'triggers.get': ({ ids, repos, hrefs }) => ok(renderTrigger(hrefs, found(repos.triggers.get(ids.id!), `trigger with id ${ids.id}`))),
  'triggers.update': ({ ids, body, repos }) => {
    const trigger = found(repos.triggers.get(ids.id!), `trigger with id ${ids.id}`);
    const errors: ProblemFieldError[] = [];
    requirePersonExists(repos, body.modifiedBy.identifier, 'modifiedBy.identifier', errors);
    // Each listed student gets the action once, however often it is listed.
    const students = [...new Set(body.studentIdentifiers ?? [])];
    const known = repos.people.getMany(students);
    (body.studentIdentifiers ?? []).forEach((identifier, i) => {
      const person = known.get(identifier);
      if (!person) errors.push({ in: 'body', name: `studentIdentifiers[${i}]`, message: `no person has the identifier '${identifier}'` });
      else if (person.role !== 'Student') errors.push({ in: 'body', name: `studentIdentifiers[${i}]`, message: `'${identifier}' is not a student` });
    });
    failIfAny(errors);
    const edited = {
      name: body.name ?? trigger.name,
      additionalAdvice: body.additionalAdvice ?? trigger.additional_advice,
      elevateToAlert: body.elevateToAlert ?? trigger.elevate_to_alert === 1,
    };
    repos.transaction(() => {
      repos.triggers.update(trigger.id, edited);
      const now = Date.now();
      const details = triggerActionDetails(edited.name, edited.additionalAdvice);
      for (const student of students) {
        repos.notations.create(
          edited.elevateToAlert
            ? {
                kind: 'alert',
                student,
                createdBy: body.modifiedBy.identifier,
                createdOn: now,
                details,
                audienceType: trigger.audience_type,
                canStudentView: trigger.can_student_view === 1,
                status: 'Open',
                triggerId: trigger.id,
              }
            : { kind: 'dataInsight', student, createdBy: null, createdOn: now, details, dataInsightType: 'Api', triggerId: trigger.id },
        );
      }
    });
    return noContent();
  },
} satisfies Partial<Handlers>;
