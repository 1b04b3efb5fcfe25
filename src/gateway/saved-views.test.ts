import { describe, expect, it } from 'vitest';
import { hrefOfView, type SavedView } from '../api/saved-views.ts';
import { directSignIn, useSeededGateway } from '../testing/gateway.ts';
import { gatewayEngines, useFreshStore } from '../testing/gateway-engines.ts';
import { DUPLICATE, databaseSavedViews } from './saved-view-store.ts';

/** #32 item 4: a person's named filters of a page, kept by the gateway, renamed and deleted by their owner only. */

const engines = gatewayEngines('saved-views');

describe.each(['sqlite', 'postgres'] as const)('the saved view store on %s', (engine) => {
  const views = useFreshStore(engines, engine, databaseSavedViews, new Date('2026-11-20T10:00:00.000Z'));

  it('keeps views by owner and page, names unique per owner and page, renamed and deleted, after a reopen', async () => {
    let { store } = views;
    const mine = await store.create({ owner: 'E0100', page: 'alerts', name: 'Week 3 open', query: '?status=all&from=2026-09-14' });
    expect(mine).toMatchObject({
      owner: 'E0100',
      page: 'alerts',
      name: 'Week 3 open',
      query: '?status=all&from=2026-09-14',
      createdAt: views.clock.toISOString(),
    });
    if (mine === DUPLICATE) throw new Error('unexpected');
    await store.create({ owner: 'E0100', page: 'alerts', name: 'all open', query: '' });
    await store.create({ owner: 'E0100', page: 'cohort/6', name: 'Week 3 open', query: '?flagged=include' });
    await store.create({ owner: 'E0200', page: 'alerts', name: 'Week 3 open', query: '?q=x' });
    expect(await store.create({ owner: 'E0100', page: 'alerts', name: 'Week 3 open', query: '?q=y' })).toBe(DUPLICATE);

    store = await views.reopen();
    expect((await store.list('E0100', 'alerts')).map((v) => v.name)).toEqual(['all open', 'Week 3 open']);
    expect(await store.count('E0100', 'alerts')).toBe(2);
    expect((await store.list('E0100', 'cohort/6')).map((v) => v.query)).toEqual(['?flagged=include']);

    views.clock = new Date('2026-11-21T08:00:00.000Z');
    expect(await store.rename(mine.id, 'all open')).toBe(DUPLICATE);
    expect(await store.rename(mine.id, 'Week 3, all')).toMatchObject({
      id: mine.id,
      name: 'Week 3, all',
      updatedAt: views.clock.toISOString(),
      createdAt: mine.createdAt,
    });
    expect(await store.rename(mine.id + 1000, 'x')).toBeUndefined();
    expect(await store.remove(mine.id)).toBe(true);
    expect(await store.remove(mine.id)).toBe(false);
    expect(await store.get(mine.id)).toBeUndefined();
    expect((await store.list('E0100', 'alerts')).map((v) => v.name)).toEqual(['all open']);
  });
});

