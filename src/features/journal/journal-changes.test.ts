import { describe, expect, it } from 'vitest';
import { describeChanges, peopleOf } from './journal-changes.tsx';

const names = {
  person: (id: string) => ({ E0002: 'Ana Ruiz', E0003: 'Ben Ode', S000010: 'Cy Dow', S000011: 'Di Eng' })[id] ?? id,
  category: (id: string) => ({ '3': 'Attendance', '5': 'Grades' })[id] ?? `category ${id}`,
};

describe('the journal in words (#31 item 8)', () => {
  it('names the people of a network, "nobody" only for no people', () => {
    const lines = describeChanges({ asked: ['E0003'], before: ['E0002'], after: ['E0003'] }, names);
    expect(lines).toEqual(['Asked: Ben Ode', 'Before: Ana Ruiz', 'After: Ben Ode', 'Added: Ben Ode', 'Removed: Ana Ruiz']);
    expect(describeChanges({ before: ['E0002'], after: [] }, names)).toContain('After: nobody');
  });

  it('says which students a trigger was applied to, by name, with the plural right', () => {
    expect(describeChanges({ appliedTo: ['S000010', 'S000011'] }, names)).toEqual(['Applied to 2 students: Cy Dow, Di Eng']);
    expect(describeChanges({ appliedTo: ['S000010'] }, names)).toEqual(['Applied to 1 student: Cy Dow']);
  });

  it('names an update’s categories, and says "none" (never "nobody") when it has none', () => {
    expect(describeChanges({ audienceType: 'All', canStudentView: false, categories: [3, 5] }, names)).toEqual([
      'Audience: All staff',
      'Student can see it: no',
      'Categories: Attendance, Grades',
    ]);
    const none = describeChanges({ audienceType: 'Private', canStudentView: true, categories: [] }, names);
    expect(none).toContain('Categories: none');
    expect(none.join(' ')).not.toMatch(/nobody/);
  });

  it('asks for the names of the network’s owner and everyone in it, once each', () => {
    expect(
      peopleOf({ operation: 'network.replace', target: 'network/S000004', summary: { asked: ['E0003'], before: ['E0002', 'E0003'], after: ['E0003'] } }),
    ).toEqual(['S000004', 'E0002', 'E0003']);
    expect(peopleOf({ operation: 'update.create', target: 'student/S000005', summary: { categories: [3] } })).toEqual(['S000005']);
  });
});
