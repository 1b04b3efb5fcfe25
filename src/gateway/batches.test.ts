import { describe, expect, it } from 'vitest';
import { BATCH_HEADER, UNDO_HEADER, type ReassignmentBatch } from '../api/reassignment-batches.ts';
import type { JournalEntry } from '../api/journal.ts';
import { directSignIn, useSeededGateway } from '../testing/gateway.ts';
import { gatewayEngines, useFreshStore } from '../testing/gateway-engines.ts';
import { databaseBatches } from './batch-store.ts';

/** #31 item 4: a bulk reassignment and its before-states outlive the page that ran it. */

const engines = gatewayEngines('batches');

describe.each(['sqlite', 'postgres'] as const)('the batch store on %s', (engine) => {
  const batches = useFreshStore(engines, engine, databaseBatches, new Date('2026-11-20T10:00:00.000Z'));

  it('keeps each network’s first before-state, its undo, and lists recent batches newest first, after a reopen', async () => {
    const { store } = batches;
    const old = await store.create('E0100', 'Add E0200 to 2 students');
    batches.clock = new Date('2026-11-27T10:00:00.000Z');
    const batch = await store.create('E0100', 'Replace E0100 with E0200');
    await store.recordWrite(batch.id, 'S000002', ['E0100', 'E0300'], ['E0200', 'E0300']);
    await store.recordWrite(batch.id, 'S000001', ['E0100'], ['E0200']);
    // Written again (a retry after a conflict was settled): the batch still puts back the first before.
    await store.recordWrite(batch.id, 'S000001', ['E0999'], ['E0200', 'E0400']);
    await store.markUndone(batch.id, 'S000002', 'E0001');

    const reopened = await batches.reopen();
    const listed = await reopened.list('2026-11-26T00:00:00.000Z', 10);
    expect(listed.map((b) => b.id)).toEqual([batch.id]);
    expect(listed[0]).toMatchObject({ actor: 'E0100', description: 'Replace E0100 with E0200', createdAt: '2026-11-27T10:00:00.000Z' });
    expect(listed[0]!.networks).toEqual([
      { student: 'S000001', writtenAt: '2026-11-27T10:00:00.000Z', before: ['E0100'], after: ['E0200', 'E0400'] },
      {
        student: 'S000002',
        writtenAt: '2026-11-27T10:00:00.000Z',
        before: ['E0100', 'E0300'],
        after: ['E0200', 'E0300'],
        undoneAt: '2026-11-27T10:00:00.000Z',
        undoneBy: 'E0001',
      },
    ]);
    expect((await reopened.list('2026-11-01T00:00:00.000Z', 10)).map((b) => b.id)).toEqual([batch.id, old.id]);
    expect(await reopened.get(old.id)).toMatchObject({ id: old.id, networks: [] });
    expect(await reopened.get(old.id + 1000)).toBeUndefined();
  });
});

