import { z } from 'zod';
import { OPERATIONS, OPERATION_NAMES, type OperationName, type OperationSpec, type PathParamKind } from '../../api/operations.ts';
import { PATH_PARAMS } from '../../api/query-params.ts';
import * as S from '../../api/schemas/index.ts';
import type { ProblemFieldError } from '../../api/schemas/index.ts';
import { problemBody } from '../../http/problem.ts';
import type { Examples } from './examples.ts';

/**
 * /openapi.json (issue #17), generated from the operation table and the contract's zod schemas:
 * named schemas in components with `$ref`, link properties as "a link, or the expanded resource
 * with its href", parameters and bodies as the server enforces them, every status and header,
 * both credentials on every operation, and examples taken from a seeded database.
 */

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Response resources: closed (the server sends exactly these fields). */
const RESOURCES = {
  Link: S.LinkSchema,
  Person: S.PersonSchema,
  ExpandedPerson: S.ExpandedPersonSchema,
  Update: S.UpdateSchema,
  DataInsight: S.DataInsightSchema,
  Alert: S.AlertSchema,
  Encouragement: S.EncouragementSchema,
  EncouragementType: S.EncouragementTypeSchema,
  ExpandedEncouragementType: S.EncouragementExpansions.type,
  Comment: S.CommentSchema,
  ExpandedComments: S.UpdateExpansions.comments,
  Category: S.CategorySchema,
  ExpandedCategories: S.UpdateExpansions.categories,
  CategoryRecord: S.CategoryRecordSchema,
  Trigger: S.TriggerSchema,
  Administration: S.AdministrationSchema,
  AssessmentFactor: S.AssessmentFactorSchema,
  ExpandedAssessmentFactor: S.FactorResultExpansions.factor,
  FactorResult: S.FactorResultSchema,
  RespondentFactors: S.RespondentFactorsSchema,
  EnvelopeLinks: S.EnvelopeLinksSchema,
  Created: S.CreatedSchema,
  TokenResponse: S.TokenResponseSchema,
} as const;
/** Open by design: RFC 9457 and RFC 6749 allow extension members. */
const OPEN = { Problem: S.ProblemSchema, ProblemFieldError: S.ProblemFieldErrorSchema, OAuthError: S.OAuthErrorSchema } as const;
/** Request bodies: closed, as the server refuses unknown fields at any depth (decisions §5). */
const BODIES = {
  CreateUpdateBody: S.CreateUpdateBodySchema,
  CreateAlertBody: S.CreateAlertBodySchema,
  CreateCommentBody: S.CreateCommentBodySchema,
  PatchTriggerBody: S.PatchTriggerBodySchema,
  EditCategoryBody: S.EditCategoryBodySchema,
  ReplaceSuccessNetworkBody: S.ReplaceSuccessNetworkBodySchema,
  IdentifierRef: S.IdentifierRefSchema,
} as const;

/** Link properties that `expand` may replace, and the named schema each becomes (decisions §2). */
const EXPANDABLE: Record<string, Record<string, string>> = {
  Update: { categories: 'ExpandedCategories', comments: 'ExpandedComments', createdBy: 'ExpandedPerson', student: 'ExpandedPerson' },
  Alert: { categories: 'ExpandedCategories', comments: 'ExpandedComments', createdBy: 'ExpandedPerson', student: 'ExpandedPerson' },
  DataInsight: { comments: 'ExpandedComments', student: 'ExpandedPerson' },
  Encouragement: { createdBy: 'ExpandedPerson', student: 'ExpandedPerson', type: 'ExpandedEncouragementType' },
  Comment: { createdBy: 'ExpandedPerson' },
  FactorResult: { factor: 'ExpandedAssessmentFactor' },
};

/** The named schema of a zod schema the table uses, by identity. */
const NAME_OF = new Map<z.ZodType, string>(Object.entries({ ...RESOURCES, ...OPEN, ...BODIES }).map(([name, schema]) => [schema as z.ZodType, name]));

function convert(schemas: Record<string, z.ZodType>, io: 'input' | 'output', closed: boolean): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Json>;
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const o = node as Json;
      delete o.$schema;
      delete o.$id;
      if (closed && o.type === 'object' && 'additionalProperties' in o) o.additionalProperties = false;
      Object.values(o).forEach(walk);
    }
  };
  walk(out);
  return out;
}