describe('saved views through the gateway', () => {
  const ORIGIN = 'http://dashboard.test';
  const signin = directSignIn({ publicUrl: ORIGIN });
  const gateway = useSeededGateway(() => ({ auth: signin.auth }));

  const send = (cookie: string, method: string, path: string, body?: unknown) =>
    gateway.request(`${ORIGIN}${path}`, {
      method,
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  const staff = (id: string) => signin.cookieFor(id, ['success-staff']);

  it('saves, lists by name, renames and deletes the signed-in person’s own views; a view’s link is its page with its query', async () => {
    const me = await staff('E0020');
    const created = await send(me, 'POST', '/session/views', { page: 'alerts', name: '  Overdue, mine  ', query: '?status=all&creator=E0020' });
    expect(created.status).toBe(201);
    const view = (await created.json()) as SavedView;
    expect(view).toMatchObject({ owner: 'E0020', page: 'alerts', name: 'Overdue, mine', query: '?status=all&creator=E0020' });
    expect(hrefOfView(view)).toBe('/alerts?status=all&creator=E0020');
    expect((await send(me, 'POST', '/session/views', { page: 'cohort/6', name: 'Bottom band', query: '?factor=Resiliency&band=bottom' })).status).toBe(201);
    expect((await send(me, 'POST', '/session/views', { page: 'alerts', name: 'Everything', query: '' })).status).toBe(201);

    const listed = (await (await send(me, 'GET', '/session/views?page=alerts')).json()) as { values: SavedView[] };
    expect(listed.values.map((v) => v.name)).toEqual(['Everything', 'Overdue, mine']);
    // Someone else's list is their own.
    const other = await staff('E0021');
    expect(((await (await send(other, 'GET', '/session/views?page=alerts')).json()) as { values: SavedView[] }).values).toEqual([]);

    const renamed = await send(me, 'PATCH', `/session/views/${view.id}`, { name: 'Overdue' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: view.id, name: 'Overdue', query: view.query });
    expect((await send(me, 'DELETE', `/session/views/${view.id}`)).status).toBe(204);
    const after = (await (await send(me, 'GET', '/session/views?page=alerts')).json()) as { values: SavedView[] };
    expect(after.values.map((v) => v.name)).toEqual(['Everything']);
  });

  it('lets only the owner rename or delete (403), names unique per page (409), and refuses bad input with a 400 problem', async () => {
    const owner = await staff('E0030');
    const view = (await (await send(owner, 'POST', '/session/views', { page: 'alerts', name: 'Mine', query: '?q=x' })).json()) as SavedView;
    const other = await staff('E0031');
    const admin = await signin.cookieFor('E0001');
    const cases: [number, Parameters<typeof send>][] = [
      [403, [other, 'PATCH', `/session/views/${view.id}`, { name: 'Theirs' }]],
      [403, [other, 'DELETE', `/session/views/${view.id}`]],
      [403, [admin, 'DELETE', `/session/views/${view.id}`]],
      [409, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Mine', query: '' }]],
      [409, [owner, 'POST', '/session/views', { page: 'alerts', name: ' Mine ', query: '?q=y' }]],
      // Only administrators open the logs, so only they keep views of them.
      [403, [owner, 'POST', '/session/views', { page: 'journal', name: 'Changes', query: '' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: '', query: '' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'x'.repeat(81), query: '' }]],
      [400, [owner, 'POST', '/session/views', { page: 'students', name: 'Other page', query: '' }]],
      [400, [owner, 'POST', '/session/views', { page: 'cohort/abc', name: 'Bad cohort', query: '' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Absolute', query: 'https://evil.example/' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Protocol-relative', query: '//evil.example' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Fragment', query: '?q=1#x' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Backslash', query: '?q=\\evil' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Space', query: '?q=a b' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Bad escape', query: '?q=%zz' }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'Long', query: `?q=${'a'.repeat(2000)}` }]],
      [400, [owner, 'POST', '/session/views', { page: 'alerts', name: 'No query' }]],
      [400, [owner, 'POST', '/session/views', 'not json']],
      [400, [owner, 'PATCH', `/session/views/${view.id}`, { name: ' ' }]],
      [400, [owner, 'PATCH', '/session/views/first', { name: 'x' }]],
      [404, [owner, 'PATCH', '/session/views/999999', { name: 'x' }]],
      [404, [owner, 'DELETE', '/session/views/999999']],
      [400, [owner, 'GET', '/session/views']],
      [400, [owner, 'GET', '/session/views?page=../admin']],
    ];
    for (const [status, args] of cases) {
      const res = await send(...args);
      expect({ args: args.slice(1), status: res.status }).toEqual({ args: args.slice(1), status });
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const duplicate = (await (await send(owner, 'POST', '/session/views', { page: 'alerts', name: 'Mine', query: '' })).json()) as { detail: string };
    expect(duplicate.detail).toBe('You already have a view called "Mine" on this page; choose another name.');
    // The same name on another page, or by an administrator on a log, is fine.
    expect((await send(owner, 'POST', '/session/views', { page: 'cohort/6', name: 'Mine', query: '' })).status).toBe(201);
    expect((await send(admin, 'POST', '/session/views', { page: 'journal', name: 'Mine', query: '?operation=alert.create' })).status).toBe(201);
    // Nothing changed by the refusals.
    const kept = (await (await send(owner, 'GET', '/session/views?page=alerts')).json()) as { values: SavedView[] };
    expect(kept.values).toEqual([expect.objectContaining({ id: view.id, name: 'Mine', query: '?q=x' })]);
    expect((await gateway.request(`${ORIGIN}/session/views?page=alerts`)).status).toBe(401);
    // A write without the page's origin is refused as any other cross-site write.
    const crossSite = await gateway.request(`${ORIGIN}/session/views/${view.id}`, {
      method: 'DELETE',
      headers: { cookie: owner, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });
});
