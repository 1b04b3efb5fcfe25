import { z } from 'zod';
import {
  LinkSchema,
  PersonRoleSchema,
  PersonSchema,
  ReplaceSuccessNetworkBodySchema,
  envelopeOf,
  type ProblemFieldError,
} from '../../api/schemas/index.ts';
import { pagedEnvelope, wholeEnvelope } from '../http/envelope.ts';
import { defineOperation, type Operation } from '../http/operation.ts';
import { paging, personIdentifiersParam, querySchema, pageOf } from '../http/query.ts';
import { link, renderPerson } from '../resources/render.ts';
import { ERRORS_READ, ERRORS_READ_ONE, failIfAny, found, noContent } from './common.ts';
import { personEncouragementsOperation } from './notations.routes.ts';

const personQuery = querySchema({
  ...paging,
  role: z.string().pipe(PersonRoleSchema),
  q: z.string().max(200),
  identifiers: personIdentifiersParam,
});

export const peopleOperations: Operation[] = [
  defineOperation({
    ref: 'extension',
    operationId: 'listPeople',
    method: 'get',
    path: '/people/',
    summary: 'Find people by role, by name, identifier or email, and by a list of identifiers',
    tag: 'People',
    query: personQuery,
    responses: { 200: { description: 'A page, by last name', schema: envelopeOf(PersonSchema) }, ...ERRORS_READ },
    handle: ({ query, repos, hrefs, url, accepted }) => {
      const { page, pageSize } = pageOf(query);
      // An empty `identifiers=` is no filter, as for the notation lists (decisions §4).
      const identifiers = query.identifiers && query.identifiers.length > 0 ? query.identifiers : undefined;
      const result = repos.people.search({ role: query.role, q: query.q, identifiers }, page, pageSize);
      return {
        status: 200,
        body: pagedEnvelope(url, accepted, page, pageSize, result.total, result.rows.map((p) => renderPerson(hrefs, p))),
      };
    },
  }),
  defineOperation({
    ref: 'extension',
    operationId: 'getPerson',
    method: 'get',
    path: '/people/{id}',
    summary: 'One person',
    tag: 'People',
    pathParams: { id: 'string' },
    responses: { 200: { description: 'One person', schema: PersonSchema }, ...ERRORS_READ_ONE },
    handle: ({ params, repos, hrefs }) => ({
      status: 200,
      body: renderPerson(hrefs, found(repos.people.get(params.id ?? ''), `person '${params.id}'`)),
    }),
  }),
  defineOperation({
    ref: 'extension',
    operationId: 'listCaseload',
    method: 'get',
    path: '/people/{id}/caseload',
    summary: "A staff member's caseload: the people whose success network includes them",
    tag: 'People',
    pathParams: { id: 'string' },
    query: querySchema(paging),
    responses: { 200: { description: 'A page, by last name, first name, identifier', schema: envelopeOf(PersonSchema) }, ...ERRORS_READ_ONE },
    handle: ({ params, query, repos, hrefs, url, accepted }) => {
      const person = found(repos.people.get(params.id ?? ''), `person '${params.id}'`);
      const { page, pageSize } = pageOf(query);
      const result = repos.people.caseload(person.identifier, page, pageSize);
      return {
        status: 200,
        body: pagedEnvelope(url, accepted, page, pageSize, result.total, result.rows.map((p) => renderPerson(hrefs, p))),
      };
    },
  }),
  personEncouragementsOperation,
  defineOperation({
    ref: 'E15',
    operationId: 'getSuccessNetwork',
    method: 'get',
    path: '/people/{id}/successNetwork',
    summary: "A person's success network",
    tag: 'People',
    pathParams: { id: 'string' },
    responses: { 200: { description: 'Links to the members, in the order last set', schema: envelopeOf(LinkSchema) }, ...ERRORS_READ_ONE },
    handle: ({ params, repos, hrefs, url, accepted }) => {
      const person = found(repos.people.get(params.id ?? ''), `person '${params.id}'`);
      const members = repos.networks.members(person.identifier).map((m) => link(hrefs.person(m)));
      return { status: 200, body: wholeEnvelope(url, accepted, members) };
    },
  }),
  defineOperation({
    ref: 'E16',
    operationId: 'replaceSuccessNetwork',
    method: 'put',
    path: '/people/{id}/successNetwork',
    summary: "Replace a person's success network as a whole",
    tag: 'People',
    pathParams: { id: 'string' },
    body: ReplaceSuccessNetworkBodySchema,
    responses: { 204: { description: 'Replaced' }, ...ERRORS_READ_ONE },
    handle: ({ params, body, repos }) => {
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
  }),
];
