/**
 * Authentication: service.md "Authentication", decisions §5 (401) and §6.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { commentedAlert, type Api, expectProblem, expectStatus, type J, type ReqOptions, type Res, sleep, useBackend } from './helpers.ts';

const ctx = useBackend();

function tokenUrl(): string {
  return ctx.b.baseUrl + '/oauth2/token';
}

async function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}): Promise<Res> {
  const r = await fetch(tokenUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await r.text();
  const contentType = r.headers.get('content-type') ?? '';
  let body: J;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: r.status, headers: r.headers, text, body, contentType, url: tokenUrl() };
}

function basic(id: string, secret: string): string {
  return 'Basic ' + Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');
}

/** RFC 6749 §5.2 error response: JSON with `error` (+ optional description/uri). */
function expectOAuthError(r: Res, status: number, error: string): void {
  expectStatus(r, status);
  expect(r.contentType).toMatch(/^application\/json/);
  expect(r.body).toBeTypeOf('object');
  expect(r.body.error).toBe(error);
  if (r.body.error_description !== undefined) expect(r.body.error_description).toBeTypeOf('string');
  for (const k of Object.keys(r.body)) expect(['error', 'error_description', 'error_uri']).toContain(k);
}

function expect401(r: Res): void {
  expectProblem(r, 401);
  const wa = r.headers.get('www-authenticate') ?? '';
  expect(wa, 'WWW-Authenticate header').toMatch(/^Bearer\b/i);
}

interface Op {
  name: string;
  method: string;
  path: string;
  json?: unknown;
}

let ops: Op[] = [];
let student = '';
let staffId = '';

beforeAll(async () => {
  const api = ctx.api;
  const people = await api.ok('/people/', { role: 'Student', pageSize: 2 });
  student = people.values[0].identifier;
  const all = await api.all('/people/');
  staffId = all.find((p: J) => p.role !== 'Student').identifier;
  const upd = (await api.ok('/notations/updates/', { pageSize: 1 })).values[0];
  const di = (await api.ok('/notations/dataInsights/', { pageSize: 1 })).values[0];
  const { alerts, alert: alertWithComment, commentId } = await commentedAlert(api, 50);
  const enc = (await api.ok('/notations/encouragements/', { pageSize: 1 })).values[0];
  const typeHref: string = enc.type.href;
  const trig = (await api.ok('/notations/triggers/')).values[0];
  const cats = (await api.ok('/notations/categories/')).values as J[];
  const cat = cats[0];
  const adms = (await api.ok('/noncognitives/administrations/', { pageSize: 20 })).values as J[];
  let adm: J = adms[0];
  let factorsHref = `${api.base}/noncognitives/administrations/${adm.id}/results/${student}/factors`;
  let factorHref = `${api.base}/noncognitives/assessments/1/factors/1`;
  for (const a of adms) {
    const res = await api.ok(`/noncognitives/administrations/${a.id}/results`);
    if (res.values.length > 0) {
      adm = a;
      factorsHref = res.values[0].href;
      const fr = await api.ok(factorsHref);
      if (fr.values.length > 0) factorHref = fr.values[0].factor.href;
      break;
    }
  }

  const notationBody = { audienceType: 'All', canStudentView: true, createdBy: { identifier: staffId }, details: 'x', student: { identifier: student } };
  ops = [
    { name: 'E1', method: 'GET', path: '/notations/updates/' },
    { name: 'E2', method: 'GET', path: `/notations/updates/${upd.id}` },
    { name: 'E3', method: 'GET', path: `/notations/updates/${upd.id}/comments` },
    { name: 'E4', method: 'POST', path: '/notations/updates/', json: notationBody },
    { name: 'E5', method: 'GET', path: '/notations/dataInsights/' },
    { name: 'E6', method: 'GET', path: `/notations/dataInsights/${di.id}` },
    { name: 'E7', method: 'GET', path: '/notations/alerts/' },
    { name: 'E8', method: 'GET', path: `/notations/alerts/${alerts[0].id}/categories` },
    { name: 'E9', method: 'GET', path: `/notations/alerts/${alertWithComment.id}/comments/${commentId}` },
    { name: 'E10', method: 'GET', path: '/notations/encouragements/' },
    { name: 'E11', method: 'GET', path: typeHref },
    { name: 'E12', method: 'GET', path: `/notations/triggers/${trig.id}` },
    { name: 'E13', method: 'PATCH', path: `/notations/triggers/${trig.id}`, json: { modifiedBy: { identifier: staffId }, name: 'hacked' } },
    { name: 'E14', method: 'PUT', path: `/notations/categories/${cat.id}`, json: { isActive: !cat.isActive, name: 'hacked' } },
    { name: 'E15', method: 'GET', path: `/people/${student}/successNetwork` },
    { name: 'E16', method: 'PUT', path: `/people/${student}/successNetwork`, json: [] },
    { name: 'E17', method: 'GET', path: '/noncognitives/administrations/' },
    { name: 'E18', method: 'GET', path: factorsHref },
    { name: 'E19', method: 'GET', path: factorHref },
    { name: 'people', method: 'GET', path: `/people/${student}` },
    { name: 'people list', method: 'GET', path: '/people/' },
    { name: 'categories list', method: 'GET', path: '/notations/categories/' },
    { name: 'category', method: 'GET', path: `/notations/categories/${cat.id}` },
    { name: 'triggers list', method: 'GET', path: '/notations/triggers/' },
    { name: 'alert', method: 'GET', path: `/notations/alerts/${alerts[0].id}` },
    { name: 'encouragement', method: 'GET', path: `/notations/encouragements/${enc.id}` },
    { name: 'types', method: 'GET', path: '/notations/encouragements/types/' },
    { name: 'administration', method: 'GET', path: `/noncognitives/administrations/${adm.id}` },
    { name: 'results', method: 'GET', path: `/noncognitives/administrations/${adm.id}/results` },
    { name: 'POST alert', method: 'POST', path: '/notations/alerts/', json: notationBody },
    {
      name: 'POST alert comment',
      method: 'POST',
      path: `/notations/alerts/${alerts[0].id}/comments`,
      json: { createdBy: { identifier: staffId }, details: 'x' },
    },
    {
      name: 'POST update comment',
      method: 'POST',
      path: `/notations/updates/${upd.id}/comments`,
      json: { createdBy: { identifier: staffId }, details: 'x' },
    },
  ];
}, 60_000);

