import { describe, expect, it } from 'vitest';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { readNetwork } from '../../queries/success-network.ts';
import { previewBulk, runBulk } from './bulk-reassign-run.ts';

/** The bulk runner against a real reference backend. */
const { api } = setupTestBackend();

describe('bulk reassignment', () => {
  it('previews (unknown students and staff named), writes each student once and can be undone', async () => {
    const students = ['S000401', 'S000402', 'S000403'];
    const [x, y] = (await api().people.list({ role: 'Staff', pageSize: 2 })).values.map((p) => p.identifier) as [string, string];
    for (const s of students) {
      const members = (await readNetwork(api(), s)).filter((m) => m !== x && m !== y);
      await api().people.successNetwork.replace(
        s,
        [...members, x].map((identifier) => ({ identifier })),
      );
    }
    const before = new Map(await Promise.all(students.map(async (s) => [s, await readNetwork(api(), s)] as const)));

    const preview = await previewBulk(api(), { kind: 'replace', from: x, to: y }, [...students, 'S999999']);
    expect(preview.unknownStaff).toEqual([]);
    expect(preview.rows.map((r) => r.status)).toEqual(['change', 'change', 'change', 'unknown']);
    expect((await previewBulk(api(), { kind: 'add', staff: 'E9999' }, students)).unknownStaff).toEqual(['E9999']);

    const writes = preview.rows.flatMap((r) => (r.status === 'change' ? [{ student: r.student, base: r.before, yours: r.after }] : []));
    const seen: string[] = [];
    const outcomes = await runBulk(api(), writes, (student) => seen.push(student));
    expect(seen.sort()).toEqual(students);
    for (const s of students) {
      expect(outcomes.get(s)?.status).toBe('saved');
      expect(await readNetwork(api(), s)).toEqual(before.get(s)!.map((m) => (m === x ? y : m)));
    }

    const undo = [...outcomes].flatMap(([student, o]) => (o.status === 'saved' ? [{ student, base: o.written, yours: o.before }] : []));
    await runBulk(api(), undo, () => undefined);
    for (const s of students) expect(await readNetwork(api(), s)).toEqual(before.get(s));
  });
});
