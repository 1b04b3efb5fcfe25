import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcSettings } from './config.ts';

/** What a finished sign-in tells the gateway about the person, from the provider's claims. */
export interface SignedInPerson {
  identifier: string;
  name?: string;
  /** The `email` claim (scope email): where notifications go (#32 item 7). */
  email?: string;
  groups: string[];
  idToken?: string;
  /** For GROUPS_RECHECK_S, when the provider gave one. */
  refreshToken?: string;
  /** The provider's `sub`. */
  subject?: string;
}

/** What the gateway remembers between sending the browser to the provider and its return. */
export interface PendingSignIn {
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

export class SignInError extends Error {}

/** The provider refused to renew the claims (invalid_grant: the grant was revoked, the account removed or disabled). */
export class RefreshRefused extends Error {
  override readonly name = 'RefreshRefused';
}

export interface OidcClient {
  /** The provider's authorization URL for a new sign-in, and what to keep until the callback. */
  start(returnTo: string, options?: { forceLogin?: boolean }): Promise<{ url: string; state: string; pending: PendingSignIn }>;
  /** Exchanges the callback's code (checking state, nonce, PKCE and the ID token) for the person. */
  finish(callbackSearch: string, state: string, pending: PendingSignIn): Promise<SignedInPerson>;
  /** The provider's end-session URL (RP-initiated logout), when it offers one. */
  endSessionUrl(idToken: string | undefined, postLogoutRedirectUri: string | undefined): Promise<string | undefined>;
  /**
   * The person's claims as the provider states them now (refresh-token grant, then UserInfo when
   * the ID token lacks them). RefreshRefused when the provider says no; any other error when it
   * could not be asked.
   */
  refresh?(refreshToken: string, subject: string | undefined): Promise<SignedInPerson>;
}

/**
 * The dashboard as an OpenID Connect relying party (openid-client): authorization code with
 * PKCE, state and nonce, the ID token validated by the library. Discovery runs on first use and
 * is retried after a failure, so the gateway starts even while the provider is still starting.
 */
export function createOidcClient(settings: OidcSettings, redirectUri: string): OidcClient {
  let configuration: Promise<client.Configuration> | undefined;
  /** The same client with the other secret method (basic ↔ post), tried once when the provider says invalid_client. */
  let alternate: client.Configuration | undefined;

  const configure = () => {
    configuration ??= discover().catch((error: unknown) => {
      configuration = undefined;
      throw new SignInError(`The identity provider at ${settings.issuer} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    });
    return configuration;
  };

  async function discover(): Promise<client.Configuration> {
    const execute = settings.allowInsecure ? [client.allowInsecureRequests] : [];
    const found = await client.discovery(new URL(settings.issuer), settings.clientId, undefined, client.None(), { execute, timeout: 10 });
    const server = found.serverMetadata();
    // client_secret_basic is the default registration (OpenID Connect Registration §2); post when only that is offered.
    const methods = server.token_endpoint_auth_methods_supported;
    const useBasic = !methods || methods.includes('client_secret_basic');
    const make = (basic: boolean) => {
      const config = new client.Configuration(
        server,
        settings.clientId,
        { client_secret: settings.clientSecret },
        basic ? client.ClientSecretBasic(settings.clientSecret) : client.ClientSecretPost(settings.clientSecret),
      );
      if (settings.allowInsecure) client.allowInsecureRequests(config);
      return config;
    };
    const bothOffered = !methods || (methods.includes('client_secret_basic') && methods.includes('client_secret_post'));
    alternate = bothOffered ? make(!useBasic) : undefined;
    return make(useBasic);
  }

  /** Asks for the claims the gateway reads, in the ways this provider says it understands. */
  function requestedScope(config: client.Configuration): string {
    const supported = config.serverMetadata().scopes_supported;
    // offline_access: a refresh token, to recheck the groups (GROUPS_RECHECK_S), where the provider needs it asked for.
    const wanted = ['openid', 'profile', 'email', settings.groupsClaim, 'offline_access'];
    return wanted
      .filter((scope) => scope === 'openid' || (scope === 'offline_access' ? supported?.includes(scope) : !supported || supported.includes(scope)))
      .filter((s, i, all) => all.indexOf(s) === i)
      .join(' ');
  }

  /**
   * What every authorization request of a configuration shares, worked out once: every page hit
   * of a person not signed in starts one, so it must be cheap (#27; serverMetadata() copies the
   * whole document on each call).
   */
  const fixedParameters = new WeakMap<client.Configuration, Record<string, string>>();
  const fixedFor = (config: client.Configuration) => {
    let fixed = fixedParameters.get(config);
    if (!fixed) {
      fixed = { redirect_uri: redirectUri, scope: requestedScope(config), code_challenge_method: 'S256' };
      if (config.serverMetadata().claims_parameter_supported) {
        const claims = Object.fromEntries(['name', 'email', settings.identifierClaim, settings.groupsClaim].map((c) => [c, null]));
        fixed.claims = JSON.stringify({ id_token: claims, userinfo: claims });
      }
      fixedParameters.set(config, fixed);
    }
    return fixed;
  };

  /** The person from the claims of a token answer (sign-in or refresh), with UserInfo's where the ID token lacks them. */
  async function personOf(
    config: client.Configuration,
    tokens: client.TokenEndpointResponse,
    idClaims: Record<string, unknown>,
    subject: string | undefined,
  ): Promise<SignedInPerson> {
    let claims = idClaims;
    // Many providers put profile claims in the UserInfo answer only: the ID token's own win.
    const missing = [settings.identifierClaim, settings.groupsClaim, 'name', 'email'].some((c) => claims[c] === undefined);
    if (missing && config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, subject ?? client.skipSubjectCheck);
        claims = { ...info, ...claims };
      } catch {
        // The ID token alone decides; a missing identifier is reported below.
      }
    }
    const identifier = claims[settings.identifierClaim];
    if (typeof identifier !== 'string' || identifier.trim() === '') {
      throw new SignInError(`The identity provider did not send the '${settings.identifierClaim}' claim (OIDC_IDENTIFIER_CLAIM) that names the person`);
    }
    return {
      identifier: identifier.trim(),
      ...(typeof claims.name === 'string' && claims.name.trim() ? { name: claims.name.trim() } : {}),
      ...(typeof claims.email === 'string' && claims.email.includes('@') ? { email: claims.email.trim() } : {}),
      groups: readGroups(claims[settings.groupsClaim]),
      ...(tokens.id_token ? { idToken: tokens.id_token } : {}),
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      ...(subject ? { subject } : {}),
    };
  }

  return {
    async start(returnTo, options = {}) {
      const config = await configure();
      // PKCE verifier, state and nonce: 32 random bytes each (RFC 7636 §4.1), from one draw; the
      // S256 challenge hashed here, synchronously.
      const random = randomBytes(96).toString('base64url');
      const codeVerifier = random.slice(0, 43);
      const state = random.slice(43, 86);
      const nonce = random.slice(86);
      const parameters: Record<string, string> = {
        ...fixedFor(config),
        code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
        state,
        nonce,
      };
      // "Sign in as someone else": the provider asks again instead of reusing its own session.
      if (options.forceLogin) parameters.prompt = 'login';
      const url = client.buildAuthorizationUrl(config, parameters);
      return { url: url.href, state, pending: { codeVerifier, nonce, returnTo } };
    },

    async finish(callbackSearch, state, pending) {
      let config = await configure();
      const grant = (with_: client.Configuration) =>
        client.authorizationCodeGrant(with_, new URL(`${redirectUri}${callbackSearch}`), {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        try {
          tokens = await grant(config);
        } catch (error) {
          // Registered for the other secret method: the provider refuses the client before using the code, so one retry is safe.
          if (!alternate || (error as { error?: unknown }).error !== 'invalid_client') throw error;
          tokens = await grant(alternate);
          [config, alternate] = [alternate, config];
          configuration = Promise.resolve(config);
        }
      } catch (error) {
        throw new SignInError(`The identity provider's answer was refused: ${error instanceof Error ? error.message : String(error)}`);
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw new SignInError('The identity provider sent no ID token');
      return personOf(config, tokens, { ...idClaims }, idClaims.sub);
    },

    async refresh(refreshToken, subject) {
      const config = await configure();
      let tokens: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
      try {
        tokens = await client.refreshTokenGrant(config, refreshToken);
      } catch (error) {
        if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
          throw new RefreshRefused(`The identity provider refused to renew the claims: ${error.error_description ?? error.error}`);
        }
        throw error;
      }
      const idClaims = tokens.claims();
      const person = await personOf(config, tokens, { ...idClaims }, idClaims?.sub ?? subject);
      // A provider that does not rotate refresh tokens sends none back: the one it took stays good.
      return { ...person, refreshToken: person.refreshToken ?? refreshToken };
    },

    async endSessionUrl(idToken, postLogoutRedirectUri) {
      let config: client.Configuration;
      try {
        config = await configure();
      } catch {
        return undefined;
      }
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      const parameters: Record<string, string> = { client_id: settings.clientId };
      if (idToken) parameters.id_token_hint = idToken;
      if (postLogoutRedirectUri) parameters.post_logout_redirect_uri = postLogoutRedirectUri;
      return client.buildEndSessionUrl(config, parameters).href;
    },
  };
}

/** Groups as an array of names, or one string (space- or comma-separated, as some providers send). */
function readGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}
