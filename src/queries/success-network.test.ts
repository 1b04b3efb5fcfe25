import { describe, expect, it } from 'vitest';
import { setupTestBackend } from '../testing/setup-test-backend.ts';
import { guardedWrite, readNetwork } from './success-network.ts';

/** The guarded write against a real reference backend. */
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
    await api().people.successNetwork.replace(
      STUDENT,
      theirs.map((identifier) => ({ identifier })),
    );
    const merged = await guardedWrite(api(), { identifier: STUDENT, base: [...base, outsider], yours: base });
    expect(merged).toMatchObject({ status: 'merged', written: base.slice(1) });
    expect(await readNetwork(api(), STUDENT)).toEqual(base.slice(1));

    // Both reorder differently: a conflict, and the network stays theirs.
    const now = base.slice(1).concat(outsider);
    await api().people.successNetwork.replace(
      STUDENT,
      now.map((identifier) => ({ identifier })),
    );
    const reversed = [...now].reverse();
    await api().people.successNetwork.replace(
      STUDENT,
      reversed.map((identifier) => ({ identifier })),
    );
    const conflict = await guardedWrite(api(), { identifier: STUDENT, base: now, yours: [now[1]!, now[0]!, ...now.slice(2)] });
    expect(conflict).toMatchObject({ status: 'conflict', theirs: reversed });
    expect(await readNetwork(api(), STUDENT)).toEqual(reversed);
  });
});
