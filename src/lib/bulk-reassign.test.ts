import { describe, expect, it } from 'vitest';
import { applyOperation, mapWithConcurrency, parsePairs, staffOf, studentsOf } from './bulk-reassign.ts';

describe('bulk reassignment plans', () => {
  it('adds last, replaces in place, removes, and says why nothing changes', () => {
    expect(applyOperation({ kind: 'add', staff: 'E3' }, 'S1', ['E1', 'E2'])).toEqual({ after: ['E1', 'E2', 'E3'] });
    expect(applyOperation({ kind: 'add', staff: 'E1' }, 'S1', ['E1'])).toEqual({ after: ['E1'], note: 'E1 is already in the network.' });
    expect(applyOperation({ kind: 'replace', from: 'E1', to: 'E9' }, 'S1', ['E0', 'E1', 'E2'])).toEqual({ after: ['E0', 'E9', 'E2'] });
    expect(applyOperation({ kind: 'replace', from: 'E1', to: 'E2' }, 'S1', ['E1', 'E2']).after).toEqual(['E2']);
    expect(applyOperation({ kind: 'replace', from: 'E7', to: 'E2' }, 'S1', ['E1']).note).toBe('E7 is not in the network.');
    expect(applyOperation({ kind: 'remove', staff: 'E1' }, 'S1', ['E1', 'E2'])).toEqual({ after: ['E2'] });
    expect(
      applyOperation(
        {
          kind: 'pairs',
          pairs: [
            { student: 'S1', staff: 'E5' },
            { student: 'S2', staff: 'E6' },
          ],
        },
        'S1',
        ['E1'],
      ),
    ).toEqual({ after: ['E1', 'E5'] });
  });

  it('parses pasted identifiers and pairs, naming bad lines', () => {
    expect(parsePairs('student,staff\nS1,E1\nS2;E2\nbad\nS1,E1')).toEqual({
      pairs: [
        { student: 'S1', staff: 'E1' },
        { student: 'S2', staff: 'E2' },
      ],
      invalidLines: [4],
    });
    const pairs = {
      kind: 'pairs',
      pairs: [
        { student: 'S1', staff: 'E1' },
        { student: 'S1', staff: 'E2' },
      ],
    } as const;
    expect(studentsOf(pairs, ['S9'])).toEqual(['S1']);
    expect(staffOf(pairs)).toEqual(['E1', 'E2']);
    expect(staffOf({ kind: 'replace', from: 'E1', to: 'E2' })).toEqual(['E1', 'E2']);
  });

  it('runs at most `concurrency` tasks at once and keeps the order of results', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 4, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n * 3));
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(4);
  });
});
