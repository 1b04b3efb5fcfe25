import { describe, expect, it } from 'vitest';
import { databaseGrants } from './access-grants.ts';
import { databaseBatches } from './batch-store.ts';
import { openGatewayDatabase } from './db/database.ts';
import { databaseMembershipCache } from './membership-cache.ts';

/** What the daily purge (retention.ts) also deletes: grants ended before RETENTION_DAYS, and networks nobody may use any more. */
describe('the daily purge beyond the logs', () => {
  it('deletes the grants that ended before the cut-off and keeps the others', async () => {
    const database = openGatewayDatabase(':memory:');
    let clock = new Date('2023-01-01T09:00:00.000Z');
    const grants = databaseGrants(database, () => clock);
    await grants.grant('E0002', 'S000001', 'Covering a colleague in 2023.', 8);
    clock = new Date('2026-11-27T09:00:00.000Z');
    await grants.grant('E0002', 'S000002', 'Covering a colleague today.', 8);
    expect(await grants.purge('2023-11-28T00:00:00.000Z')).toBe(1);
    expect((await grants.list('2000-01-01T00:00:00.000Z', 10)).map((g) => g.student)).toEqual(['S000002']);
    await database.close();
  });

  it('deletes the shared networks read before ACCESS_CACHE_S', async () => {
    const database = openGatewayDatabase(':memory:');
    const cache = databaseMembershipCache(database);
    await Promise.all([cache.remember('S000001', ['E0001'], 1_000), cache.remember('S000002', ['E0001'], 9_000)]);
    expect(await cache.purge(5_000)).toBe(1);
    expect([...(await cache.networks(['S000001', 'S000002'], 0)).keys()]).toEqual(['S000002']);
    await database.close();
  });

  it('deletes the bulk reassignments created before the cut-off, with their networks', async () => {
    const database = openGatewayDatabase(':memory:');
    let clock = new Date('2023-01-01T09:00:00.000Z');
    const batches = databaseBatches(database, () => clock);
    const old = await batches.create('E0001', 'Spring handover 2023');
    await batches.recordWrite(old.id, 'S000001', ['E0002'], ['E0003']);
    clock = new Date('2026-11-27T09:00:00.000Z');
    const recent = await batches.create('E0001', 'This week');
    expect(await batches.purge('2023-11-28T00:00:00.000Z')).toBe(1);
    expect(await batches.get(old.id)).toBeUndefined();
    expect((await batches.get(recent.id))?.description).toBe('This week');
    const left = await database.db.selectFrom('reassignment_batch_networks').selectAll().execute();
    expect(left).toEqual([]);
    await database.close();
  });
});
