import { z } from 'zod';
import {
  AdministrationResultExpansions,
  AdministrationSchema,
  AssessmentFactorSchema,
  FactorResultExpansions,
  FactorResultSchema,
  LinkSchema,
  RespondentFactorsSchema,
  envelopeOf,
} from '../../api/schemas/index.ts';
import { pagedEnvelope, wholeEnvelope } from '../http/envelope.ts';
import { defineOperation, type Operation } from '../http/operation.ts';
import { expandParam, paging, querySchema, pageOf } from '../http/query.ts';
import { link, renderAdministration, renderFactor, renderFactorResult } from '../resources/render.ts';
import { ERRORS_READ, ERRORS_READ_ONE, found, numericOrNotFound } from './common.ts';

const factorExpand = expandParam(Object.keys(FactorResultExpansions) as ['factor']);
const resultsExpand = expandParam(Object.keys(AdministrationResultExpansions) as ['factors']);

export const noncognitiveOperations: Operation[] = [
  defineOperation({
    ref: 'E17',
    operationId: 'listAdministrations',
    method: 'get',
    path: '/noncognitives/administrations/',
    summary: 'List administrations, optionally those a person responded to',
    tag: 'Non-cognitive',
    query: querySchema({ ...paging, personIdentifier: z.string() }),
    responses: { 200: { description: 'A page, newest start first', schema: envelopeOf(AdministrationSchema) }, ...ERRORS_READ },
    handle: ({ query, repos, hrefs, url, accepted }) => {
      const { page, pageSize } = pageOf(query);
      const respondent = query.personIdentifier?.trim() || undefined;
      const result = repos.noncognitive.administrations({ respondent }, page, pageSize);
      return {
        status: 200,
        body: pagedEnvelope(url, accepted, page, pageSize, result.total, result.rows.map((a) => renderAdministration(hrefs, a))),
      };
    },
  }),
  defineOperation({
    ref: 'extension',
    operationId: 'getAdministration',
    method: 'get',
    path: '/noncognitives/administrations/{id}',
    summary: 'One administration',
    tag: 'Non-cognitive',
    pathParams: { id: 'integer' },
    responses: { 200: { description: 'One administration', schema: AdministrationSchema }, ...ERRORS_READ_ONE },
    handle: ({ ids, repos, hrefs }) => ({
      status: 200,
      body: renderAdministration(hrefs, found(repos.noncognitive.administration(ids.id!), `administration with id ${ids.id}`)),
    }),
  }),
  defineOperation({
    ref: 'extension',
    operationId: 'listAdministrationResults',
    method: 'get',
    path: '/noncognitives/administrations/{id}/results',
    summary: "Links to each respondent's factor scores; with expand=factors, the scores themselves",
    tag: 'Non-cognitive',
    pathParams: { id: 'integer' },
    query: querySchema({ ...paging, expand: resultsExpand }),
    responses: {
      200: {
        description: "A page, by respondent identifier: each a link to the respondent's factor scores, or with expand=factors that link expanded",
        schema: envelopeOf(z.union([RespondentFactorsSchema, LinkSchema])),
      },
      ...ERRORS_READ_ONE,
    },
    handle: ({ ids, query, repos, hrefs, url, accepted }) => {
      const administration = found(repos.noncognitive.administration(ids.id!), `administration with id ${ids.id}`);
      const { page, pageSize } = pageOf(query);
      const result = repos.noncognitive.respondents(administration.id, page, pageSize);
      // A cohort's scores in one request a page: one query for every respondent of the page.
      const scores = query.expand?.has('factors') ? repos.noncognitive.resultsOf(administration.id, result.rows) : undefined;
      const values = result.rows.map((person) => {
        const href = hrefs.respondentFactors(administration.id, person);
        const rows = scores?.get(person);
        if (!rows) return link(href);
        return { href, totalValues: rows.length, values: rows.map((r) => renderFactorResult(hrefs, r)) };
      });
      return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, values) };
    },
  }),
  defineOperation({
    ref: 'E18',
    operationId: 'listRespondentFactorScores',
    method: 'get',
    path: '/noncognitives/administrations/{id}/results/{personIdentifier}/factors',
    summary: 'Factor scores of a respondent in an administration',
    tag: 'Non-cognitive',
    pathParams: { id: 'integer', personIdentifier: 'string' },
    query: querySchema({ expand: factorExpand }),
    responses: { 200: { description: 'Every factor score, by factor id', schema: envelopeOf(FactorResultSchema) }, ...ERRORS_READ },
    handle: ({ ids, params, query, repos, hrefs, url, accepted }) => {
      // Unknown administration or respondent: an empty list (E18 defines no 404, decisions §5).
      const rows = repos.noncognitive.results(ids.id!, params.personIdentifier ?? '');
      const factors = query.expand?.has('factor') ? repos.noncognitive.factors(rows.map((r) => r.factor_id)) : undefined;
      const values = rows.map((r) => renderFactorResult(hrefs, r, factors?.get(r.factor_id)));
      return { status: 200, body: wholeEnvelope(url, accepted, values) };
    },
  }),
  defineOperation({
    ref: 'extension',
    operationId: 'getRespondentFactorScore',
    method: 'get',
    path: '/noncognitives/administrations/{id}/results/{personIdentifier}/factors/{factorId}',
    summary: 'One factor score of a respondent',
    tag: 'Non-cognitive',
    pathParams: { id: 'integer', personIdentifier: 'string', factorId: 'string' },
    query: querySchema({ expand: factorExpand }),
    responses: { 200: { description: 'One factor score', schema: FactorResultSchema }, ...ERRORS_READ_ONE },
    handle: ({ ids, params, query, repos, hrefs }) => {
      const factorId = numericOrNotFound(params.factorId, 'factor');
      const row = found(repos.noncognitive.result(ids.id!, params.personIdentifier ?? '', factorId), 'such factor score');
      const factor = query.expand?.has('factor') ? repos.noncognitive.factors([factorId]).get(factorId) : undefined;
      return { status: 200, body: renderFactorResult(hrefs, row, factor) };
    },
  }),
  defineOperation({
    ref: 'E19',
    operationId: 'getAssessmentFactor',
    method: 'get',
    path: '/noncognitives/assessments/{id}/factors/{factorId}',
    summary: 'Factor details',
    tag: 'Non-cognitive',
    pathParams: { id: 'string', factorId: 'string' },
    responses: { 200: { description: 'One factor', schema: AssessmentFactorSchema }, ...ERRORS_READ_ONE },
    handle: ({ params, repos, hrefs }) => {
      const assessmentId = numericOrNotFound(params.id, 'assessment');
      const factorId = numericOrNotFound(params.factorId, 'factor');
      const factor = found(repos.noncognitive.factor(assessmentId, factorId), `factor ${factorId} of assessment ${assessmentId}`);
      return { status: 200, body: renderFactor(hrefs, factor) };
    },
  }),
];
