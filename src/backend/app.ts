import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { registerTokenEndpoint, requireCredentials } from './tokens/auth.routes.ts';
import { createTokenStore, type ClientProfile } from './tokens/tokens.ts';
import { compression } from '../http/compression.ts';
import { etag } from '../http/etag.ts';
import { createHrefs } from './http/hrefs.ts';
import { OPERATIONS, OPERATION_NAMES } from '../api/operations.ts';
import { honoPath, operationsOf, register, type Operation } from './http/operation.ts';
import { ProblemError, problemBody, problemResponse } from '../http/problem.ts';
import { openDatabase } from './db/open.ts';
import { isDocsPath, registerDocs } from './openapi/docs.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { EXAMPLE_BASE, collectExamples, type Examples } from './openapi/examples.ts';
import { createRepositories } from './repositories/index.ts';
import { categoryHandlers } from './routes/categories.routes.ts';
import { noncognitiveHandlers } from './routes/noncognitive.routes.ts';
import { notationHandlers } from './routes/notations.routes.ts';
import { peopleHandlers } from './routes/people.routes.ts';
import { triggerHandlers } from './routes/triggers.routes.ts';

export const BASE_PATH = '/api';

/** The operation table (src/api/operations.ts) with each operation's handler attached by name. */
export const operations: readonly Operation[] = operationsOf({
  ...notationHandlers,
  ...triggerHandlers,
  ...categoryHandlers,
  ...peopleHandlers,
  ...noncognitiveHandlers,
});

export interface AppOptions {
  db: DatabaseSync;
  clients: readonly ClientProfile[];
  tokenTtlSeconds: number;
  /** Overrides the base URL in every href (decisions §1); otherwise the request's origin + /api. */
  publicBaseUrl?: string | undefined;
  /** Where real faults are reported (never to the caller). */
  logError?: (correlationId: string, error: unknown) => void;
}

/** Every route's path as a regular expression, for 405 with Allow on a known path. */
function methodTable() {
  const table = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  const add = (path: string, method: string) => {
    const source = `^${BASE_PATH}${honoPath(path).replace(/\/$/, '').replace(/:\w+/g, '[^/]+')}/?$`;
    const entry = table.get(source) ?? { pattern: new RegExp(source), methods: new Set<string>() };
    entry.methods.add(method.toUpperCase());
    table.set(source, entry);
  };
  for (const name of OPERATION_NAMES) add(OPERATIONS[name].path, OPERATIONS[name].method);
  return (path: string): string[] => {
    const allowed = new Set<string>();
    for (const { pattern, methods } of table.values()) if (pattern.test(path)) for (const m of methods) allowed.add(m);
    return [...allowed];
  };
}

/** The reference backend (E1–E19 and the extensions) as a Hono app over one database. */
export function createApp(options: AppOptions): Hono {
  const repos = createRepositories(options.db);
  const tokens = createTokenStore(options.clients, options.tokenTtlSeconds);
  const app = new Hono({ strict: false });
  const allowedMethods = methodTable();
  const logError = options.logError ?? ((id, error) => console.error(`[${new Date().toISOString()}] ${id}`, error));
  const baseUrl = (requestUrl: string) => options.publicBaseUrl?.replace(/\/$/, '') ?? `${new URL(requestUrl).origin}${BASE_PATH}`;

  app.onError((error) => {
    if (error instanceof ProblemError) {
      return problemResponse(
        problemBody(error.status, error.detail, { ...(error.errors ? { errors: error.errors } : {}), ...(error.typeSlug ? { typeSlug: error.typeSlug } : {}) }),
        error.headers,
      );
    }
    // A malformed percent-escape in the path or query is bad input, not a fault.
    if (error instanceof URIError) return problemResponse(problemBody(400, 'The URL has a malformed percent-encoding'));
    if (error instanceof HTTPException && error.status < 500) return problemResponse(problemBody(error.status, error.message));
    const correlationId = randomUUID();
    logError(correlationId, error);
    return problemResponse(
      problemBody(500, `An internal error occurred. Please contact support and quote the correlation id ${correlationId}.`, {
        instance: `urn:uuid:${correlationId}`,
        correlationId,
      }),
    );
  });

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      return problemResponse(problemBody(405, `${c.req.method} is not supported on ${path}; use ${allowed.join(', ')}`), {
        allow: allowed.join(', '),
      });
    }
    return problemResponse(problemBody(404, `Nothing is at ${path}`));
  });

  // Compressed as the request accepts (outermost, so it sees the tagged or 304 answer), then tagged.
  app.use(`${BASE_PATH}/*`, compression());
  app.use(`${BASE_PATH}/*`, etag());

  app.get(`${BASE_PATH}${OPERATIONS.openapi.path}`, async (c) => c.json(buildOpenApiDocument(baseUrl(c.req.url), await documentExamples())));
  registerDocs(app, BASE_PATH);
  registerTokenEndpoint(app, BASE_PATH, tokens);

  const guard = requireCredentials(tokens);
  const PUBLIC_PATHS = new Set([OPERATIONS['auth.token'].path, OPERATIONS.openapi.path].map((p) => `${BASE_PATH}${p}`));
  app.use(`${BASE_PATH}/*`, async (c, next) => {
    const path = new URL(c.req.url).pathname.replace(/\/$/, '');
    if (PUBLIC_PATHS.has(path) || isDocsPath(path, BASE_PATH)) return next();
    return guard(c, next);
  });

  const env = { repos, hrefsFor: (c: { req: { url: string } }) => createHrefs(baseUrl(c.req.url)) };
  for (const op of operations) register(app, BASE_PATH, op, env);
  return app;
}

const EXAMPLE_CLIENT = { clientId: 'examples', clientSecret: 'examples-secret', subscriptionKey: 'examples-key' };
let examples: Promise<Examples> | undefined;

/**
 * The document's examples: answers of a backend over the demo seed (seed 1, 2026-06-01), made
 * once per process and the same whatever this backend's data.
 */
export function documentExamples(): Promise<Examples> {
  examples ??= (async () => {
    const { db } = openDatabase({ path: ':memory:', seed: 1, scale: 1, now: new Date('2026-06-01T00:00:00Z') });
    try {
      const app = createApp({ db, clients: [EXAMPLE_CLIENT], tokenTtlSeconds: 3600 });
      const tokenResponse = await app.request(`${EXAMPLE_BASE}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: EXAMPLE_CLIENT.clientId, client_secret: EXAMPLE_CLIENT.clientSecret }),
      });
      const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
      const headers = { authorization: `Bearer ${token}`, 'ocp-apim-subscription-key': EXAMPLE_CLIENT.subscriptionKey };
      return await collectExamples(async (path) => {
        const response = await app.request(`${EXAMPLE_BASE}${path}`, { headers });
        if (!response.ok) throw new Error(`example GET ${path} answered ${response.status}`);
        return response.json();
      });
    } finally {
      db.close();
    }
  })();
  examples.catch(() => {
    examples = undefined;
  });
  return examples;
}
