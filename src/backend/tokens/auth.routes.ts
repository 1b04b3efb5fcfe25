import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { OAuthError } from '../../api/schemas/index.ts';
import { MAX_BODY_BYTES } from '../../http/body.ts';
import { ProblemError } from '../../http/problem.ts';
import type { TokenStore } from './tokens.ts';

const BEARER_CHALLENGE = 'Bearer realm="student-success"';

/** Both headers on every operation (decisions §6); a bare token is accepted as well as `Bearer x`. */
export function requireCredentials(tokens: TokenStore): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header('ocp-apim-subscription-key')?.trim();
    const authorization = c.req.header('authorization')?.trim();
    const refuse = (detail: string, name: string, invalidToken = false) => {
      throw new ProblemError(401, detail, {
        headers: { 'www-authenticate': invalidToken ? `${BEARER_CHALLENGE}, error="invalid_token"` : BEARER_CHALLENGE },
        errors: [{ in: 'header', name, message: detail }],
      });
    };
    if (!key) return refuse('The Ocp-Apim-Subscription-Key header is missing', 'Ocp-Apim-Subscription-Key');
    if (!authorization) return refuse('The Authorization header is missing', 'Authorization');
    const token = authorization.replace(/^bearer\s+/i, '').trim();
    if (!tokens.knownSubscriptionKey(key)) return refuse('The subscription key is not known', 'Ocp-Apim-Subscription-Key');
    const why = tokens.check(token, key);
    if (why) return refuse(why, 'Authorization', true);
    await next();
  };
}

function oauthError(c: Context, status: 400 | 401, error: OAuthError['error'], description: string, headers: Record<string, string> = {}) {
  return c.json({ error, error_description: description } satisfies OAuthError, status, {
    'cache-control': 'no-store',
    pragma: 'no-cache',
    ...headers,
  });
}

function basicCredentials(header: string | undefined): [string, string] | null | 'malformed' {
  if (!header || !/^basic\s+/i.test(header)) return null;
  try {
    const decoded = Buffer.from(header.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return 'malformed';
    // RFC 6749 §2.3.1: both parts are form-urlencoded before Basic encoding.
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return [decode(decoded.slice(0, colon)), decode(decoded.slice(colon + 1))];
  } catch {
    return 'malformed';
  }
}

/** POST {base}/oauth2/token: RFC 6749 §4.4 client credentials, errors in §5.2's form. */
export function registerTokenEndpoint(app: Hono, basePath: string, tokens: TokenStore): void {
  app.post(`${basePath}/oauth2/token`, async (c) => {
    const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/x-www-form-urlencoded') {
      return oauthError(c, 400, 'invalid_request', 'Send the request as application/x-www-form-urlencoded');
    }
    if (Number(c.req.header('content-length') ?? '0') > MAX_BODY_BYTES) {
      return oauthError(c, 400, 'invalid_request', 'The request body is too large');
    }
    const form = new URLSearchParams(await c.req.text());
    for (const name of ['grant_type', 'client_id', 'client_secret']) {
      if (form.getAll(name).length > 1) return oauthError(c, 400, 'invalid_request', `The parameter ${name} is repeated`);
    }
    const grantType = form.get('grant_type');
    if (!grantType) return oauthError(c, 400, 'invalid_request', 'The parameter grant_type is missing');
    if (grantType !== 'client_credentials') {
      return oauthError(c, 400, 'unsupported_grant_type', 'Only the client_credentials grant is supported');
    }
    const basic = basicCredentials(c.req.header('authorization'));
    const formId = form.get('client_id');
    const formSecret = form.get('client_secret');
    if (basic && (formId !== null || formSecret !== null)) {
      return oauthError(c, 400, 'invalid_request', 'Use one client authentication method, not both');
    }
    const challenge = { 'www-authenticate': 'Basic realm="student-success"' };
    if (basic === 'malformed') return oauthError(c, 401, 'invalid_client', 'The Basic credentials are malformed', challenge);
    const [clientId, clientSecret] = basic ?? [formId, formSecret];
    if (!clientId || clientSecret === null || clientSecret === undefined) {
      return oauthError(c, 401, 'invalid_client', 'Client authentication is required', challenge);
    }
    const client = tokens.authenticateClient(clientId, clientSecret);
    if (!client) return oauthError(c, 401, 'invalid_client', 'Client authentication failed', challenge);
    const issued = tokens.issue(client);
    return c.json({ access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn }, 200, { 'cache-control': 'no-store', pragma: 'no-cache' });
  });
}