function componentSchemas(): Record<string, Json> {
  const resources = convert({ ...RESOURCES }, 'output', true);
  const open = convert({ ...OPEN, Link: S.LinkSchema }, 'output', false);
  const bodies = convert({ ...BODIES }, 'input', true);
  const all: Record<string, Json> = {
    ...resources,
    Problem: open.Problem!,
    ProblemFieldError: open.ProblemFieldError!,
    OAuthError: open.OAuthError!,
    ...bodies,
  };
  for (const [name, props] of Object.entries(EXPANDABLE)) {
    const properties = all[name]!.properties as Record<string, Json>;
    for (const [prop, expanded] of Object.entries(props)) {
      properties[prop] = {
        description: `A link, or — with \`expand=${prop}\` — the expanded resource with its \`href\` (decisions §2).`,
        anyOf: [ref('Link'), ref(expanded)],
      };
    }
  }
  all.RespondentFactorsOrLink = {
    description: "A link to a respondent's factor scores, or — with `expand=factors` — that link expanded as a collection.",
    anyOf: [ref('Link'), ref('RespondentFactors')],
  };
  all.Link = { ...all.Link, description: 'A link: an absolute URL under the base URL (decisions §1).' };
  all.Problem = { ...all.Problem, description: 'RFC 9457 problem details, the body of every error (decisions §5).' };
  return all;
}

/** The envelope of a list, named `<Item>Page`. */
function pageSchema(item: Json): Json {
  return {
    type: 'object',
    description: 'The collection envelope (service.md "Collection envelope", decisions §4).',
    required: ['page', 'pageSize', 'totalValues', 'self', 'links', 'values'],
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1 },
      totalValues: { type: 'integer', minimum: 0 },
      self: ref('Link'),
      links: ref('EnvelopeLinks'),
      values: { type: 'array', items: item },
    },
  };
}

/* Parameters: the input JSON Schemas of the zod schemas the server validates with (src/api/query-params.ts) */

/** A field's JSON Schema split into the parameter's description and example and its schema. */
function parameterOf(name: string, where: 'query' | 'path', json: Json, required: boolean): Json {
  const { description, example, ...schema } = json;
  return {
    name,
    in: where,
    required,
    description,
    schema,
    // A list travels comma-separated (decisions §2, §4).
    ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
    ...(example !== undefined ? { example } : {}),
  };
}

function queryParameters(op: OperationSpec): Json[] {
  if (!op.query) return [];
  const json = z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, field]) => {
    if (!field.description) throw new Error(`${op.path}: the query parameter ${name} has no description`);
    return parameterOf(name, 'query', field, json.required?.includes(name) ?? false);
  });
}

const PATH_PARAM_TEXT: Record<string, string> = {
  id: 'The id',
  commentid: "The comment's id",
  personIdentifier: "The respondent's identifier",
  factorId: "The factor's id",
};

const PATH_KIND_TEXT: Record<PathParamKind, string> = {
  id: 'a positive integer of at most 9007199254740991; anything else → 400.',
  numeric: 'typed as a string by service.md; only digits name anything (otherwise 404).',
  string: 'an opaque string (unknown → 404 where the operation defines it).',
};

function pathParameter(op: OperationSpec, name: string, kind: PathParamKind, examples: Examples, opName: OperationName): Json {
  const example = examples.pathParams[opName]?.[name];
  const what = op.path.startsWith('/people/') && name === 'id' ? "The person's identifier" : (PATH_PARAM_TEXT[name] ?? name);
  const { $schema: _, ...schema } = z.toJSONSchema(PATH_PARAMS[kind], { io: 'input' }) as Json;
  const value = example === undefined ? undefined : kind === 'id' ? Number(example) : String(example);
  return parameterOf(name, 'path', { ...schema, description: `${what}: ${PATH_KIND_TEXT[kind]}`, example: value }, true);
}

/* Responses and headers */

/** `required` where the server always sends the header with that answer (a client may rely on it). */
const HEADERS = {
  ETag: {
    description: 'Strong validator of this representation; send it back in If-None-Match.',
    required: true,
    schema: { type: 'string' },
    example: '"a1b2c3d4"',
  },
  ContentEncoding: {
    description: 'br, zstd or gzip when Accept-Encoding allows it; absent otherwise (decisions §9).',
    schema: { type: 'string', enum: ['br', 'zstd', 'gzip'] },
  },
  Location: { description: 'The absolute URL of the created resource.', required: true, schema: { type: 'string', format: 'uri' } },
  WWWAuthenticate: { description: 'Bearer challenge (RFC 6750).', required: true, schema: { type: 'string' }, example: 'Bearer realm="student-success"' },
  Allow: { description: 'The methods the path supports.', required: true, schema: { type: 'string' }, example: 'GET, POST' },
};

const problemContent = (example: Json) => ({ 'application/problem+json': { schema: ref('Problem'), example } });

/** An error status: when it is answered, the headers it carries, and its example problem's words. */
interface ErrorStatus {
  description: string;
  headers?: Json;
  detail: string;
  errors?: ProblemFieldError[];
  instance?: string;
}