/** Every operation of `ops`, sent with `options` (and its body): each one answers 401, or the error names it. */
async function expect401OnEvery(api: Api, options: Pick<ReqOptions, 'auth' | 'headers'>): Promise<void> {
  for (const op of ops) {
    const r = await api.req(op.method, op.path, { ...options, ...(op.json !== undefined ? { json: op.json } : {}) });
    try {
      expect401(r);
    } catch (e) {
      throw new Error(`${op.name} ${op.method} ${op.path}: ${(e as Error).message}`, { cause: e });
    }
  }
}

async function snapshot(api: Api): Promise<string> {
  const [u, a, c, t, n] = await Promise.all([
    api.ok('/notations/updates/', { pageSize: 1 }),
    api.ok('/notations/alerts/', { pageSize: 1 }),
    api.ok('/notations/categories/', { pageSize: 1000 }),
    api.ok('/notations/triggers/', { pageSize: 1000 }),
    api.ok(`/people/${student}/successNetwork`),
  ]);
  return JSON.stringify([u.totalValues, a.totalValues, c.values, t.values, n.values]);
}

describe('both headers are required on every operation (service.md Authentication; decisions §6)', () => {
  it('no headers at all → 401 problem with WWW-Authenticate: Bearer, on every operation, and writes change nothing', async () => {
    const api = ctx.api;
    const before = await snapshot(api);
    await expect401OnEvery(api, { auth: false });
    expect(await snapshot(api)).toBe(before);
  });

  it.each<{ what: string; headers: Record<string, string> }>([
    { what: 'token without subscription key', headers: { 'Ocp-Apim-Subscription-Key': '' } },
    { what: 'subscription key without token', headers: { Authorization: '' } },
  ])('$what → 401 on every operation', async ({ headers }) => {
    await expect401OnEvery(ctx.api, { headers });
  });

  it('authorization is judged first: bad params, bodies or ids without credentials still get 401', async () => {
    const api = ctx.api;
    expect401(await api.get('/notations/updates/', { auth: false, query: { pageSize: 0, expand: 'nope' } }));
    expect401(await api.get('/notations/updates/abc', { auth: false }));
    expect401(await api.get('/notations/updates/999999999', { auth: false }));
    expect401(await api.get('/people/NOBODY-1', { auth: false }));
    expect401(await api.post('/notations/updates/', { nonsense: true }, { auth: false }));
    expect401(await api.post('/notations/updates/', undefined, { auth: false, raw: 'x', headers: { 'Content-Type': 'text/plain' } }));
    expect401(await api.put('/notations/categories/999999999', { isActive: true, name: 'x' }, { headers: { Authorization: 'Bearer nope' } }));
  });

  it('unknown token → 401', async () => {
    expect401(await ctx.api.get('/notations/updates/', { headers: { Authorization: 'Bearer not-a-real-token' } }));
    expect401(await ctx.api.get('/notations/updates/', { headers: { Authorization: 'not-a-real-token' } }));
    expect401(await ctx.api.get('/notations/updates/', { headers: { Authorization: 'Bearer ' } }));
  });

  it('unknown subscription key → 401', async () => {
    expect401(await ctx.api.get('/notations/updates/', { headers: { 'Ocp-Apim-Subscription-Key': 'not-a-real-key' } }));
    expect401(await ctx.api.get('/people/', { headers: { 'Ocp-Apim-Subscription-Key': ctx.b.subscriptionKey + 'x' } }));
  });

  it('the subscription key as bearer token (and vice versa) is refused', async () => {
    expect401(
      await ctx.api.get('/notations/updates/', {
        headers: { Authorization: `Bearer ${ctx.b.subscriptionKey}`, 'Ocp-Apim-Subscription-Key': ctx.b.token },
      }),
    );
  });

  it('"Bearer <token>" and a bare token are both accepted', async () => {
    const a = await ctx.api.get('/notations/updates/', { headers: { Authorization: `Bearer ${ctx.b.token}` }, query: { pageSize: 1 } });
    expectStatus(a, 200);
    const b = await ctx.api.get('/notations/updates/', { headers: { Authorization: ctx.b.token }, query: { pageSize: 1 } });
    expectStatus(b, 200);
  });

  it('the auth scheme name is case-insensitive (RFC 9110 §11.1): "bearer <token>" works', async () => {
    const r = await ctx.api.get('/notations/updates/', { headers: { Authorization: `bearer ${ctx.b.token}` }, query: { pageSize: 1 } });
    expectStatus(r, 200);
  });

  it('a write with a bad token changes nothing', async () => {
    const api = ctx.api;
    const before = await snapshot(api);
    for (const op of ops.filter((o) => o.method !== 'GET')) {
      const r = await api.req(op.method, op.path, {
        headers: { Authorization: 'Bearer nope' },
        ...(op.json !== undefined ? { json: op.json } : {}),
      });
      expect401(r);
    }
    expect(await snapshot(api)).toBe(before);
  });
});

