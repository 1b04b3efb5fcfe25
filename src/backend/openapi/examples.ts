import type { OperationName, PathValues } from '../../api/operations.ts';

/**
 * Realistic examples for /openapi.json: real answers of the reference backend over a database
 * seeded with the demo seed, so every example is in the seed's vocabulary and matches its schema
 * by construction (the checks in openapi.test.ts hold it to that).
 */
export interface Examples {
  /** By component schema name. */
  schemas: Record<string, unknown>;
  /** The success body of each operation. */
  responses: Partial<Record<OperationName, unknown>>;
  /** The request body of each write (each accepted by a freshly seeded backend). */
  requests: Partial<Record<OperationName, unknown>>;
  /** Path parameter values each example used. */
  pathParams: Partial<Record<OperationName, PathValues>>;
}

/** Where the examples' hrefs point: an illustrative institution, not this server. */
export const EXAMPLE_BASE = 'https://student-success.example.edu/api';

type Get = (path: string) => Promise<unknown>;
// The answers are walked structurally; their schemas are checked by the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type J = any;

const lastSegment = (href: string) => decodeURIComponent(new URL(href).pathname.split('/').filter(Boolean).pop() ?? '');

/** Collects the examples with `get`, a GET of a path below the base URL that answers JSON. */
export async function collectExamples(get: Get): Promise<Examples> {
  const ex: Examples = { schemas: {}, responses: {}, requests: {}, pathParams: {} };
  const two = (list: J) => ({ ...list, values: list.values.slice(0, 2) });
  const record = async (name: OperationName, path: string, params: PathValues = {}) => {
    const body = (await get(path)) as J;
    ex.responses[name] = body && Array.isArray(body.values) ? two(body) : body;
    ex.pathParams[name] = params;
    return body;
  };

  const students = (await record('people.list', '/people/?role=Student&pageSize=2')) as J;
  const student = students.values[0];
  const advisors = (await get('/people/?role=Advisor&pageSize=3')) as J;
  const [advisor, advisor2] = advisors.values;
  await record('people.get', `/people/${encodeURIComponent(student.identifier)}`, { id: student.identifier });
  const network = (await record('people.successNetwork.get', `/people/${student.identifier}/successNetwork`, { id: student.identifier })) as J;
  const member = network.values[0] ? lastSegment(network.values[0].href) : advisor.identifier;
  await record('people.caseload', `/people/${encodeURIComponent(member)}/caseload?pageSize=2`, { id: member });

  const updates = (await record('updates.list', '/notations/updates/?pageSize=2&expand=student')) as J;
  const update = updates.values[0];
  await record('updates.get', `/notations/updates/${update.id}`, { id: update.id });
  const alerts = (await get('/notations/alerts/?pageSize=60&expand=comments,categories,student')) as J;
  const withComments = alerts.values.find((a: J) => a.comments.totalValues > 0) ?? alerts.values[0];
  const withCategories = alerts.values.find((a: J) => a.categories.totalValues > 0) ?? alerts.values[0];
  ex.responses['alerts.list'] = two(alerts);
  ex.pathParams['alerts.list'] = {};
  await record('alerts.get', `/notations/alerts/${withComments.id}`, { id: withComments.id });
  await record('alerts.categories', `/notations/alerts/${withCategories.id}/categories`, { id: withCategories.id });
  await record('alerts.comments', `/notations/alerts/${withComments.id}/comments`, { id: withComments.id });
  const alertComment = withComments.comments.values[0];
  if (alertComment) {
    await record('alerts.comment', `/notations/alerts/${withComments.id}/comments/${alertComment.id}`, { id: withComments.id, commentid: alertComment.id });
  }
  const updatesWithComments = (await get('/notations/updates/?pageSize=100&expand=comments,categories')) as J;
  const commented = updatesWithComments.values.find((u: J) => u.comments.totalValues > 0) ?? update;
  const categorised = updatesWithComments.values.find((u: J) => u.categories.totalValues > 0) ?? update;
  await record('updates.comments', `/notations/updates/${commented.id}/comments?expand=createdBy`, { id: commented.id });
  if (commented.comments.values?.[0]) {
    await record('updates.comment', `/notations/updates/${commented.id}/comments/${commented.comments.values[0].id}`, {
      id: commented.id,
      commentid: commented.comments.values[0].id,
    });
  }
  await record('updates.categories', `/notations/updates/${categorised.id}/categories`, { id: categorised.id });

  const insights = (await record('dataInsights.list', '/notations/dataInsights/?pageSize=2')) as J;
  await record('dataInsights.get', `/notations/dataInsights/${insights.values[0].id}`, { id: insights.values[0].id });
  const insightsWithComments = (await get('/notations/dataInsights/?pageSize=200&expand=comments')) as J;
  const insight = insightsWithComments.values.find((d: J) => d.comments.totalValues > 0) ?? insights.values[0];
  await record('dataInsights.comments', `/notations/dataInsights/${insight.id}/comments`, { id: insight.id });
  if (insight.comments.values?.[0]) {
    await record('dataInsights.comment', `/notations/dataInsights/${insight.id}/comments/${insight.comments.values[0].id}`, {
      id: insight.id,
      commentid: insight.comments.values[0].id,
    });
  }

  const encouragements = (await record('encouragements.list', '/notations/encouragements/?pageSize=2&expand=type')) as J;
  const encouragement = encouragements.values[0];
  await record('encouragements.get', `/notations/encouragements/${encouragement.id}`, { id: encouragement.id });
  const encouraged = lastSegment(encouragement.student.href);
  await record('people.encouragements', `/people/${encodeURIComponent(encouraged)}/encouragements?pageSize=2`, { id: encouraged });
  const types = (await record('encouragements.types.list', '/notations/encouragements/types/')) as J;
  await record('encouragements.types.get', `/notations/encouragements/types/${types.values[0].id}`, { id: String(types.values[0].id) });

  const triggers = (await record('triggers.list', '/notations/triggers/?pageSize=2')) as J;
  await record('triggers.get', `/notations/triggers/${triggers.values[0].id}`, { id: triggers.values[0].id });
  const categories = (await get('/notations/categories/?pageSize=1000')) as J;
  const active = categories.values.filter((c: J) => c.isActive);
  ex.responses['categories.list'] = two(categories);
  ex.pathParams['categories.list'] = {};
  await record('categories.get', `/notations/categories/${active[0].id}`, { id: active[0].id });

  const administrations = (await get('/noncognitives/administrations/?pageSize=1000')) as J;
  ex.responses['noncognitive.administrations.list'] = two(administrations);
  ex.pathParams['noncognitive.administrations.list'] = {};
  let administration = administrations.values[0];
  let results: J = undefined;
  for (const a of administrations.values) {
    const r = (await get(`/noncognitives/administrations/${a.id}/results?pageSize=2&expand=factors`)) as J;
    if (r.totalValues > 0) {
      administration = a;
      results = r;
      break;
    }
  }
  await record('noncognitive.administrations.get', `/noncognitives/administrations/${administration.id}`, { id: administration.id });
  ex.responses['noncognitive.administrations.results'] = results;
  ex.pathParams['noncognitive.administrations.results'] = { id: administration.id };
  const respondent = results ? lastSegment(results.values[0].href.replace(/\/factors$/, '')) : student.identifier;
  const scores = (await record(
    'noncognitive.factorScores',
    `/noncognitives/administrations/${administration.id}/results/${encodeURIComponent(respondent)}/factors?expand=factor`,
    { id: administration.id, personIdentifier: respondent },
  )) as J;
  const score = scores.values[0];
  const factorId = lastSegment(score.factor.href);
  await record(
    'noncognitive.factorScore',
    `/noncognitives/administrations/${administration.id}/results/${encodeURIComponent(respondent)}/factors/${factorId}`,
    { id: administration.id, personIdentifier: respondent, factorId },
  );
  await record('noncognitive.factor', `/noncognitives/assessments/${score.assessmentId}/factors/${factorId}`, {
    id: String(score.assessmentId),
    factorId,
  });

  // Request bodies, each accepted by a freshly seeded backend.
  const updateBody = {
    audienceType: 'FullNetwork',
    canStudentView: false,
    categories: [{ id: active[0].id }],
    createdBy: { identifier: advisor.identifier },
    details: `Met with ${student.firstName} to plan the rest of the term; agreed on weekly tutoring and a check-in after midterms.`,
    student: { identifier: student.identifier },
  };
  ex.requests['updates.create'] = updateBody;
  ex.requests['alerts.create'] = {
    ...updateBody,
    audienceType: 'All',
    details: `${student.firstName} has missed three classes in a row; please reach out this week.`,
  };
  const commentBody = { createdBy: { identifier: advisor.identifier }, details: 'Called and left a message; will follow up on Friday.' };
  ex.requests['updates.addComment'] = commentBody;
  ex.pathParams['updates.addComment'] = { id: update.id };
  ex.requests['alerts.addComment'] = { ...commentBody, usedToLowerAlert: false };
  ex.pathParams['alerts.addComment'] = { id: withComments.id };
  ex.requests['triggers.update'] = {
    modifiedBy: { identifier: advisor.identifier },
    additionalAdvice: 'Suggest the tutoring centre and a meeting with the instructor.',
    studentIdentifiers: [student.identifier],
  };
  ex.pathParams['triggers.update'] = { id: triggers.values[0].id };
  ex.requests['categories.edit'] = { isActive: true, name: active[0].name };
  ex.pathParams['categories.edit'] = { id: active[0].id };
  ex.requests['people.successNetwork.replace'] = [{ identifier: advisor.identifier }, { identifier: advisor2.identifier }];
  ex.pathParams['people.successNetwork.replace'] = { id: student.identifier };
  const created = { href: `${EXAMPLE_BASE}/notations/updates/${update.id + 1}` };
  for (const name of ['updates.create', 'alerts.create', 'updates.addComment', 'alerts.addComment'] as const) ex.responses[name] = created;
  ex.responses.openapi = { openapi: '3.1.0', info: { title: 'Student Success service (reference backend)', version: '1.0.0' }, paths: {} };
  ex.responses['auth.token'] = { access_token: 'k3W8n0cQ2s6pX1vZ9yT4', token_type: 'Bearer', expires_in: 3600 };

  // One example per named schema.
  const alert = ex.responses['alerts.get'] as J;
  Object.assign(ex.schemas, {
    Link: { href: student.self.href },
    Person: student,
    ExpandedPerson: { href: student.self.href, ...student },
    Update: ex.responses['updates.get'],
    DataInsight: ex.responses['dataInsights.get'],
    Alert: alert,
    Encouragement: ex.responses['encouragements.get'],
    EncouragementType: types.values[0],
    ExpandedEncouragementType: encouragements.values[0].type,
    Comment: (ex.responses['alerts.comments'] as J).values[0],
    ExpandedComments: withComments.comments,
    Category: (ex.responses['alerts.categories'] as J).values[0],
    ExpandedCategories: withCategories.categories,
    CategoryRecord: active[0],
    Trigger: triggers.values[0],
    Administration: administration,
    AssessmentFactor: ex.responses['noncognitive.factor'],
    ExpandedAssessmentFactor: score.factor,
    FactorResult: ex.responses['noncognitive.factorScore'],
    RespondentFactors: results?.values[0],
    RespondentFactorsOrLink: results?.values[0],
    EnvelopeLinks: (ex.responses['alerts.list'] as J).links,
    Created: created,
    TokenResponse: ex.responses['auth.token'],
    OAuthError: { error: 'invalid_client', error_description: 'Unknown client or wrong secret' },
    Problem: {
      type: 'urn:student-success:problem:invalid-request',
      title: 'Invalid request',
      status: 400,
      detail: 'The request is not valid: body details: must not be blank',
      errors: [{ in: 'body', name: 'details', message: 'must not be blank' }],
    },
    ProblemFieldError: { in: 'query', name: 'pageSize', message: 'must be at most 1000' },
    CreateUpdateBody: updateBody,
    CreateAlertBody: ex.requests['alerts.create'],
    CreateCommentBody: ex.requests['alerts.addComment'],
    PatchTriggerBody: ex.requests['triggers.update'],
    EditCategoryBody: ex.requests['categories.edit'],
    ReplaceSuccessNetworkBody: ex.requests['people.successNetwork.replace'],
    IdentifierRef: { identifier: student.identifier },
  });
  return ex;
}
