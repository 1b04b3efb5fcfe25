import { describe, expect, it } from 'vitest';
import type { Administration } from '../../api/schemas/index.ts';
import { assessmentChoices, orderAdministrations, readOrder } from './administration-order.ts';

const admin = (id: number, title: string) => ({ id, title }) as Administration;
const rows = [
  admin(1, 'Fall 2026 Student Strengths Inventory'),
  admin(2, 'Spring 2026 Continuing Student Assessment'),
  admin(3, 'Fall 2025 Student Strengths Inventory'),
  admin(4, 'Pilot'),
];

describe('the administrations list', () => {
  it('orders by respondents, most or fewest first, the ones not counted yet last', () => {
    const counts = new Map([
      [1, 18],
      [2, 402],
      [3, 107],
    ]);
    expect(orderAdministrations(rows, 'most-respondents', counts).map((a) => a.id)).toEqual([2, 3, 1, 4]);
    expect(orderAdministrations(rows, 'fewest-respondents', counts).map((a) => a.id)).toEqual([1, 3, 2, 4]);
    expect(orderAdministrations(rows, 'newest', counts).map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect(readOrder('most-respondents')).toBe('most-respondents');
    expect(readOrder('sideways')).toBe('newest');
  });

  it('names each assessment learned by what its administrations’ titles share, else by number', () => {
    const assessments = new Map<number, number | null>([
      [1, 1],
      [2, 2],
      [3, 1],
      [4, null],
    ]);
    expect(assessmentChoices(rows, assessments)).toEqual([
      { id: 2, label: 'Assessment 2', administrations: 1 },
      { id: 1, label: 'Student Strengths Inventory (assessment 1)', administrations: 2 },
    ]);
    expect(assessmentChoices(rows, new Map())).toEqual([]);
  });
});
