import { describe, expect, it } from 'vitest';
import type { ExpandedPerson } from '../api/schemas/index.ts';
import { rankByOpenAlerts } from './list-jobs.ts';

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
