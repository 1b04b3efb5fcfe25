import { describe, expect, it } from 'vitest';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { previewBulk, runBulk } from './caseloads.ts';
import { guardedWrite, readNetwork } from './network-editor.ts';

/** The guarded write and the bulk runner against a real reference backend. */
const { api } = setupTestBackend();

const STUDENT = 'S000321';

describe('guardedWrite', () => {
  it('writes yours when nobody changed the network, merges a disjoint change, and writes nothing on overlap', async () => {
    const base = await readNetwork(api(), STUDENT);
    expect(base.length).toBeGreaterThanOrEqual(2);
    const outsider = (await api().people.list({ role: 'Coach', pageSize: 50 })).values.map((p) => p.identifier).find((id) => !base.includes(id))!;

    const saved = await guardedWrite(api(), { identifier: STUDENT, base, yours: [...base, outsider] });
    expect(saved).toMatchObject({ status: 'saved', before: base, written: [...base, outsider] });
    expect(await readNetwork(api(), STUDENT)).toEqual([...base, outsider]);

    // Someone else removes the first member; my edit (made from the old base) removes the outsider.
    const theirs = [...base, outsider].slice(1);
    await api().people.successNetwork.replace(STUDENT, theirs.map((identifier) => ({ identifier })));
    const merged = await guardedWrite(api(), { identifier: STUDENT, base: [...base, outsider], yours: base });
    expect(merged).toMatchObject({ status: 'merged', written: base.slice(1) });
    expect(await readNetwork(api(), STUDENT)).toEqual(base.slice(1));

    // Both reorder differently: a conflict, and the network stays theirs.
    const now = base.slice(1).concat(outsider);
    await api().people.successNetwork.replace(STUDENT, now.map((identifier) => ({ identifier })));
    const reversed = [...now].reverse();
    await api().people.successNetwork.replace(STUDENT, reversed.map((identifier) => ({ identifier })));
    const conflict = await guardedWrite(api(), { identifier: STUDENT, base: now, yours: [now[1]!, now[0]!, ...now.slice(2)] });
    expect(conflict).toMatchObject({ status: 'conflict', theirs: reversed });
    expect(await readNetwork(api(), STUDENT)).toEqual(reversed);
  });
});

describe('bulk reassignment', () => {
  it('previews (unknown students and staff named), writes each student once and can be undone', async () => {
    const students = ['S000401', 'S000402', 'S000403'];
    const [x, y] = (await api().people.list({ role: 'Staff', pageSize: 2 })).values.map((p) => p.identifier) as [string, string];
    for (const s of students) {
      const members = (await readNetwork(api(), s)).filter((m) => m !== x && m !== y);
      await api().people.successNetwork.replace(s, [...members, x].map((identifier) => ({ identifier })));
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
