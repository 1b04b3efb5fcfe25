import { describe, expect, it } from 'vitest';
import type { AllValues, ListAllProgress } from '../api/paging.ts';
import { IDENTIFIERS_PER_REQUEST, listForStudents } from './scoped-list.ts';

type Row = { id: number; createdOn: string; student: string };
const rows: Row[] = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  // Ties on createdOn every other row: the order then falls to id, descending.
  createdOn: `2026-11-${String(1 + Math.floor(i / 20)).padStart(2, '0')}T0${i % 2}:00:00Z`,
  student: `S${String(i % 250).padStart(6, '0')}`,
}));
const serviceOrder = [...rows].sort((a, b) => (a.createdOn < b.createdOn ? 1 : a.createdOn > b.createdOn ? -1 : b.id - a.id));

function fakeService() {
  const asked: string[][] = [];
  const readAll = async (identifiers: readonly string[], onProgress: (p: ListAllProgress) => void): Promise<AllValues<Row>> => {
    asked.push([...identifiers]);
    const values = rows.filter((r) => identifiers.includes(r.student)).reverse();
    onProgress({ loaded: values.length, total: values.length });
    return { values, totalValues: values.length, invalidCount: 0, invalidItems: [], pages: 1 };
  };
  return { asked, readAll };
}

describe('listForStudents', () => {
  it('asks in runs of 100 identifiers, each once, and merges into one list in the service order', async () => {
    const service = fakeService();
    const students = Array.from({ length: 250 }, (_, i) => `S${String(i).padStart(6, '0')}`);
    const progress: ListAllProgress[] = [];
    const all = await listForStudents([...students, students[0]!], service.readAll, (p) => progress.push(p));
    expect(service.asked.map((run) => run.length)).toEqual([IDENTIFIERS_PER_REQUEST, IDENTIFIERS_PER_REQUEST, 50]);
    expect(new Set(service.asked.flat()).size).toBe(250);
    expect(all.values).toEqual(serviceOrder);
    expect(all.totalValues).toBe(500);
    expect(progress.at(-1)).toEqual({ loaded: 500, total: 500 });
  });

  it('keeps only the students asked for, and asks nothing for nobody', async () => {
    const service = fakeService();
    const some = await listForStudents(['S000003'], service.readAll);
    expect(some.values.map((r) => r.id)).toEqual([254, 4]);
    const none = await listForStudents([], service.readAll);
    expect(none.values).toEqual([]);
    expect(service.asked).toHaveLength(1);
  });
});
