import { describe, expect, it } from 'vitest';
import type { ExpandedPerson } from '../api/schemas/index.ts';
import { ITEMS_PER_MESSAGE, itemStream, pagesAheadOfFirst, rankByOpenAlerts } from './list-jobs.ts';

const person = (identifier: string) => ({ identifier, firstName: identifier, lastName: 'Student' }) as unknown as ExpandedPerson;
const alert = (student: string, status: string, createdOn: string) => ({ status, createdOn, student: person(student) });

describe('the open-alerts ranking (run in the list worker)', () => {
  it('counts open alerts per student, most first, the oldest open alert breaking ties; lowered alerts do not count', () => {
    const ranking = rankByOpenAlerts([
      alert('S1', 'Open', '2026-03-02T00:00:00.000Z'),
      alert('S2', 'Open', '2026-03-05T00:00:00.000Z'),
      alert('S1', 'Lowered', '2026-01-01T00:00:00.000Z'),
      alert('S3', 'Open', '2026-02-01T00:00:00.000Z'),
      alert('S2', 'Open', '2026-03-01T00:00:00.000Z'),
      alert('S3', 'Open', '2026-03-09T00:00:00.000Z'),
      alert('S4', 'Lowered', '2026-03-09T00:00:00.000Z'),
    ]);
    expect(ranking.map((r) => [r.student.identifier, r.openAlerts, r.oldestOpenedOn])).toEqual([
      ['S3', 2, '2026-02-01T00:00:00.000Z'],
      ['S2', 2, '2026-03-01T00:00:00.000Z'],
      ['S1', 1, '2026-03-02T00:00:00.000Z'],
    ]);
  });
});

describe('the items of a result crossing from the worker ahead of it (itemStream)', () => {
  it('hands on each new item once, in runs of at most ITEMS_PER_MESSAGE, and says how many of them are the values', () => {
    const runs: unknown[][] = [];
    const stream = itemStream((items) => runs.push(items));
    const items = Array.from({ length: ITEMS_PER_MESSAGE + 10 }, (_, i) => ({ i }));
    expect(stream.take({ values: items.slice(0, 3), totalValues: 600 })).toBe(3);
    expect(stream.take({ values: items, totalValues: 600 })).toBe(ITEMS_PER_MESSAGE + 10);
    expect(runs.map((run) => run.length)).toEqual([3, ITEMS_PER_MESSAGE, 7]);
    expect(runs.flat()).toEqual(items);
    expect(runs.flat().every((item, i) => item === items[i])).toBe(true);
  });

  it('sends a result whole (undefined) when it has no values, or values that do not begin with those sent', () => {
    const runs: unknown[][] = [];
    const stream = itemStream((items) => runs.push(items));
    expect(stream.take({ ranking: [] })).toBeUndefined();
    const a = { id: 1 };
    expect(stream.take({ values: [a] })).toBe(1);
    expect(stream.take({ values: [{ id: 1 }, { id: 2 }] })).toBeUndefined();
    // Once the values went whole, they keep going whole.
    expect(stream.take({ values: [a, { id: 2 }] })).toBeUndefined();
    expect(runs).toEqual([[a]]);
  });
});

describe('pages ahead of the first (pagesAheadOfFirst)', () => {
  type Call = string;
  const setup = (total: number, ahead = 2) => {
    const calls: Call[] = [];
    const first = Promise.withResolvers<string>();
    const count = Promise.withResolvers<number>();
    const fetchPage = pagesAheadOfFirst<string>(
      (page, pageSize) => {
        calls.push(`${page}:${pageSize}`);
        return page === 1 ? first.promise : Promise.resolve(`page ${page}`);
      },
      () => {
        calls.push('count');
        return count.promise;
      },
      ahead,
    );
    return { calls, first, count, fetchPage, total };
  };

  it('asks for the count beside page 1 and starts pages 2 to ahead + 1 as soon as it answers; listAll then gets those', async () => {
    const { calls, first, count, fetchPage } = setup(4500);
    const one = fetchPage(1, 1000, {});
    expect(calls).toEqual(['1:1000', 'count']);
    count.resolve(4500);
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual(['1:1000', 'count', '2:1000', '3:1000']);
    first.resolve('page 1');
    expect(await one).toBe('page 1');
    expect(await fetchPage(2, 1000, {})).toBe('page 2');
    expect(await fetchPage(3, 1000, {})).toBe('page 3');
    expect(await fetchPage(4, 1000, {})).toBe('page 4');
    // Pages 2 and 3 were not asked for twice.
    expect(calls).toEqual(['1:1000', 'count', '2:1000', '3:1000', '4:1000']);
  });

  it('starts no page beyond the last, and none when page 1 came before the count', async () => {
    const small = setup(1500, 4);
    void small.fetchPage(1, 1000, {});
    small.count.resolve(1500);
    await new Promise((resolve) => setTimeout(resolve));
    expect(small.calls).toEqual(['1:1000', 'count', '2:1000']);

    const late = setup(4500);
    void late.fetchPage(1, 1000, {});
    late.first.resolve('page 1');
    await new Promise((resolve) => setTimeout(resolve));
    late.count.resolve(4500);
    await new Promise((resolve) => setTimeout(resolve));
    expect(late.calls).toEqual(['1:1000', 'count']);
  });
});
