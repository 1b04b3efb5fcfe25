import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from '../testing/backend.ts';

/** decisions §7: a 2xx means the change survives a restart when the backend runs with a file. */
const dir = mkdtempSync(join(tmpdir(), 'student-success-'));
const databasePath = join(dir, 'backend.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function call(b: TestBackend, method: string, path: string, body?: unknown) {
  const res = await fetch(`${b.baseUrl}${path}`, {
    method,
    headers: { ...b.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>) };
}

describe('durability with DATABASE=<file>', () => {
  it('keeps every kind of write across a restart and does not re-seed', async () => {
    const first = await startBackend({ databasePath, now: '2026-06-01' });
    const created = await call(first, 'POST', '/notations/updates/', {
      audienceType: 'All',
      canStudentView: true,
      categories: [{ id: 1 }],
      createdBy: { identifier: 'E0001' },
      details: 'Met with the student about MATH 121.\nPlan agreed.',
      student: { identifier: 'S000002' },
    });
    expect(created.status).toBe(201);
    const updateHref = String(created.json?.href);
    const updatePath = new URL(updateHref).pathname.replace('/api', '');
    expect((await call(first, 'PUT', '/notations/categories/1', { isActive: true, name: 'Attendance (renamed)' })).status).toBe(204);
    expect((await call(first, 'PUT', '/people/S000002/successNetwork', [{ identifier: 'E0003' }, { identifier: 'E0002' }])).status).toBe(204);
    const alerts = await call(first, 'GET', '/notations/alerts/?identifiers=S000001&pageSize=1000');
    const open = (alerts.json?.values as { id: number; status: string }[]).find((a) => a.status === 'Open');
    expect(open).toBeDefined();
    expect(
      (
        await call(first, 'POST', `/notations/alerts/${open!.id}/comments`, {
          createdBy: { identifier: 'E0001' },
          details: 'Spoke with the student; resolved.',
          usedToLowerAlert: true,
        })
      ).status,
    ).toBe(201);
    const peopleBefore = (await call(first, 'GET', '/people/?pageSize=1')).json?.totalValues;
    await first.close();

    const second = await startBackend({ databasePath, now: '2027-01-01', seed: 99 });
    try {
      const update = await call(second, 'GET', `${updatePath}?expand=categories`);
      expect(update.status).toBe(200);
      expect(update.json?.details).toBe('Met with the student about MATH 121.\nPlan agreed.');
      expect((update.json?.categories as { values: { name: string }[] }).values.map((c) => c.name)).toEqual(['Attendance (renamed)']);
      expect((await call(second, 'GET', '/notations/categories/1')).json?.name).toBe('Attendance (renamed)');
      const network = await call(second, 'GET', '/people/S000002/successNetwork');
      expect((network.json?.values as { href: string }[]).map((l) => l.href.split('/').pop())).toEqual(['E0003', 'E0002']);
      expect((await call(second, 'GET', `/notations/alerts/${open!.id}`)).json?.status).toBe('Lowered');
      // A different SEED and day on restart changes nothing: the file's data is used as it is.
      expect((await call(second, 'GET', '/people/?pageSize=1')).json?.totalValues).toBe(peopleBefore);
    } finally {
      await second.close();
    }
  });
});
