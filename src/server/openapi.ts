import { z } from 'zod';
import { OAuthErrorSchema, ProblemSchema, TokenResponseSchema } from '../api/schemas/index.ts';
import type { Operation } from './http/operation.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function queryParameters(op: Operation) {
  const schema = op.query;
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, param]) => ({
    name,
    in: 'query',
    required: false,
    schema: jsonSchema(param, 'input'),
  }));
}

/** /openapi.json, generated from the same operations and zod schemas that serve the requests. */
export function buildOpenApiDocument(operations: readonly Operation[], serverUrl: string) {
  const problem = { 'application/problem+json': { schema: jsonSchema(ProblemSchema, 'output') } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const parameters = [
      ...Object.entries(op.pathParams ?? {}).map(([name, type]) => ({
        name,
        in: 'path',
        required: true,
        schema: type === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
      })),
      ...queryParameters(op),
    ];
    const responses = Object.fromEntries(
      Object.entries(op.responses).map(([status, r]) => {
        const content = r.schema
          ? { 'application/json': { schema: jsonSchema(r.schema, 'output') } }
          : Number(status) >= 400
            ? problem
            : undefined;
        return [status, { description: r.description, ...(content ? { content } : {}) }];
      }),
    );
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.ref === 'extension' ? 'Extension of the reference backend (decisions §9).' : `${op.ref} of service.md.`,
      tags: [op.tag],
      parameters,
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  paths['/oauth2/token'] = {
    post: {
      operationId: 'getToken',
      summary: 'OAuth 2.0 client credentials token (RFC 6749 §4.4)',
      tags: ['Auth'],
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['grant_type'],
              properties: { grant_type: { const: 'client_credentials' }, client_id: { type: 'string' }, client_secret: { type: 'string' } },
            },
          },
        },
      },
      responses: {
        200: { description: 'A token', content: { 'application/json': { schema: jsonSchema(TokenResponseSchema, 'output') } } },
        400: { description: 'RFC 6749 §5.2', content: { 'application/json': { schema: jsonSchema(OAuthErrorSchema, 'output') } } },
        401: { description: 'invalid_client', content: { 'application/json': { schema: jsonSchema(OAuthErrorSchema, 'output') } } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Student Success service (reference backend)',
      version: '1.0.0',
      description: 'E1–E19 of service.md with the decisions of decisions.md, plus the extensions of its §9.',
    },
    servers: [{ url: serverUrl }],
    security: [{ subscriptionKey: [], bearer: [] }],
    components: {
      securitySchemes: {
        subscriptionKey: { type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
        oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `${serverUrl}/oauth2/token`, scopes: {} } } },
      },
    },
    paths,
  };
}
