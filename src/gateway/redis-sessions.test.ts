import { beforeAll, describe, expect, it } from 'vitest';
import { useGatewaysSharingRedis, type TestGateway } from '../testing/gateway.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';

/**
 * Two gateways behind a load balancer share sessions through one Redis (Debian's redis-server,
 * started here on a free port without persistence and stopped after): a sign-in on one is good
 * on the other, and a sign-out on either ends it everywhere.
 */
const gateways = useGatewaysSharingRedis(() => ({ first: {}, second: {} }));
let first: TestGateway;
let second: TestGateway;
beforeAll(() => {
  ({ first, second } = gateways());
});

describe('sessions shared through Redis', () => {
  it('a session from one gateway works on the other, and signing out on the other ends it on the first', async () => {
    const { cookie } = await signInThroughProvider(first.origin, 'E0006');
    const onSecond = await fetch(`${second.origin}/session`, { headers: { cookie } });
    expect(onSecond.status).toBe(200);
    expect(((await onSecond.json()) as { identifier: string }).identifier).toBe('E0006');
    expect((await fetch(`${second.origin}/api/notations/categories/`, { headers: { cookie } })).status).toBe(200);

    const out = await fetch(`${second.origin}/auth/sign-out`, { method: 'POST', headers: { cookie, origin: second.origin, accept: 'application/json' } });
    expect(out.status).toBe(200);
    expect((await fetch(`${first.origin}/session`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${first.origin}/api/notations/categories/`, { headers: { cookie } })).status).toBe(401);
  });
});
