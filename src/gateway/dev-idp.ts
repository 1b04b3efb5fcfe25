import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type Interaction, type KoaContextLike } from 'oidc-provider';
import { escapeHtml as escape, htmlPage as page } from './oidc-pages.ts';
import type { Logger } from './logging.ts';
import { groupsForRole, type Groups } from './permissions.ts';

/**
 * The development identity provider: a real OpenID provider (oidc-provider) on the dashboard's
 * own origin, so that the same OIDC code runs every day and in every test as in production. Its
 * login screen lists the seeded staff (no password); groups come from the seed's roles so that
 * every permission can be tried. Never runs in front of a real upstream (see stack.ts).
 */
export const DEV_IDP_PATH = '/dev-idp';

export interface DevIdpPerson {
  identifier: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export interface DevIdpOptions {
  /** The dashboard's origin; the issuer is `{publicUrl}/dev-idp`. */
  publicUrl: string;
  groups: Groups;
  /** Who can sign in: the stack hands it the reference backend's people (src/backend/people-directory.ts). */
  people: { get(identifier: string): DevIdpPerson | undefined; staff(): DevIdpPerson[] };
  /** Where what oidc-provider says about itself goes, as JSON lines like every other (#27). */
  logger?: Pick<Logger, 'info'>;
}

/**
 * oidc-provider writes its own notices to the console as plain text ("a quick start
 * development-only in-memory adapter is used", true and expected here): while it is being built,
 * they go to the gateway's logger instead.
 */
function withNoticesLogged<T>(logger: Pick<Logger, 'info'> | undefined, build: () => T): T {
  const target = console as { warn: (...args: unknown[]) => void; info: (...args: unknown[]) => void };
  const { warn, info } = target;
  // eslint-disable-next-line no-control-regex -- the provider colours its notices with ANSI escapes
  const ansi = /\u001b\[[0-9;]*m/g;
  const toLog = (...args: unknown[]) => logger?.info({ event: 'dev-idp' }, args.map(String).join(' ').replace(ansi, ''));
  target.warn = toLog;
  target.info = toLog;
  try {
    return build();
  } finally {
    target.warn = warn;
    target.info = info;
  }
}

export interface DevIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Serves everything under /dev-idp on the raw node request. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * For tests of GROUPS_RECHECK_S, in this process only (never over HTTP): the person's groups from
   * now on, as an identity administrator would change them (undefined: back to the seed's role).
   */
  setGroups(identifier: string, groups: readonly string[] | undefined): void;
  /** For tests: the account is disabled (or enabled again); renewing its claims is refused (invalid_grant). */
  setDisabled(identifier: string, disabled: boolean): void;
}

export function createDevIdp(options: DevIdpOptions): DevIdp {
  const issuer = `${options.publicUrl}${DEV_IDP_PATH}`;
  const clientId = 'student-success-dashboard';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') };
  const groupsOverride = new Map<string, readonly string[]>();
  const disabled = new Set<string>();

  const provider = withNoticesLogged(
    options.logger,
    () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            client_name: 'Student Success dashboard',
            redirect_uris: [`${options.publicUrl}/auth/callback`],
            post_logout_redirect_uris: [`${options.publicUrl}/auth/signed-out`],
            // refresh_token: the gateway rechecks the groups every GROUPS_RECHECK_S.
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        jwks: { keys: [jwk] },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        scopes: ['openid', 'offline_access', 'profile', 'email', 'groups'],
        // A refresh token with every sign-in, "Sign in as someone else" (prompt=login, which drops offline_access) included.
        issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
        // A new refresh token with every renewal, the old one refused from then on (and its reuse
        // taken for a theft): the strictest providers do this, so the gateway is held to it here.
        rotateRefreshToken: true,
        claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name', 'preferred_username'], email: ['email'], groups: ['groups'] },
        // Profile claims in the ID token itself (the gateway also reads UserInfo for providers that do not).
        conformIdTokenClaims: false,
        pkce: { required: () => true },
        findAccount: (_ctx: unknown, sub: string) => {
          const person = options.people.get(sub);
          if (!person || disabled.has(sub)) return undefined;
          return {
            accountId: sub,
            claims: () => ({
              sub,
              preferred_username: person.identifier,
              name: `${person.firstName} ${person.lastName}`,
              given_name: person.firstName,
              family_name: person.lastName,
              email: person.email,
              groups: [...(groupsOverride.get(sub) ?? groupsForRole(person.role, options.groups))],
            }),
          };
        },
        interactions: { url: (_ctx: unknown, interaction: Interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
        features: {
          devInteractions: { enabled: false },
          rpInitiatedLogout: {
            enabled: true,
            logoutSource: (ctx: KoaContextLike, form: string) => {
              ctx.body = page(
                'Sign out of the development provider',
                `${form}<p>You signed out of the dashboard. Also end your session with the development identity provider?</p>
             <p><button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign out</button>
             <button type="submit" form="op.logoutForm" class="secondary">No, stay signed in here</button></p>`,
              );
            },
            postLogoutSuccessSource: (ctx: KoaContextLike) => {
              ctx.body = page('Signed out', `<p>You are signed out of the development identity provider.</p><p><a href="/">Back to the dashboard</a></p>`);
            },
          },
        },
        renderError: (ctx: KoaContextLike, out: Record<string, string>) => {
          ctx.body = page(
            'Sign-in problem',
            `<p>${escape(out.error_description ?? out.error ?? 'Something went wrong')}</p><p><a href="/auth/sign-in">Start again</a></p>`,
          );
        },
        ttl: { Interaction: 600, Session: 10 * 3600, Grant: 10 * 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600, RefreshToken: 10 * 3600 },
      }),
  );
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== 'login') {
      // A first-party client: consent is given on the person's behalf.
      return finish(req, res, details, details.session?.accountId);
    }
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const identifier = (form.get('identifier') ?? form.get('other') ?? '').trim();
      const person = identifier ? options.people.get(identifier) : undefined;
      if (!person)
        return send(
          res,
          400,
          loginPage(
            details,
            options.people.staff(),
            options.groups,
            identifier ? `Nobody in the seed has the identifier '${identifier}'.` : 'Choose a person.',
          ),
        );
      return finish(req, res, details, person.identifier);
    }
    return send(res, 200, loginPage(details, options.people.staff(), options.groups));
  }

  async function finish(req: IncomingMessage, res: ServerResponse, details: Interaction, accountId: string | undefined): Promise<void> {
    if (!accountId) return provider.interactionFinished(req, res, { error: 'login_required', error_description: 'No person was chosen' });
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const claims = details.params.claims ? (JSON.parse(String(details.params.claims)) as Record<string, Record<string, unknown> | undefined>) : {};
    grant.addOIDCClaims([...Object.keys(claims.id_token ?? {}), ...Object.keys(claims.userinfo ?? {})]);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setGroups(identifier, groups) {
      if (groups) groupsOverride.set(identifier, [...groups]);
      else groupsOverride.delete(identifier);
    },
    setDisabled(identifier, off) {
      if (off) disabled.add(identifier);
      else disabled.delete(identifier);
    },
    async handle(req, res) {
      const url = req.url ?? '/';
      try {
        if (/^\/dev-idp\/interaction\/[\w-]+\/?(\?|$)/.test(url)) return await interaction(req, res);
        // oidc-provider under a path: it sees the rest, and finds its mount in originalUrl.
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
        req.url = url.slice(DEV_IDP_PATH.length) || '/';
        callback(req, res);
      } catch (error) {
        send(
          res,
          400,
          page(
            'Sign-in problem',
            `<p>${escape(error instanceof Error ? error.message : 'Something went wrong')}</p><p><a href="/auth/sign-in">Start again</a></p>`,
          ),
        );
      }
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 16_384) req.destroy(new Error('The form is too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(html);
}

function loginPage(details: Interaction, staff: DevIdpPerson[], groups: Groups, error?: string): string {
  const byRole = new Map<string, DevIdpPerson[]>();
  for (const person of [...staff].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))) {
    byRole.set(person.role, [...(byRole.get(person.role) ?? []), person]);
  }
  const sections = ['Staff', 'Advisor', 'Coach', 'Faculty']
    .filter((role) => byRole.has(role))
    .map(
      (role) =>
        `<section><h2>${escape(role)} <span class="groups">groups: ${escape(groupsForRole(role, groups).join(', '))}</span></h2><ul>${byRole
          .get(role)!
          .map(
            (p) =>
              `<li data-name="${escape(`${p.firstName} ${p.lastName} ${p.identifier}`.toLowerCase())}"><button type="submit" name="identifier" value="${escape(p.identifier)}">${escape(`${p.firstName} ${p.lastName}`)} <span class="id">${escape(p.identifier)}</span></button></li>`,
          )
          .join('')}</ul></section>`,
    )
    .join('');
  return page(
    'Sign in to the advisor dashboard',
    `<p class="notice"><strong>This is the development identity provider</strong> of the Student Success dashboard: pick a seeded person to sign in as. There is no password; it never runs in front of a real service.</p>
    ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
    <p><label for="filter">Filter staff</label> <input id="filter" type="search" autocomplete="off" placeholder="Name or identifier"></p>
    <form method="post" action="${DEV_IDP_PATH}/interaction/${escape(details.uid)}" aria-label="Staff">
      ${sections}
    </form>
    <form method="post" action="${DEV_IDP_PATH}/interaction/${escape(details.uid)}" class="other">
      <p><label for="other">Anyone else, by identifier (e.g. a student, to see the refusal)</label><br>
      <input id="other" name="other" autocomplete="off" placeholder="S000001"> <button type="submit">Sign in as this person</button></p>
    </form>`,
  );
}
