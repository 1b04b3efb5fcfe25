import { OPERATIONS, OPERATION_NAMES, pathFor, type OperationName, type OperationSpec } from '../api/operations.ts';
import { ProblemError } from '../http/problem.ts';

/**
 * Which operation of the table (src/api/operations.ts) an /api request is (#27): matched on the
 * path's decoded segments (canonical-path.ts), case-sensitive as the contract is, with or without
 * a trailing slash. The permission check, the journal, the actor stamp and the forwarded path all
 * take this answer; nothing downstream reads the raw path again.
 */
export interface ApiCall {
  name: OperationName;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  /** The operation's own path with these parameters, as forwarded (below the API base). */
  path: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    apiCall: ApiCall;
  }
}

/** The browser may never ask for a token: the token endpoint is the gateway's alone. */
const NOT_THROUGH_THE_GATEWAY = new Set<OperationName>(['auth.token']);

interface Template {
  name: OperationName;
  method: string;
  /** Literal segments as strings, parameters as `{ param }`. */
  segments: (string | { param: string })[];
}

const TEMPLATES: Template[] = OPERATION_NAMES.filter((name) => !NOT_THROUGH_THE_GATEWAY.has(name)).map((name) => {
  const spec: OperationSpec = OPERATIONS[name];
  const segments = spec.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param ? { param } : segment;
    });
  return { name, method: spec.method.toUpperCase(), segments };
});

function bind(template: Template, segments: readonly string[]): Record<string, string> | undefined {
  if (template.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const part = template.segments[i]!;
    if (typeof part === 'string') {
      if (part !== segments[i]) return undefined;
    } else params[part.param] = segments[i]!;
  }
  return params;
}

export type Resolution = { found: ApiCall } | { allow: string[] } | { unknown: true };

/** The operation `method` on `segments` (below /api) names, the methods its path allows, or neither. */
export function resolveApiCall(method: string, segments: readonly string[]): Resolution {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allow = new Set<string>();
  // Table order: a literal segment is listed before a parameter that could take its name (`types`).
  for (const template of TEMPLATES) {
    const params = bind(template, segments);
    if (!params) continue;
    if (template.method === wanted) return { found: { name: template.name, params, path: pathFor(template.name, params) } };
    allow.add(template.method);
    if (template.method === 'GET') allow.add('HEAD');
  }
  return allow.size > 0 ? { allow: [...allow] } : { unknown: true };
}

/** The call, or the 404 / 405 the gateway answers itself (nothing is forwarded). */
export function apiCallOrRefusal(method: string, segments: readonly string[]): ApiCall {
  const resolution = resolveApiCall(method, segments);
  if ('found' in resolution) return resolution.found;
  const shown = `/api/${segments.map(encodeURIComponent).join('/')}`.slice(0, 300);
  if ('allow' in resolution) {
    const allow = resolution.allow.join(', ');
    throw new ProblemError(405, `${method.slice(0, 20)} is not supported on ${shown}; use ${allow}`, { headers: { allow } });
  }
  throw new ProblemError(404, `No operation of the API is at ${shown} (paths are case-sensitive)`);
}
