import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/gateway.ts';
import { freePort, startExternalProvider, startStrictUpstream, type ExternalProvider, type StrictUpstream } from '../testing/proxy-fixtures.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';
import { remoteUpstream } from './upstream.ts';

/**
 * In front of a service with only E1–E19 (404 to every extension), signing in through an OpenID
 * provider of another origin: the identifier and name come from the provider's claims, never
 * from the people extension, and the groups decide who may sign in at all.
 */
let upstream: StrictUpstream;
let provider: ExternalProvider;
let gw: TestGateway;

beforeAll(async () => {
  upstream = await startStrictUpstream({ now: '2026-06-01' });
  const port = await freePort();
  provider = await startExternalProvider({
    redirectUri: `http://127.0.0.1:${port}/auth/callback`,
    people: {
      'ada.advisor': { name: 'Ada Advisor', groups: ['success-staff', 'success-network-editors'] },
      'sam.student': { name: 'Sam Student', groups: [] },
    },
  });
  gw = await startTestGateway({
    upstream: remoteUpstream({ url: upstream.url, tokenUrl: upstream.tokenUrl, ...upstream.credentials }),
    oidc: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      identifierClaim: 'preferred_username',
      groupsClaim: 'groups',
    },
    port,
  });
});
afterAll(async () => {
  await gw?.close();
  await provider?.close();
  await upstream?.close();
});

describe('proxy mode with an external provider', () => {
  it('signs in with the claims alone (the people extension answers 404) and proxies E1–E19', async () => {
    const result = await signInThroughProvider(gw.origin, 'ada.advisor', { start: '/auth/sign-in?returnTo=%2Falerts' });
    expect(result.landedOn).toBe(`${gw.origin}/alerts`);
    const session = await fetch(`${gw.origin}/session`, { headers: { cookie: result.cookie } });
    expect(session.status).toBe(200);
    const body = (await session.json()) as Record<string, unknown>;
    expect(body).toEqual({
      identifier: 'ada.advisor',
      name: 'Ada Advisor',
      groups: ['success-staff', 'success-network-editors'],
      permissions: { editCategories: false, editTriggers: false, editNetworks: true },
      requiredGroups: { staff: 'success-staff', admin: 'success-admins', network: 'success-network-editors', records: 'success-records' },
      accessPolicy: 'all-staff',
      alertResponseDays: 3,
    });
    expect(upstream.refused).toContain('GET /people/ada.advisor');
    const alerts = await fetch(`${gw.origin}/api/notations/alerts/?pageSize=1`, { headers: { cookie: result.cookie } });
    expect(alerts.status).toBe(200);
    const extension = await fetch(`${gw.origin}/api/people/S000001`, { headers: { cookie: result.cookie } });
    expect(extension.status).toBe(404);
  });

  it('refuses a person outside the staff group: a clear page, no session', async () => {
    const result = await signInThroughProvider(gw.origin, 'sam.student');
    expect(result.response.status).toBe(403);
    expect(result.cookie).toBe('');
    expect(await result.response.text()).toContain('success-staff');
  });
});

describe('a client registered for client_secret_post', () => {
  it('still signs in: the gateway retries the token request with the other secret method', async () => {
    const port = await freePort();
    const postProvider = await startExternalProvider({
      redirectUri: `http://127.0.0.1:${port}/auth/callback`,
      people: { 'ada.advisor': { name: 'Ada Advisor', groups: ['success-staff'] } },
      authMethod: 'client_secret_post',
    });
    const other = await startTestGateway({
      upstream: remoteUpstream({ url: upstream.url, tokenUrl: upstream.tokenUrl, ...upstream.credentials }),
      oidc: {
        issuer: postProvider.issuer,
        clientId: postProvider.clientId,
        clientSecret: postProvider.clientSecret,
        identifierClaim: 'preferred_username',
        groupsClaim: 'groups',
      },
      port,
    });
    try {
      const result = await signInThroughProvider(other.origin, 'ada.advisor');
      expect((await fetch(`${other.origin}/session`, { headers: { cookie: result.cookie } })).status).toBe(200);
    } finally {
      await other.close();
      await postProvider.close();
    }
  });
});
