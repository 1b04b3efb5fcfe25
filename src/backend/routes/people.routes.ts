import type { ProblemFieldError } from '../../api/schemas/index.ts';
import { pagedEnvelope, wholeEnvelope } from '../http/envelope.ts';
import type { Handlers } from '../http/operation.ts';
import { pageOf } from '../http/query.ts';
import { link, renderPerson } from '../resources/render.ts';
import { failIfAny, found, noContent } from './common.ts';
import { personEncouragementsHandler } from './notations.routes.ts';

const renderPeople = (hrefs: Parameters<typeof renderPerson>[0], rows: readonly Parameters<typeof renderPerson>[1][]) =>
  rows.map((p) => renderPerson(hrefs, p));

export const peopleHandlers = {
  'people.list': ({ query, repos, hrefs, url, accepted }) => {
    const { page, pageSize } = pageOf(query);
    // Given, `identifiers` names someone (query-params.ts refuses `identifiers=` naming nobody).
    const identifiers = query.identifiers;
    const result = repos.people.search({ role: query.role, q: query.q, identifiers }, page, pageSize);
    return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, renderPeople(hrefs, result.rows)) };
  },
  'people.get': ({ params, repos, hrefs }) => ({
    status: 200,
    body: renderPerson(hrefs, found(repos.people.get(params.id ?? ''), `person '${params.id}'`)),
  }),
  'people.caseload': ({ params, query, repos, hrefs, url, accepted }) => {
    const person = found(repos.people.get(params.id ?? ''), `person '${params.id}'`);
    const { page, pageSize } = pageOf(query);
    const result = repos.people.caseload(person.identifier, page, pageSize);
    return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, renderPeople(hrefs, result.rows)) };
  },
  'people.encouragements': personEncouragementsHandler,
  'people.successNetwork.get': ({ params, repos, hrefs, url, accepted }) => {
    const person = found(repos.people.get(params.id ?? ''), `person '${params.id}'`);
    const members = repos.networks.members(person.identifier).map((m) => link(hrefs.person(m)));
    return { status: 200, body: wholeEnvelope(url, accepted, members) };
  },
  'people.successNetwork.replace': ({ params, body, repos }) => {
    const person = found(repos.people.get(params.id ?? ''), `person '${params.id}'`);
    const identifiers = body.map((m) => m.identifier);
    const known = repos.people.getMany(identifiers);
    const errors: ProblemFieldError[] = [];
    const seen = new Set<string>();
    identifiers.forEach((identifier, i) => {
      const name = `[${i}].identifier`;
      if (seen.has(identifier)) errors.push({ in: 'body', name, message: `'${identifier}' is listed twice` });
      else if (identifier === person.identifier) errors.push({ in: 'body', name, message: `'${identifier}' cannot be in their own success network` });
      else if (!known.has(identifier)) errors.push({ in: 'body', name, message: `no person has the identifier '${identifier}'` });
      seen.add(identifier);
    });
    failIfAny(errors);
    repos.networks.replace(person.identifier, identifiers);
    return noContent();
  },
} satisfies Partial<Handlers>;
