import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { ProblemFieldError } from '../../api/schemas/index.ts';
import { OPERATIONS, OPERATION_NAMES, type OperationName, type OperationSpec } from '../../api/operations.ts';
import { PATH_PARAMS } from '../../api/query-params.ts';
import type { Repositories } from '../repositories/index.ts';
import { readJsonBody } from '../../http/body.ts';
import { respond } from '../../http/known-body.ts';
import type { Hrefs } from './hrefs.ts';
import { ProblemError } from '../../http/problem.ts';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HandlerContext<Q, B> {
  params: Record<string, string>;
  /** Number-typed path ids, validated as positive integers. */
  ids: Record<string, number>;
  query: Q;
  body: B;
  url: URL;
  hrefs: Hrefs;
  repos: Repositories;
  /** Query parameter names this operation accepts (kept in envelope links). */
  accepted: readonly string[];
}

type Spec<N extends OperationName> = (typeof OPERATIONS)[N];
type QueryOf<N extends OperationName> = Spec<N> extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
type BodyOf<N extends OperationName> = Spec<N> extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;

export type Handler<N extends OperationName> = (ctx: HandlerContext<QueryOf<N>, BodyOf<N>>) => Reply;

/** The operations the app serves outside the handlers (the token endpoint, the document). */
export type AppServed = 'auth.token' | 'openapi';
export type HandledName = Exclude<OperationName, AppServed>;

/** One handler per operation of the table, attached by name (src/backend/routes/*). */
export type Handlers = { [N in HandledName]: Handler<N> };

/** A row of the operation table with its handler, as the server registers it. */
export type Operation = OperationSpec & {
  name: OperationName;
  operationId: string;
  handle: (ctx: HandlerContext<unknown, unknown>) => Reply;
};

/** The table joined with its handlers, in table order. */
export function operationsOf(handlers: Handlers): Operation[] {
  return OPERATION_NAMES.filter((name): name is HandledName => !(OPERATIONS[name] as OperationSpec).public).map((name) => ({
    ...(OPERATIONS[name] as OperationSpec),
    name,
    operationId: name,
    handle: handlers[name] as Operation['handle'],
  }));
}

/** The query parameter names an operation accepts (kept in envelope links). */
export function queryNames(op: OperationSpec): string[] {
  const schema = op.query;
  if (!schema) return [];
  const shape = (schema instanceof z.ZodObject ? schema : (schema as unknown as { def?: { in?: z.ZodObject } }).def?.in)?.shape;
  return shape ? Object.keys(shape) : [];
}

export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
}

function issuesToErrors(issues: z.core.$ZodIssue[], where: ProblemFieldError['in']): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  for (const issue of issues) {
    // A query parameter is named as sent (`expand`, not the item of its list that failed).
    const segments = where === 'query' ? issue.path.slice(0, 1) : issue.path;
    const path = segments
      .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
      .join('.')
      .replace(/\.\[/g, '[');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({ in: where, name: path ? `${path}.${key}` : key, message: 'is not a known field' });
      }
      continue;
    }
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    errors.push({ in: where, name: path || where, message: missing ? 'is required' : issue.message });
  }
  return errors;
}

export interface OperationEnv {
  repos: Repositories;
  hrefsFor: (c: Context) => Hrefs;
}

/** The query parameters of an operation that take a comma-separated list (`expand`, `identifiers`). */
function listNames(op: OperationSpec): Set<string> {
  const schema = op.query;
  if (!schema) return new Set();
  const shape = (schema instanceof z.ZodObject ? schema : (schema as unknown as { def?: { in?: z.ZodObject } }).def?.in)?.shape as
    Record<string, z.ZodType> | undefined;
  return new Set(
    Object.entries(shape ?? {})
      .filter(([, field]) => (z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as { type?: unknown }).type === 'array')
      .map(([name]) => name),
  );
}

/**
 * The query as one value a name (#31 item 17): a list parameter given more than once
 * (`expand=student&expand=categories`, as generated clients send arrays) is the list of them all;
 * any other parameter given twice is refused, never narrowed silently to its first value.
 */
export function queryValues(all: Record<string, string[]>, lists: ReadonlySet<string>, errors: ProblemFieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, values] of Object.entries(all)) {
    if (values.length === 1 || lists.has(name)) out[name] = values.join(',');
    else errors.push({ in: 'query', name, message: `is given ${values.length} times; give it once` });
  }
  return out;
}

/** Registers an operation: path ids → query → body are validated together, then the handler runs. */
export function register(app: Hono, basePath: string, op: Operation, env: OperationEnv): void {
  const names = queryNames(op);
  const lists = listNames(op);
  app.on(op.method.toUpperCase(), `${basePath}${honoPath(op.path)}`, async (c) => {
    const errors: ProblemFieldError[] = [];
    const params = c.req.param() as Record<string, string>;
    const ids: Record<string, number> = {};
    for (const [name, type] of Object.entries(op.pathParams ?? {})) {
      const raw = params[name] ?? '';
      if (type === 'id') {
        // The schema /openapi.json documents; a larger id would be rounded by Number, so it is
        // refused, never looked up as another id.
        const parsed = PATH_PARAMS.id.safeParse(raw);
        if (parsed.success) ids[name] = parsed.data;
        else errors.push({ in: 'path', name, message: 'must be a positive integer of at most 9007199254740991' });
      }
    }
    let query: unknown = undefined;
    if (op.query) {
      const parsed = op.query.safeParse(queryValues(c.req.queries(), lists, errors));
      if (parsed.success) query = parsed.data;
      else errors.push(...issuesToErrors(parsed.error.issues, 'query'));
    }
    let body: unknown = undefined;
    if (op.body) {
      const raw = await readJsonBody(c);
      const parsed = op.body.safeParse(raw);
      if (parsed.success) body = parsed.data;
      else errors.push(...issuesToErrors(parsed.error.issues, 'body'));
    }
    if (errors.length > 0) {
      const summary = errors.map((e) => `${e.in} ${e.name}: ${e.message}`).join('; ');
      throw new ProblemError(400, `The request is not valid: ${summary}`, { errors });
    }
    const url = new URL(c.req.url);
    const reply = op.handle({ params, ids, query, body, url, hrefs: env.hrefsFor(c), repos: env.repos, accepted: names } as never);
    if (reply.status === 204) return c.body(null, 204, reply.headers);
    return respond(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
}
