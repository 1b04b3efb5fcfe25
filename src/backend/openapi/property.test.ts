/**
 * A property-based run driven by /openapi.json (issue #17, in the spirit of Schemathesis): for
 * every operation, requests generated from the documented parameter and body schemas (valid ones,
 * with the seed's real ids from the document's examples, and invalid ones breaking one documented
 * rule each) go to a real reference backend, and every answer must agree with the document: no
 * 5xx, a documented status, the documented media type, a body valid against the documented
 * schema, the documented headers (Location on 201, ETag on a GET's 200 and 304, Allow on 405,
 * WWW-Authenticate on 401). A valid query is never refused (200, or 404 where documented); an
 * invalid parameter or body always is (400). Fixed seed, bounded runs: the same requests every time.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '../../api/operations.ts';
import { parseDateBound } from '../../lib/dates.ts';
import { startBackend, type TestBackend } from '../../testing/backend.ts';
import { send } from './send.ts';
import { brokenBodies, invalidPathValues, invalidQueryValues, resolverOf, validArb, type Resolve, type Schema } from './arbitraries.ts';

const SEED = Number(process.env.PROPERTY_SEED ?? 20_260_601);
/** Valid requests per operation; PROPERTY_RUNS=200 for a deeper run by hand. */
const VALID_RUNS = Number(process.env.PROPERTY_RUNS ?? 14);

let backend: TestBackend;
let doc: Schema;
let resolve: Resolve;
let ajv: Ajv2020;
const BASE_ID = 'https://openapi.test/property.json';

beforeAll(async () => {
  backend = await startBackend();
  doc = await (await send(`${backend.baseUrl}/openapi.json`)).json();
  resolve = resolverOf(doc);
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  ajv = new Ajv2020({ strict: false, allErrors: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...doc, $id: BASE_ID });
}, 120_000);
afterAll(() => backend.close());

