import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readGatewayConfig } from './config.ts';
import { createSession, readSession, type SessionOptions } from './session.ts';
import { memoryStore } from './session-store.ts';

describe('the session cookie', () => {
  it('over https: Secure, with the __Host- prefix, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const options: SessionOptions = { store: memoryStore(), secure: true, idleSeconds: 60, maxSeconds: 600 };
    const app = new Hono();
    app.get('/in', async (c) => {
      await createSession(c, options, { identifier: 'E0001', groups: ['success-staff'] });
      return c.body(null, 204);
    });
    app.get('/me', async (c) => c.json((await readSession(c, options))?.session ?? null));
    const res = await app.request('https://dashboard.example.edu/in');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__Host-ss_session=[\w-]{43};/);
    for (const attribute of [/; Secure/i, /; HttpOnly/i, /; SameSite=Lax/i, /; Path=\//]) expect(setCookie).toMatch(attribute);
    expect(setCookie).not.toMatch(/Domain=/i);
    const me = await app.request('https://dashboard.example.edu/me', { headers: { cookie: setCookie.split(';')[0]! } });
    expect(await me.json()).toMatchObject({ identifier: 'E0001', groups: ['success-staff'] });
  });
});

describe('the gateway environment', () => {
  const remote = {
    UPSTREAM_URL: 'https://api.example.edu/ss',
    TOKEN_URL: 'https://api.example.edu/token',
    CLIENT_ID: 'c',
    CLIENT_SECRET: 's',
    SUBSCRIPTION_KEY: 'k',
  };

  it('in front of a real upstream, refuses to start without the OIDC settings, naming them', () => {
    expect(() => readGatewayConfig(remote)).toThrow(/OIDC_ISSUER[\s\S]*OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET/);
  });

  it('takes plain http for the issuer only on a loopback address', () => {
    const oidc = { OIDC_CLIENT_ID: 'dashboard', OIDC_CLIENT_SECRET: 'secret', PUBLIC_URL: 'https://success.example.edu' };
    expect(() => readGatewayConfig({ ...remote, ...oidc, OIDC_ISSUER: 'http://idp.example.edu/realms/x' })).toThrow(/OIDC_ISSUER: must use https/);
    expect(readGatewayConfig({ ...remote, ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9000' }).auth.oidc?.allowInsecure).toBe(true);
    const config = readGatewayConfig({ ...remote, ...oidc, OIDC_ISSUER: 'https://login.example.edu/realms/x', SESSION_IDLE_S: '60', SESSION_MAX_S: '600' });
    expect(config.auth).toMatchObject({
      publicUrl: 'https://success.example.edu',
      oidc: { issuer: 'https://login.example.edu/realms/x', identifierClaim: 'preferred_username', groupsClaim: 'groups', allowInsecure: false },
      groups: { staff: 'success-staff', admin: 'success-admins', network: 'success-network-editors' },
      sessions: { idleSeconds: 60, maxSeconds: 600 },
    });
  });

  it('defaults: 30 minutes idle, 10 hours at most, groups rechecked every 15 minutes, sessions in memory', () => {
    expect(readGatewayConfig({}).auth.sessions).toEqual({ idleSeconds: 1800, maxSeconds: 36_000, recheckSeconds: 900 });
    expect(readGatewayConfig({ GROUPS_RECHECK_S: '60' }).auth.sessions.recheckSeconds).toBe(60);
    expect(() => readGatewayConfig({ GROUPS_RECHECK_S: '0' })).toThrow(/GROUPS_RECHECK_S/);
    expect(() => readGatewayConfig({ SESSION_STORE_URL: 'http://cache:6379' })).toThrow(/SESSION_STORE_URL/);
  });
});