describe('token endpoint POST {base}/oauth2/token (decisions §6, RFC 6749 §4.4 / §5)', () => {
  it('client credentials by HTTP Basic → 200 { access_token, token_type: "Bearer", expires_in }', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials' }, { Authorization: basic(ctx.b.clientId, ctx.b.clientSecret) });
    expectStatus(r, 200);
    expect(r.contentType).toMatch(/^application\/json/);
    expect(r.body.access_token).toBeTypeOf('string');
    expect(r.body.access_token.length).toBeGreaterThan(0);
    expect(r.body.token_type).toBe('Bearer');
    expect(r.body.expires_in).toBe(3600);
    // the new token works with the client's subscription key
    const use = await ctx.api.get('/notations/updates/', {
      headers: { Authorization: `Bearer ${r.body.access_token}` },
      query: { pageSize: 1 },
    });
    expectStatus(use, 200);
  });

  it('client credentials by form fields → 200', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials', client_id: ctx.b.clientId, client_secret: ctx.b.clientSecret });
    expectStatus(r, 200);
    expect(r.body.token_type).toBe('Bearer');
    expect(r.body.access_token).toBeTypeOf('string');
    expect(r.body.expires_in).toBeTypeOf('number');
    const use = await ctx.api.get('/people/', { headers: { Authorization: r.body.access_token }, query: { pageSize: 1 } });
    expectStatus(use, 200);
  });

  it('token response carries Cache-Control: no-store and Pragma: no-cache (RFC 6749 §5.1)', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials', client_id: ctx.b.clientId, client_secret: ctx.b.clientSecret });
    expectStatus(r, 200);
    expect(r.headers.get('cache-control') ?? '').toMatch(/no-store/);
    expect(r.headers.get('pragma') ?? '', 'Pragma: no-cache (RFC 6749 §5.1)').toMatch(/no-cache/);
  });

  it('the token endpoint needs neither the subscription key nor a bearer token', async () => {
    // tokenRequest sends no Ocp-Apim-Subscription-Key header
    const r = await tokenRequest({ grant_type: 'client_credentials' }, { Authorization: basic(ctx.b.clientId, ctx.b.clientSecret) });
    expectStatus(r, 200);
  });

  it('wrong secret (form) → 401 invalid_client', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials', client_id: ctx.b.clientId, client_secret: 'wrong' });
    expectOAuthError(r, 401, 'invalid_client');
  });

  it('wrong secret (Basic) → 401 invalid_client with WWW-Authenticate for the Basic scheme (RFC 6749 §5.2)', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials' }, { Authorization: basic(ctx.b.clientId, 'wrong') });
    expectOAuthError(r, 401, 'invalid_client');
    expect(r.headers.get('www-authenticate') ?? '').toMatch(/^Basic\b/i);
  });

  it('unknown client → 401 invalid_client', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' });
    expectOAuthError(r, 401, 'invalid_client');
  });

  it('no client authentication at all → 401 invalid_client', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials' });
    expectOAuthError(r, 401, 'invalid_client');
  });

  it('another grant type → 400 unsupported_grant_type', async () => {
    const r = await tokenRequest({ grant_type: 'password', username: 'a', password: 'b' }, { Authorization: basic(ctx.b.clientId, ctx.b.clientSecret) });
    expectOAuthError(r, 400, 'unsupported_grant_type');
    const r2 = await tokenRequest({ grant_type: 'authorization_code', code: 'x', client_id: ctx.b.clientId, client_secret: ctx.b.clientSecret });
    expectOAuthError(r2, 400, 'unsupported_grant_type');
  });

  it('missing grant_type → 400 invalid_request', async () => {
    const r = await tokenRequest({}, { Authorization: basic(ctx.b.clientId, ctx.b.clientSecret) });
    expectOAuthError(r, 400, 'invalid_request');
  });

  it('the token endpoint answers in RFC 6749 form, not problem+json', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' });
    expect(r.contentType).not.toMatch(/problem\+json/);
  });

  it('tokens from the endpoint are distinct from garbage: a tampered token is refused', async () => {
    const r = await tokenRequest({ grant_type: 'client_credentials', client_id: ctx.b.clientId, client_secret: ctx.b.clientSecret });
    const t: string = r.body.access_token;
    const tampered = t.slice(0, -1) + (t.endsWith('a') ? 'b' : 'a');
    expect401(await ctx.api.get('/notations/updates/', { headers: { Authorization: `Bearer ${tampered}` } }));
  });
});