const pointer = (...segments: string[]) => `#/${segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
const validators = new Map<string, ValidateFunction>();
function validatorAt(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.getSchema(`${BASE_ID}${ref}`);
    if (!validate) throw new Error(`no schema at ${ref}`);
    validators.set(ref, validate);
  }
  return validate;
}

interface Request {
  /** What the run meant to send, for the failure message. */
  why: string;
  method: string;
  path: Record<string, string>;
  query: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  /** The statuses the document allows for this request (beyond "documented for the operation"). */
  expect?: number[];
}

const serialize = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(',') : String(value));

function urlOf(template: string, request: Request): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.path[name] ?? ''));
  const query = new URLSearchParams(request.query).toString();
  return `${backend.baseUrl}${path}${query ? `?${query}` : ''}`;
}

/** Sends a request and returns what disagrees with the document (nothing when all agrees). */
async function disagreements(template: string, method: string, operation: Schema, request: Request): Promise<string[]> {
  const url = urlOf(template, request);
  const headers: Record<string, string> = { ...backend.headers, ...request.headers };
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  const response = await send(url, { method: request.method, headers, ...(request.body !== undefined ? { body: request.body } : {}) });
  const text = await response.text();
  const where = `${request.method} ${url.slice(backend.baseUrl.length, 300)} (${request.why}) → ${response.status}`;
  const problems: string[] = [];
  const fail = (what: string) => problems.push(`${where}: ${what} ${text.slice(0, 300)}`);
  if (response.status >= 500) fail('a server error');
  const documented = operation.responses[String(response.status)];
  if (!documented) {
    fail('an undocumented status');
    return problems;
  }
  if (request.expect && !request.expect.includes(response.status)) fail(`expected ${request.expect.join(' or ')}`);
  for (const [name, header] of Object.entries<Schema>(documented.headers ?? {})) {
    if (resolve(header).required && !response.headers.has(name)) fail(`no ${name} header`);
  }
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim();
  if (!documented.content) {
    if (text !== '') fail('a body where the document says none');
    return problems;
  }
  const media = contentType && documented.content[contentType] ? contentType : undefined;
  if (!media) {
    fail(`content-type ${contentType} is not one of ${Object.keys(documented.content).join(', ')}`);
    return problems;
  }
  const validate = validatorAt(pointer('paths', template, method, 'responses', String(response.status), 'content', media, 'schema'));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail('a body that is not JSON');
    return problems;
  }
  if (!validate(body)) fail(`a body outside its schema: ${ajv.errorsText(validate.errors)}`);
  return problems;
}

/** The operation's parameters by where they go. */
function parametersOf(operation: Schema): { path: Schema[]; query: Schema[] } {
  const parameters: Schema[] = operation.parameters ?? [];
  return { path: parameters.filter((p) => p.in === 'path'), query: parameters.filter((p) => p.in === 'query') };
}

/** Path values from the document's examples (the seed's real ids). */
function examplePath(path: Schema[]): Record<string, string> {
  return Object.fromEntries(path.map((p) => [p.name, serialize(p.example)]));
}

const RANGES = [
  ['createdOnStart', 'createdOnEnd'],
  ['createOnStart', 'createdOnEnd'],
  ['modifiedOnStart', 'modifiedOnEnd'],
] as const;

/**
 * The one rule JSON Schema cannot state, which the parameters' descriptions do: a range's start is
 * not after its end. A generated range is put in order (its end dropped when the two bounds are
 * the same day and still out of order).
 */
function ordered(query: Record<string, string>): { query: Record<string, string> } {
  const out = { ...query };
  for (const [start, end] of RANGES) {
    const [s, e] = [out[start], out[end]];
    if (s === undefined || e === undefined) continue;
    if (parseDateBound(s, 'start')! > parseDateBound(e, 'end')!) [out[start], out[end]] = [e, s];
    if (parseDateBound(out[start]!, 'start')! > parseDateBound(out[end]!, 'end')!) delete out[end];
  }
  return { query: out };
}

function validRequests(method: string, operation: Schema, runs: number): Request[] {
  const { path, query } = parametersOf(operation);
  const pathArb = fc.record(
    Object.fromEntries(
      path.map((p) => [
        p.name,
        fc.oneof({ arbitrary: fc.constant(p.example), weight: 4 }, { arbitrary: validArb(p.schema, resolve), weight: 1 }).map(serialize),
      ]),
    ),
  );
  const queryArb = fc.record(Object.fromEntries(query.map((p) => [p.name, validArb(p.schema, resolve).map(serialize)])), { requiredKeys: [] });
  const media = operation.requestBody?.content?.['application/json'];
  const bodyArb: fc.Arbitrary<unknown> = media
    ? fc.oneof({ arbitrary: fc.constant(media.example), weight: 2 }, { arbitrary: validArb(media.schema, resolve), weight: 3 })
    : fc.constant(undefined);
  const requests = fc.sample(fc.record({ path: pathArb, query: queryArb, body: bodyArb }), { seed: SEED, numRuns: runs });
  return requests.map(({ path: p, query: q, body }) => ({
    ...ordered(q as Record<string, string>),
    why: 'valid',
    method: method.toUpperCase(),
    path: p as Record<string, string>,
    ...(media ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    // A valid query is accepted: found, or (where documented) not found. A valid body is never
    // refused for its form (413, 415); the seed's rules may still refuse what it names (400, 404, 409).
    expect:
      method === 'get'
        ? [200, 404]
        : Object.keys(operation.responses)
            .map(Number)
            .filter((s) => s < 500 && ![401, 405, 413, 415].includes(s)),
  }));
}

function invalidRequests(method: string, operation: Schema, template: string): Request[] {
  const { path, query } = parametersOf(operation);
  const okPath = examplePath(path);
  const M = method.toUpperCase();
  const media = operation.requestBody?.content?.['application/json'];
  const withBody = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => ({ body, headers });
  const validBody: { body?: string; headers?: Record<string, string> } = media ? withBody(JSON.stringify(media.example)) : {};
  const out: Request[] = [];
  for (const p of path) {
    for (const value of invalidPathValues(p.schema))
      out.push({ why: `path ${p.name}=${value}`, method: M, path: { ...okPath, [p.name]: value }, query: {}, ...validBody, expect: [400] });
  }
  for (const p of query) {
    for (const value of invalidQueryValues(p.schema))
      out.push({ why: `query ${p.name}=${value.slice(0, 40)}`, method: M, path: okPath, query: { [p.name]: value }, expect: [400] });
  }
  const names = new Set(query.map((p) => p.name));
  for (const [start, end] of RANGES) {
    if (names.has(start) && names.has(end)) {
      out.push({ why: `${start} after ${end}`, method: M, path: okPath, query: { [start]: '2026-05-02', [end]: '2026-05-01' }, expect: [400] });
    }
  }
  if (media) {
    for (const broken of brokenBodies(media.schema, media.example, resolve)) {
      out.push({ why: broken.why, method: M, path: okPath, query: {}, ...withBody(JSON.stringify(broken.body)), expect: [400] });
    }
    out.push({ why: 'malformed JSON', method: M, path: okPath, query: {}, ...withBody('{"details": '), expect: [400] });
    out.push({ why: 'no body', method: M, path: okPath, query: {}, ...withBody(''), expect: [400] });
    out.push({
      why: 'text/plain',
      method: M,
      path: okPath,
      query: {},
      ...withBody(JSON.stringify(media.example), { 'content-type': 'text/plain' }),
      expect: [415],
    });
    out.push({ why: 'over 1 MiB', method: M, path: okPath, query: {}, ...withBody(JSON.stringify({ details: 'x'.repeat(1_100_000) })), expect: [413] });
  }
  if (operation.security === undefined) {
    for (const [why, headers] of [
      ['no credentials', { Authorization: '', 'Ocp-Apim-Subscription-Key': '' }],
      ['no subscription key', { 'Ocp-Apim-Subscription-Key': '' }],
      ['an unknown token', { Authorization: 'Bearer not-a-token' }],
    ] as const) {
      out.push({ why, method: M, path: okPath, query: {}, ...validBody, headers: { ...validBody.headers, ...headers }, expect: [401] });
    }
  }
  const methods = Object.keys(doc.paths[template]).map((m) => m.toUpperCase());
  const unsupported = ['DELETE', 'PATCH', 'PUT', 'POST'].find((m) => !methods.includes(m));
  if (unsupported && M === methods[0]) out.push({ why: `${unsupported} is not supported`, method: unsupported, path: okPath, query: {}, expect: [405] });
  return out;
}

describe('the document and the server agree (property-based, driven by /openapi.json)', () => {
  const names = OPERATION_NAMES.filter((name) => name !== 'auth.token');
  it.each(names)(
    '%s',
    async (name: OperationName) => {
      const spec = OPERATIONS[name];
      const template = spec.path;
      const method = spec.method;
      const operation = doc.paths[template][method];
      const requests = [...validRequests(method, operation, VALID_RUNS), ...invalidRequests(method, operation, template)];
      const problems: string[] = [];
      for (const request of requests) problems.push(...(await disagreements(template, method, operation, request)));
      if (method === 'get' && operation.responses['304']) {
        const { path } = parametersOf(operation);
        const first = await send(urlOf(template, { why: '', method: 'GET', path: examplePath(path), query: {} }), { headers: backend.headers });
        const etag = first.headers.get('etag');
        if (!etag) problems.push(`${name}: no ETag on ${first.status}`);
        else
          problems.push(
            ...(await disagreements(template, method, operation, {
              why: 'If-None-Match',
              method: 'GET',
              path: examplePath(path),
              query: {},
              headers: { 'if-none-match': etag },
              expect: [304],
            })),
          );
      }
      expect(problems).toEqual([]);
      expect(requests.length).toBeGreaterThanOrEqual(VALID_RUNS);
    },
    120_000,
  );

  it('auth.token', async () => {
    const operation = doc.paths[OPERATIONS['auth.token'].path].post;
    const form = operation.requestBody.content['application/x-www-form-urlencoded'];
    const post = (why: string, fields: Record<string, string>, expect: number[]) =>
      disagreements(OPERATIONS['auth.token'].path, 'post', operation, {
        why,
        method: 'POST',
        path: {},
        query: {},
        headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: '', 'Ocp-Apim-Subscription-Key': '' },
        body: new URLSearchParams(fields).toString(),
        expect,
      });
    const problems = [
      ...(await post('the example', form.example, [200])),
      ...(await post('another grant', { ...form.example, grant_type: 'password' }, [400])),
      ...(await post('no grant', { client_id: form.example.client_id }, [400])),
      ...(await post('a wrong secret', { ...form.example, client_secret: 'wrong' }, [401])),
      ...(await post('no client', { grant_type: 'client_credentials' }, [401])),
    ];
    expect(problems).toEqual([]);
  });
});
