import { pagedEnvelope, wholeEnvelope } from '../http/envelope.ts';
import type { Handlers } from '../http/operation.ts';
import { pageOf } from '../http/query.ts';
import { cohortResultsRenderer, link, renderAdministration, renderFactor, renderFactorResult } from '../resources/render.ts';
import { found, numericOrNotFound, ok, pagedReply } from './common.ts';

export const noncognitiveHandlers = {
  'noncognitive.administrations.list': (c) => {
    const respondent = c.query.personIdentifier?.trim() || undefined;
    return pagedReply(
      c,
      (page, pageSize) => c.repos.noncognitive.administrations({ respondent }, page, pageSize),
      (row) => renderAdministration(c.hrefs, row),
    );
  },
  'noncognitive.administrations.get': ({ ids, repos, hrefs }) =>
    ok(renderAdministration(hrefs, found(repos.noncognitive.administration(ids.id!), `administration with id ${ids.id}`))),
  'noncognitive.administrations.results': ({ ids, query, repos, hrefs, url, accepted }) => {
    const administration = found(repos.noncognitive.administration(ids.id!), `administration with id ${ids.id}`);
    const { page, pageSize } = pageOf(query);
    const result = repos.noncognitive.respondents(administration.id, page, pageSize);
    // A cohort's scores in one request a page: one query for every respondent of the page.
    if (query.expand?.has('factors')) {
      const scores = repos.noncognitive.resultsOf(administration.id, result.rows);
      const render = cohortResultsRenderer(hrefs, administration.id);
      const values = result.rows.map((person) => render(person, scores.get(person) ?? []));
      return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, values) };
    }
    const values = result.rows.map((person) => link(hrefs.respondentFactors(administration.id, person)));
    return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, values) };
  },
  'noncognitive.factorScores': ({ ids, params, query, repos, hrefs, url, accepted }) => {
    // Unknown administration or respondent: an empty list (E18 defines no 404, decisions §5).
    const rows = repos.noncognitive.results(ids.id!, params.personIdentifier ?? '');
    const factors = query.expand?.has('factor') ? repos.noncognitive.factors(rows.map((r) => r.factor_id)) : undefined;
    const values = rows.map((r) => renderFactorResult(hrefs, r, factors?.get(r.factor_id)));
    return { status: 200, body: wholeEnvelope(url, accepted, values) };
  },
  'noncognitive.factorScore': ({ ids, params, query, repos, hrefs }) => {
    const factorId = numericOrNotFound(params.factorId, 'factor');
    const row = found(repos.noncognitive.result(ids.id!, params.personIdentifier ?? '', factorId), 'such factor score');
    const factor = query.expand?.has('factor') ? repos.noncognitive.factors([factorId]).get(factorId) : undefined;
    return { status: 200, body: renderFactorResult(hrefs, row, factor) };
  },
  'noncognitive.factor': ({ params, repos, hrefs }) => {
    const assessmentId = numericOrNotFound(params.id, 'assessment');
    const factorId = numericOrNotFound(params.factorId, 'factor');
    const factor = found(repos.noncognitive.factor(assessmentId, factorId), `factor ${factorId} of assessment ${assessmentId}`);
    return { status: 200, body: renderFactor(hrefs, factor) };
  },
} satisfies Partial<Handlers>;
