/**
 * decisions §7: "Writes are durable once answered: a 2xx means the change survives a restart of the
 * backend when it runs with a database file."
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from '../../testing/backend.ts';
import { Api, expectStatus, type J } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'contract-durability-'));
const databasePath = join(dir, 'service.db');
const opened: TestBackend[] = [];

afterAll(async () => {
  for (const b of opened) await b.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('durability with a database file (decisions §7)', () => {
  it('every answered write survives a restart', async () => {
    const b1 = await startBackend({ databasePath });
    opened.push(b1);
    const api = new Api(b1);
    const people = await api.all('/people/');
    const students = people.filter((p: J) => p.role === 'Student');
    const staff = people.filter((p: J) => p.role !== 'Student');
    const cats = await api.all('/notations/categories/');
    const active = cats.filter((c: J) => c.isActive);
    const trigger = (await api.ok('/notations/triggers/')).values[0];

    const upd = await api.post('/notations/updates/', {
      audienceType: 'All',
      canStudentView: true,
      categories: [{ id: active[0].id }],
      createdBy: { identifier: staff[0].identifier },
      details: 'durable update',
      student: { identifier: students[0].identifier },
    });
    expectStatus(upd, 201);
    const alert = await api.post('/notations/alerts/', {
      audienceType: 'All',
      canStudentView: true,
      createdBy: { identifier: staff[0].identifier },
      details: 'durable alert',
      student: { identifier: students[1].identifier },
    });
    expectStatus(alert, 201);
    const alertId = (await api.ok(alert.body.href)).id;
    expectStatus(
      await api.post(`/notations/alerts/${alertId}/comments`, { createdBy: { identifier: staff[1].identifier }, details: 'lowered', usedToLowerAlert: true }),
      201,
    );
    const net = [staff[2].identifier, staff[3].identifier];
    expectStatus(
      await api.put(
        `/people/${students[2].identifier}/successNetwork`,
        net.map((identifier) => ({ identifier })),
      ),
      204,
    );
    expectStatus(await api.put(`/notations/categories/${active[1].id}`, { isActive: false, name: 'Durable Rename' }), 204);
    expectStatus(
      await api.patch(`/notations/triggers/${trigger.id}`, {
        modifiedBy: { identifier: staff[0].identifier },
        name: 'Durable trigger',
        studentIdentifiers: [students[3].identifier],
      }),
      204,
    );
    const snapshot = {
      update: await api.ok(upd.body.href),
      alert: await api.ok(alert.body.href),
      alertComments: await api.ok(`/notations/alerts/${alertId}/comments`),
      network: await api.ok(`/people/${students[2].identifier}/successNetwork`),
      category: await api.ok(`/notations/categories/${active[1].id}`),
      trigger: await api.ok(`/notations/triggers/${trigger.id}`),
      s3insights: (await api.ok('/notations/dataInsights/', { identifiers: students[3].identifier, pageSize: 1000 })).totalValues,
      s3alerts: (await api.ok('/notations/alerts/', { identifiers: students[3].identifier, pageSize: 1000 })).totalValues,
      updates: (await api.ok('/notations/updates/', { pageSize: 1 })).totalValues,
    };
    expect(snapshot.alert.status).toBe('Lowered');
    await b1.close();
    opened.pop();

    const b2 = await startBackend({ databasePath });
    opened.push(b2);
    const api2 = new Api(b2);
    const rebase = (v: unknown): unknown => JSON.parse(JSON.stringify(v).split(b1.baseUrl).join(b2.baseUrl));
    expect(await api2.ok(rebase(snapshot.update.self.href) as string)).toEqual(rebase(snapshot.update));
    expect(await api2.ok(rebase(snapshot.alert.self.href) as string)).toEqual(rebase(snapshot.alert));
    expect(await api2.ok(`/notations/alerts/${alertId}/comments`)).toEqual(rebase(snapshot.alertComments));
    expect(await api2.ok(`/people/${students[2].identifier}/successNetwork`)).toEqual(rebase(snapshot.network));
    expect(await api2.ok(`/notations/categories/${active[1].id}`)).toEqual(rebase(snapshot.category));
    expect(await api2.ok(`/notations/triggers/${trigger.id}`)).toEqual(rebase(snapshot.trigger));
    expect((await api2.ok('/notations/dataInsights/', { identifiers: students[3].identifier, pageSize: 1000 })).totalValues).toBe(snapshot.s3insights);
    expect((await api2.ok('/notations/alerts/', { identifiers: students[3].identifier, pageSize: 1000 })).totalValues).toBe(snapshot.s3alerts);
    expect((await api2.ok('/notations/updates/', { pageSize: 1 })).totalValues).toBe(snapshot.updates);
  }, 60_000);
});
