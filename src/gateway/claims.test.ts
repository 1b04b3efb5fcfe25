import { describe, expect, it } from 'vitest';
import { directSignIn, useSeededGateway } from '../testing/gateway.ts';

/** #32 items 6 and 7 through the gateway: "I'm on it" claims, and a person's own notification settings. */

const ORIGIN = 'http://dashboard.test';
const STAFF = ['success-staff'];
const signin = directSignIn({ publicUrl: ORIGIN });
const gateway = useSeededGateway(() => ({ auth: signin.auth, access: { policy: 'relationship', recordsGroup: 'success-records', grantHours: 8 } }));

const request = (path: string, init: RequestInit = {}) => gateway.request(`${ORIGIN}${path}`, init);
const send = (cookie: string, method: string, path: string, body?: unknown) =>
  request(path, {
    method,
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
const json = async <T>(response: Response) => (await response.json()) as T;

/** An open alert of the seed, its student, and two people of that student's network. */
async function openAlertWithNetwork(): Promise<{ alert: string; student: string; members: string[] }> {
  const records = await signin.cookieFor('E0001', [...STAFF, 'success-records']);
  const page = await json<{ values: { self: { href: string }; status: string; student: { href: string } }[] }>(
    await request('/api/notations/alerts/?pageSize=200', { headers: { cookie: records } }),
  );
  for (const row of page.values.filter((a) => a.status === 'Open')) {
    const student = row.student.href.split('/').at(-1)!;
    const network = await json<{ values: { href: string }[] }>(await request(`/api/people/${student}/successNetwork`, { headers: { cookie: records } }));
    const members = network.values.map((v) => v.href.split('/').at(-1)!).filter((m) => m.startsWith('E'));
    if (members.length >= 2) return { alert: row.self.href.split('/').at(-1)!, student, members };
  }
  throw new Error('the seed has no open alert whose student has two staff in their network');
}

describe('"I\'m on it" claims', () => {
  it('a network member claims; another sees who and since when, gets 409 naming the holder without a note, takes it over with one', async () => {
    const { alert, student, members } = await openAlertWithNetwork();
    const [a, b] = members as [string, string];
    const ann = await signin.cookieFor(a, STAFF, 'Ann Lee');
    const bo = await signin.cookieFor(b, STAFF, 'Bo Chen');

    const claimed = await send(ann, 'POST', '/session/claims', { alert });
    expect(claimed.status).toBe(201);
    expect(await claimed.json()).toMatchObject({ alert, student, holder: a, holderName: 'Ann Lee', since: expect.any(String) });

    const held = await send(bo, 'POST', '/session/claims', { alert });
    expect(held.status).toBe(409);
    expect(held.headers.get('content-type')).toContain('application/problem+json');
    const problem = await json<{ type: string; detail: string; holder: { name: string } }>(held);
    expect(problem.type).toContain('claim-held');
    expect(problem.detail).toContain('Ann Lee is already on it');
    expect(problem.holder.name).toBe('Ann Lee');

    const taken = await send(bo, 'POST', '/session/claims', { alert, note: 'Ann is away this week' });
    expect(taken.status).toBe(201);
    const listed = await json<{ values: unknown[] }>(await request(`/session/claims?alerts=${alert},999999`, { headers: { cookie: ann } }));
    expect(listed.values).toEqual([expect.objectContaining({ alert, holderName: 'Bo Chen', note: 'Ann is away this week' })]);

    // Only the holder lets it go.
    expect((await send(ann, 'DELETE', `/session/claims/${alert}`)).status).toBe(403);

    // Lowered through the dashboard: the claim is released.
    const lowered = await send(bo, 'POST', `/api/notations/alerts/${alert}/comments`, {
      createdBy: { identifier: b },
      details: 'Spoke with her today.',
      usedToLowerAlert: true,
    });
    expect(lowered.status).toBe(201);
    expect((await json<{ values: unknown[] }>(await request(`/session/claims?alerts=${alert}`, { headers: { cookie: ann } }))).values).toEqual([]);
    // A lowered alert cannot be claimed.
    expect((await send(ann, 'POST', '/session/claims', { alert })).status).toBe(409);
  });

  it('someone who may not open the student cannot claim, nor see the claim; bad input is a 400 problem', async () => {
    const { alert, members } = await openAlertWithNetwork();
    const member = await signin.cookieFor(members[0]!, STAFF, 'Ann Lee');
    const outsider = await signin.cookieFor('E0999', STAFF, 'Out Sider');
    expect((await send(member, 'POST', '/session/claims', { alert })).status).toBe(201);
    expect((await send(outsider, 'POST', '/session/claims', { alert, note: 'me instead' })).status).toBe(403);
    expect((await json<{ values: unknown[] }>(await request(`/session/claims?alerts=${alert}`, { headers: { cookie: outsider } }))).values).toEqual([]);
    for (const body of [{}, { alert: 'seven' }, { alert, note: 'x'.repeat(1001) }, { alert, extra: true }]) {
      const response = await send(member, 'POST', '/session/claims', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await request('/session/claims?alerts=a,b', { headers: { cookie: member } })).status).toBe(400);
    expect((await send(member, 'POST', '/session/claims', { alert: '99999999' })).status).toBe(404);
    expect((await request('/session/claims?alerts=1')).status).toBe(401);
  });
});

describe('/me/notifications', () => {
  it('off by default; saved exactly as sent; anything else is a 400 problem; a write needs this origin', async () => {
    const cookie = await signin.cookieFor('E0002', STAFF, 'Bo Chen');
    expect(await json(await request('/me/notifications', { headers: { cookie } }))).toEqual({
      alertLowered: false,
      digest: 'none',
      email: null,
      mailServer: false,
      responseDays: 3,
    });
    const saved = await send(cookie, 'PUT', '/me/notifications', { alertLowered: true, digest: 'weekly' });
    expect(saved.status).toBe(200);
    expect(await json(await request('/me/notifications', { headers: { cookie } }))).toMatchObject({ alertLowered: true, digest: 'weekly' });
    for (const body of [
      { alertLowered: 'yes', digest: 'weekly' },
      { alertLowered: true, digest: 'hourly' },
      { alertLowered: true },
      { alertLowered: true, digest: 'none', more: 1 },
    ]) {
      const refused = await send(cookie, 'PUT', '/me/notifications', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    const notJson = await request('/me/notifications', { method: 'PUT', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    const crossSite = await request('/me/notifications', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ alertLowered: false, digest: 'none' }),
    });
    expect(crossSite.status).toBe(403);
    expect(await json(await request('/me/outbox', { headers: { cookie } }))).toEqual({ values: [] });
  });
});