// The status is the key alone: each example problem takes it, its type and its title from there, as the server's answers do (problemBody).
const ERROR_STATUSES: Record<number, ErrorStatus> = {
  400: {
    description: 'Invalid parameters or body (decisions §5), naming each field.',
    detail: 'The request is not valid: query pageSize: must be at most 1000',
    errors: [{ in: 'query', name: 'pageSize', message: 'must be at most 1000' }],
  },
  401: {
    description: 'A missing, unknown or expired token, or a missing or unknown subscription key.',
    headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
    detail: 'The Authorization header is missing; send a Bearer token',
  },
  404: { description: 'Nothing has that id or identifier.', detail: 'No alert with id 999999 was found' },
  405: {
    description: 'The path is known; the method is not.',
    headers: { Allow: { $ref: '#/components/headers/Allow' } },
    detail: 'DELETE is not supported on /api/notations/alerts/12; use GET',
  },
  409: { description: 'Refused by a rule of the stored state; nothing was changed.', detail: 'Alert 12 is already lowered' },
  413: { description: 'The body is over 1 MiB.', detail: 'The request body is larger than 1048576 bytes' },
  415: {
    description: 'A Content-Type that is present and not JSON.',
    detail: "Content-Type 'text/plain' is not supported; send application/json",
  },
  500: {
    description: 'A real fault; the body carries a correlation id and never a stack trace.',
    detail: 'An internal error occurred. Please contact support and quote the correlation id 0b9c….',
    instance: 'urn:uuid:0b9c6f0e-3f7a-4c1e-9d2b-5b0f3e1f2a7c',
  },
};

const ERROR_RESPONSES: Record<number, Json> = Object.fromEntries(
  Object.entries(ERROR_STATUSES).map(([code, { description, headers, detail, errors, instance }]) => {
    const example = problemBody(Number(code), detail, { ...(errors ? { errors } : {}), ...(instance ? { instance } : {}) });
    return [code, { description, ...(headers ? { headers } : {}), content: problemContent(example) }];
  }),
);

function successResponse(opName: OperationName, op: OperationSpec, status: number, description: string, examples: Examples): Json {
  if (status === 204) return { description };
  const example = examples.responses[opName];
  if (status === 201) {
    return {
      description,
      headers: { Location: { $ref: '#/components/headers/Location' } },
      content: { 'application/json': { schema: ref('Created'), ...(example !== undefined ? { example } : {}) } },
    };
  }
  const schema = responseSchemaRef(op);
  return {
    description,
    // Only a GET's answer is tagged (src/http/etag.ts).
    ...(op.method === 'get'
      ? { headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Content-Encoding': { $ref: '#/components/headers/ContentEncoding' } } }
      : {}),
    content: { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } },
  };
}

function itemRef(item: z.ZodType): Json {
  if (item instanceof z.ZodUnion) return ref('RespondentFactorsOrLink');
  const name = NAME_OF.get(item);
  if (!name) throw new Error('an operation item without a named schema');
  return ref(name);
}

function responseSchemaRef(op: OperationSpec): Json {
  if (op.item) return ref(`${pageName(op.item)}Page`);
  const schema = op.responses[200]?.schema;
  const name = schema ? NAME_OF.get(schema) : undefined;
  return name ? ref(name) : { type: 'object', description: 'The OpenAPI 3.1 document itself.' };
}

const pageName = (item: z.ZodType) => (item instanceof z.ZodUnion ? 'RespondentFactorsOrLink' : NAME_OF.get(item)!);