describe('OpenAPI document (decisions §9)', () => {
  it('GET {base}/openapi.json answers 200 JSON without any auth header', async () => {
    const r = await fetch(ctx.b.baseUrl + '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type') ?? '').toMatch(/json/);
    const doc = (await r.json()) as J;
    expect(String(doc.openapi)).toMatch(/^3\./);
    expect(doc.paths).toBeTypeOf('object');
    const keys = Object.keys(doc.paths).join('\n');
    for (const p of [
      'notations/updates',
      'notations/dataInsights',
      'notations/alerts',
      'notations/encouragements',
      'notations/triggers',
      'notations/categories',
      'successNetwork',
      'noncognitives/administrations',
      'noncognitives/assessments',
    ]) {
      expect(keys, `openapi paths mention ${p}`).toContain(p);
    }
  });
});

describe('token expiry (decisions §5: expired token → 401; §6 configurable lifetime)', () => {
  const short = useBackend({ tokenTtlSeconds: 1 });

  it('a token past its lifetime is refused with 401', async () => {
    const url = short.b.baseUrl + '/oauth2/token';
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: short.b.clientId,
        client_secret: short.b.clientSecret,
      }).toString(),
    });
    expect(r.status).toBe(200);
    const tok = (await r.json()) as J;
    expect(tok.expires_in).toBe(1);
    const fresh = await short.api.get('/notations/categories/', { headers: { Authorization: `Bearer ${tok.access_token}` } });
    expectStatus(fresh, 200);
    await sleep(2100);
    const stale = await short.api.get('/notations/categories/', { headers: { Authorization: `Bearer ${tok.access_token}` } });
    expect401(stale);
  }, 15_000);
});