describe('bulk reassignments through the gateway', () => {
  const ORIGIN = 'http://dashboard.test';
  const signin = directSignIn({ publicUrl: ORIGIN });
  const gateway = useSeededGateway(() => ({ auth: signin.auth }));

  const request = (path: string, init: RequestInit = {}) => gateway.request(`${ORIGIN}${path}`, init);
  const editor = (id: string) => signin.cookieFor(id, ['success-staff', 'success-network-editors']);
  const send = (cookie: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method,
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  /** E16 as part of a batch (or its undo), named by `headers`. */
  const putNetwork = (cookie: string, student: string, members: readonly string[], headers: Record<string, string>) =>
    send(
      cookie,
      'PUT',
      `/api/people/${student}/successNetwork`,
      members.map((identifier) => ({ identifier })),
      headers,
    );
  const network = async (cookie: string, student: string) =>
    ((await (await request(`/api/people/${student}/successNetwork`, { headers: { cookie } })).json()) as { values: { href: string }[] }).values.map((v) =>
      v.href.split('/').at(-1)!,
    );

  it('records each network a batch wrote, before and after, tags the journal, and lets another editor put one back', async () => {
    const runner = await editor('E0010');
    const created = await send(runner, 'POST', '/session/batches', { description: 'Add E0003 to 2 students' });
    expect(created.status).toBe(201);
    const batch = (await created.json()) as ReassignmentBatch;

    const before = await network(runner, 'S000005');
    const after = [...before.filter((m) => m !== 'E0003'), 'E0003'];
    const put = await putNetwork(runner, 'S000005', after, { [BATCH_HEADER]: String(batch.id) });
    expect(put.status).toBe(204);

    // What the caseloads page reads after a reload.
    const listed = (await (await request('/session/batches', { headers: { cookie: runner } })).json()) as { values: ReassignmentBatch[] };
    const kept = listed.values.find((b) => b.id === batch.id)!;
    expect(kept).toMatchObject({ actor: 'E0010', description: 'Add E0003 to 2 students' });
    expect(kept.networks).toEqual([expect.objectContaining({ student: 'S000005', before, after })]);

    const admin = await signin.cookieFor('E0001');
    const journal = (await (await request('/admin/journal?target=network/S000005', { headers: { cookie: admin } })).json()) as { values: JournalEntry[] };
    expect(journal.values[0]?.summary).toMatchObject({ batch: batch.id, before, after });

    // Someone else who may edit networks undoes it, with the same E16.
    const other = await editor('E0011');
    const undo = await putNetwork(other, 'S000005', before, { [UNDO_HEADER]: String(batch.id) });
    expect(undo.status).toBe(204);
    expect(await network(other, 'S000005')).toEqual(before);
    const again = (await (await request(`/session/batches/${batch.id}`, { headers: { cookie: other } })).json()) as ReassignmentBatch;
    expect(again.networks[0]).toMatchObject({ student: 'S000005', undoneBy: 'E0011' });
  });

  it('lets only people who may edit networks see, start or undo a batch, and refuses a mislabelled write with a clear 4xx', async () => {
    const runner = await editor('E0012');
    const batch = (await (await send(runner, 'POST', '/session/batches', { description: 'Remove E0003' })).json()) as ReassignmentBatch;
    const target = await network(runner, 'S000006');
    expect((await putNetwork(runner, 'S000006', target, { [BATCH_HEADER]: String(batch.id) })).status).toBe(204);

    const reader = await signin.cookieFor('E0013', ['success-staff']);
    const refused = await send(reader, 'POST', '/session/batches', { description: 'Mine' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await request('/session/batches', { headers: { cookie: reader } })).status).toBe(403);
    expect((await request(`/session/batches/${batch.id}`, { headers: { cookie: reader } })).status).toBe(403);
    const refusedUndo = await send(reader, 'PUT', '/api/people/S000006/successNetwork', [], { [UNDO_HEADER]: String(batch.id) });
    expect(refusedUndo.status).toBe(403);
    // Someone else's batch takes no further writes of theirs.
    const other = await editor('E0014');
    expect((await send(other, 'PUT', '/api/people/S000006/successNetwork', [], { [BATCH_HEADER]: String(batch.id) })).status).toBe(403);

    const cases: [number, Parameters<typeof send>][] = [
      [400, [runner, 'POST', '/session/batches', { description: '' }]],
      [400, [runner, 'PUT', '/api/people/S000006/successNetwork', [], { [BATCH_HEADER]: 'first' }]],
      [400, [runner, 'PUT', '/api/people/S000006/successNetwork', [], { [BATCH_HEADER]: String(batch.id), [UNDO_HEADER]: String(batch.id) }]],
      [400, [runner, 'GET', '/api/people/S000006/successNetwork', undefined, { [BATCH_HEADER]: String(batch.id) }]],
      [404, [runner, 'PUT', '/api/people/S000006/successNetwork', [], { [BATCH_HEADER]: '999999' }]],
      [409, [runner, 'PUT', '/api/people/S000007/successNetwork', [], { [UNDO_HEADER]: String(batch.id) }]],
      [400, [runner, 'GET', '/session/batches?days=1000']],
      [400, [runner, 'GET', '/session/batches/x']],
      [404, [runner, 'GET', '/session/batches/999999']],
    ];
    for (const [status, args] of cases) {
      const res = await send(...args);
      expect({ args: args.slice(1, 3), status: res.status }).toEqual({ args: args.slice(1, 3), status });
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    expect(await network(runner, 'S000006')).toEqual(target);
    expect((await request('/session/batches')).status).toBe(401);
  });
});