export function buildOpenApiDocument(serverUrl: string, examples: Examples) {
  const schemas = componentSchemas();
  for (const name of OPERATION_NAMES) {
    const op: OperationSpec = OPERATIONS[name];
    if (op.item) schemas[`${pageName(op.item)}Page`] = pageSchema(itemRef(op.item));
  }
  for (const name of OPERATION_NAMES) {
    const op: OperationSpec = OPERATIONS[name];
    const page: Json | undefined = op.item ? schemas[`${pageName(op.item)}Page`] : undefined;
    if (page && !page.examples && examples.responses[name] !== undefined) page.examples = [examples.responses[name]];
  }
  for (const [name, example] of Object.entries(examples.schemas))
    if (schemas[name] && example !== undefined) schemas[name] = { ...schemas[name], examples: [example] };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of OPERATION_NAMES) {
    const op: OperationSpec = OPERATIONS[name];
    const extension = op.ref === 'extension';
    const parameters = [
      ...Object.entries(op.pathParams ?? {}).map(([p, kind]) => pathParameter(op, p, kind, examples, name)),
      ...queryParameters(op),
      ...(op.method === 'get' && !op.public
        ? [
            {
              name: 'If-None-Match',
              in: 'header',
              required: false,
              description: 'An ETag received before: 304 with no body when the representation is unchanged.',
              schema: { type: 'string' },
              example: '"a1b2c3d4"',
            },
          ]
        : []),
    ];
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(op.responses)) {
      const code = Number(status);
      if (code < 300) responses[status] = successResponse(name, op, code, r.description, examples);
    }
    if (name === 'auth.token') {
      responses['400'] = {
        description: 'RFC 6749 §5.2 (invalid_request, unsupported_grant_type)',
        content: {
          'application/json': {
            schema: ref('OAuthError'),
            example: { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported' },
          },
        },
      };
      responses['401'] = {
        description: 'invalid_client',
        headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
        content: {
          'application/json': { schema: ref('OAuthError'), example: { error: 'invalid_client', error_description: 'Unknown client or wrong secret' } },
        },
      };
    } else {
      if (op.method === 'get' && !op.public)
        responses['304'] = {
          description: 'Not modified: If-None-Match matched the current ETag; no body.',
          headers: { ETag: { $ref: '#/components/headers/ETag' } },
        };
      for (const status of Object.keys(op.responses)
        .map(Number)
        .filter((s) => s >= 400))
        responses[status] = ERROR_RESPONSES[status];
      if (!op.public) responses['401'] = ERROR_RESPONSES[401];
      if (op.body) Object.assign(responses, { 400: ERROR_RESPONSES[400], 413: ERROR_RESPONSES[413], 415: ERROR_RESPONSES[415] });
    }
    responses['405'] = ERROR_RESPONSES[405];
    responses['500'] = ERROR_RESPONSES[500];
    const bodyName = op.body ? NAME_OF.get(op.body) : undefined;
    const bodyExample = examples.requests[name];
    (paths[op.path] ??= {})[op.method] = {
      operationId: name,
      summary: op.summary,
      description: [
        extension ? `Extension of the reference backend (decisions §9): not part of service.md's E1–E19.` : `${op.ref} of service.md.`,
        ...(op.rules?.length ? ['', 'Refused or done beyond what the schemas say:', '', ...op.rules.map((rule) => `- ${rule}`)] : []),
      ].join('\n'),
      tags: extension ? [op.tag, 'Extensions'] : [op.tag],
      ...(extension ? { 'x-extension': true } : { 'x-contract': op.ref }),
      ...(op.public ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body && bodyName
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: ref(bodyName), ...(bodyExample !== undefined ? { example: bodyExample } : {}) } },
            },
          }
        : {}),
      ...(name === 'auth.token'
        ? {
            requestBody: {
              required: true,
              content: {
                'application/x-www-form-urlencoded': {
                  schema: {
                    type: 'object',
                    required: ['grant_type'],
                    properties: {
                      grant_type: { type: 'string', enum: ['client_credentials'] },
                      client_id: { type: 'string', description: 'Or HTTP Basic authentication.' },
                      client_secret: { type: 'string' },
                      scope: { type: 'string' },
                    },
                  },
                  example: { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Student Success service (reference backend)',
      version: '1.0.0',
      description:
        'Notations (updates, data insights, alerts, encouragements), triggers, categories, people and non-cognitive assessment results. ' +
        'E1–E19 of service.md with the decisions of decisions.md, plus the reference backend\'s extensions (tagged "Extensions", `x-extension: true`). ' +
        'Every GET answer carries a strong ETag (If-None-Match → 304) and is compressed (br, zstd, gzip) only when Accept-Encoding allows it.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl, description: 'This server' }],
    security: [{ subscriptionKey: [], oauth2: [] }],
    tags: [
      { name: 'Updates', description: 'Updates on a student (E1–E4).' },
      { name: 'Data insights', description: 'Data insights (E5, E6).' },
      { name: 'Alerts', description: 'Alerts and their lowering (E7–E9).' },
      { name: 'Encouragements', description: 'Encouragements and their types (E10, E11).' },
      { name: 'Triggers', description: 'Data insight definitions (E12, E13).' },
      { name: 'Categories', description: 'Notation categories (E14).' },
      { name: 'People', description: 'People and success networks (E15, E16).' },
      { name: 'Non-cognitive', description: 'Administrations and factor scores (E17–E19).' },
      { name: 'Auth', description: 'OAuth 2.0 client credentials (decisions §6).' },
      { name: 'Meta', description: 'This document.' },
      { name: 'Extensions', description: 'Operations of the reference backend beyond service.md (decisions §9).' },
    ],
    components: {
      securitySchemes: {
        subscriptionKey: { type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key', description: "The client's subscription key." },
        oauth2: {
          type: 'oauth2',
          description: 'A bearer token from the client-credentials flow (a bare token is accepted too).',
          flows: { clientCredentials: { tokenUrl: `${serverUrl}${OPERATIONS['auth.token'].path}`, scopes: {} } },
        },
      },
      headers: HEADERS,
      schemas,
    },
    paths,
  };
}
