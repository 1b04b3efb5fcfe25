import { describe, expect, it } from 'vitest';
import { durationWords, raisedOutcome, raisedOutcomes, type RaisedAlert } from './raised-outcomes.ts';

const now = Date.parse('2026-11-28T12:00:00.000Z');
const alert = (over: Partial<RaisedAlert>): RaisedAlert => ({
  id: 1,
  studentId: 'S1',
  studentName: 'Ada Byron',
  raisedBy: 'E1',
  createdOn: '2026-11-27T12:00:00.000Z',
  status: 'Open',
  details: 'd',
  comments: [],
  ...over,
});
const comment = (createdBy: string, createdOn: string, usedToLowerAlert = false, details = 'c') => ({ createdBy, createdOn, details, usedToLowerAlert });

describe('raised by me', () => {
  it('who commented (not me), the lowering comment as the outcome, and the time to the first response by someone else', () => {
    const o = raisedOutcome(
      alert({
        status: 'Lowered',
        createdOn: '2026-11-20T12:00:00.000Z',
        comments: [
          comment('E1', '2026-11-20T13:00:00.000Z'),
          comment('E2', '2026-11-21T18:00:00.000Z'),
          comment('E3', '2026-11-22T12:00:00.000Z', true, 'Sorted'),
          comment('E2', '2026-11-22T13:00:00.000Z'),
        ],
      }),
      now,
      3,
    );
    expect(o.commenters).toEqual(['E2', 'E3']);
    expect(o.outcome?.details).toBe('Sorted');
    expect(o.firstResponseMs).toBe(30 * 3_600_000);
    expect(durationWords(o.firstResponseMs!)).toBe('30 h');
    expect(o.overdue).toBe(false);
  });

  it('open alerts past the response days with no answer first (oldest first), then open, then lowered (latest outcome first)', () => {
    const rows = raisedOutcomes(
      [
        alert({ id: 1, status: 'Lowered', createdOn: '2026-11-01T00:00:00.000Z', comments: [comment('E2', '2026-11-10T00:00:00.000Z', true)] }),
        alert({ id: 2, createdOn: '2026-11-26T00:00:00.000Z' }), // open, 2.5 days
        alert({ id: 3, createdOn: '2026-11-20T00:00:00.000Z' }), // overdue
        alert({ id: 4, createdOn: '2026-11-10T00:00:00.000Z', comments: [comment('E2', '2026-11-11T00:00:00.000Z')] }), // answered
        alert({ id: 5, createdOn: '2026-11-15T00:00:00.000Z', comments: [comment('E1', '2026-11-16T00:00:00.000Z')] }), // only my own comment: overdue
        alert({ id: 6, status: 'Lowered', createdOn: '2026-11-02T00:00:00.000Z', comments: [comment('E2', '2026-11-20T00:00:00.000Z', true)] }),
        alert({ id: 7, createdOn: '2026-11-01T00:00:00.000Z', comments: undefined }), // comments not in: not called overdue
      ],
      now,
      3,
    );
    expect(rows.map((r) => [r.alert.id, r.overdue])).toEqual([
      [5, true],
      [3, true],
      [7, false],
      [4, false],
      [2, false],
      [6, false],
      [1, false],
    ]);
  });
});
