import { describe, expect, it } from 'vitest';
import { closedWithoutContact, groupFigures, outcomeFigures, quantile, weekOf, type AlertHistory } from './figures.ts';
import { triggerMatcher } from './trigger-match.ts';

/** Hand-made alert histories: times are hours after a Monday midnight (UTC). */
const T0 = Date.parse('2026-03-02T00:00:00Z');
const H = 3_600_000;
const D = 24 * H;
const NOW = T0 + 40 * D;
const OPTIONS = { responseDays: 3, burdenThreshold: 4, now: NOW };
const MATHS = { id: 1, name: 'Maths' };
const ATTENDANCE = { id: 2, name: 'Attendance' };

function alert(id: number, created: number, comments: [number, boolean?][] = [], extra: Partial<AlertHistory> = {}): AlertHistory {
  const mapped = comments.map(([h, lowers]) => ({ at: T0 + h * H, lowers: lowers ?? false }));
  return {
    id,
    createdOn: T0 + created * H,
    status: mapped.some((c) => c.lowers) ? 'Lowered' : 'Open',
    raiser: 'E0001',
    categories: [MATHS],
    trigger: null,
    comments: mapped,
    ...extra,
  };
}

describe('quantile', () => {
  it('interpolates between the closest ranks and keeps ties', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([5], 0.9)).toBe(5);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([2, 2, 2, 10], 0.5)).toBe(2);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1, 10);
  });
});

describe('groupFigures', () => {
  it('an alert with no comments is open, unanswered and has no times', () => {
    const f = groupFigures([alert(1, 0)], OPTIONS);
    expect(f).toMatchObject({ alerts: 1, lowered: 0, open: 1, answered: 0, burden: null, flagged: true, closedWithoutContact: 0 });
    expect(f.medianHoursToFirstComment).toBeNull();
    expect(f.medianHoursToLowering).toBeNull();
    // Created at T0, read 40 days later.
    expect(f.openAgeBuckets).toEqual({ '0-3': 0, '4-7': 0, '8-14': 0, '15-30': 0, '>30': 1 });
  });

  it('hours are exact, medians only of the alerts that have the event, ties included', () => {
    const alerts = [alert(1, 0, [[1.5], [30, true]]), alert(2, 0, [[1.5]]), alert(3, 0, [[10, true]]), alert(4, 0)];
    const f = groupFigures(alerts, OPTIONS);
    expect(f.medianHoursToFirstComment).toBe(1.5);
    expect(f.p90HoursToFirstComment).toBeCloseTo(1.5 + 0.8 * 8.5, 10);
    expect(f.medianHoursToLowering).toBe(20);
    expect(f.p90HoursToLowering).toBeCloseTo(28, 10);
    expect(f).toMatchObject({ alerts: 4, lowered: 2, open: 2, answered: 3, closedWithoutContact: 1 });
    expect(f.burden).toBeCloseTo(4 / 3, 10);
    expect(f.flagged).toBe(false);
  });

  it('lowering without any other comment is closed without contact; a second comment is contact', () => {
    expect(closedWithoutContact(alert(1, 0, [[5, true]]))).toBe(true);
    expect(closedWithoutContact(alert(1, 0, [[2], [5, true]]))).toBe(false);
    expect(closedWithoutContact(alert(1, 0, [[5, true], [6]]))).toBe(false);
    expect(closedWithoutContact(alert(1, 0, [[5]]))).toBe(false);
    // Lowered by other means: no comment at all is still no contact.
    expect(closedWithoutContact(alert(1, 0, [], { status: 'Lowered' }))).toBe(true);
  });

  it('answered means a first comment within ALERT_RESPONSE_DAYS, the boundary included', () => {
    const f = groupFigures([alert(1, 0, [[72]]), alert(2, 0, [[72.01]])], OPTIONS);
    expect(f.answered).toBe(1);
    expect(f.burden).toBe(2);
  });

  it('open alerts fall into age buckets by whole days at now', () => {
    const ages = [0, 3.99, 4, 7.5, 8, 14.9, 15, 30.9, 31];
    const f = groupFigures(
      ages.map((days, i) => ({ ...alert(i, 0), createdOn: NOW - days * D })),
      OPTIONS,
    );
    expect(f.openAgeBuckets).toEqual({ '0-3': 2, '4-7': 2, '8-14': 2, '15-30': 2, '>30': 1 });
  });
});

describe('outcomeFigures', () => {
  it('an alert with several categories counts in each; burden-flagged groups come first', () => {
    const alerts = [
      alert(1, 0, [[1]], { categories: [MATHS, ATTENDANCE] }),
      alert(2, 1, [], { categories: [ATTENDANCE] }),
      alert(3, 2, [], { categories: [ATTENDANCE] }),
      alert(4, 3, [], { categories: [ATTENDANCE] }),
      alert(5, 4, [], { categories: [ATTENDANCE] }),
      alert(6, 5, [[6]], { categories: [MATHS, MATHS], raiser: 'E0002' }),
    ];
    const f = outcomeFigures({ from: '2026-03-02', to: '2026-03-15', alerts, triggers: null }, OPTIONS);
    expect(f.overall.alerts).toBe(6);
    expect(f.categories.map((c) => [c.name, c.alerts, c.burden, c.flagged])).toEqual([
      ['Attendance', 5, 5, true],
      ['Maths', 2, 1, false],
    ]);
    expect(f.raisers.map((r) => [r.identifier, r.alerts])).toEqual([
      ['E0001', 5],
      ['E0002', 1],
    ]);
    expect(f.triggersAvailable).toBe(false);
    expect(f.triggers).toEqual([]);
    expect(f.weeks.map((w) => [w.week, w.alerts])).toEqual([
      ['2026-03-02', 6],
      ['2026-03-09', 0],
    ]);
  });

  it('every listed trigger shows, with zeros when it raised nothing', () => {
    const triggers = [
      { id: 7, name: 'Low grade' },
      { id: 8, name: 'Absent' },
    ];
    const f = outcomeFigures({ from: '2026-03-02', to: '2026-03-02', alerts: [alert(1, 0, [], { trigger: triggers[0]! })], triggers }, OPTIONS);
    expect(f.triggersAvailable).toBe(true);
    expect(f.triggers.map((t) => [t.id, t.alerts])).toEqual([
      [7, 1],
      [8, 0],
    ]);
  });

  it('weeks start on Monday (UTC)', () => {
    expect(weekOf(Date.parse('2026-03-08T23:59:59Z'))).toBe('2026-03-02');
    expect(weekOf(Date.parse('2026-03-09T00:00:00Z'))).toBe('2026-03-09');
  });
});

describe('triggerMatcher', () => {
  const match = triggerMatcher([
    { id: 1, name: 'Low grade' },
    { id: 2, name: 'Low grade in maths' },
    { id: 3, name: 'Absent' },
    { id: 4, name: 'Absent' },
  ]);
  it('tells a trigger by its name at the start of the details, the longest name first', () => {
    expect(match('Low grade')).toEqual({ trigger: { id: 1, name: 'Low grade' } });
    expect(match('Low grade\n\nTalk to them.')).toEqual({ trigger: { id: 1, name: 'Low grade' } });
    expect(match('Low grade in maths — 42 in the midterm\n\nAdvice')).toEqual({ trigger: { id: 2, name: 'Low grade in maths' } });
    expect(match('Low grades all round')).toBeNull();
    expect(match('A hand-written alert')).toBeNull();
  });
  it('two triggers with one name cannot be told apart', () => {
    expect(match('Absent\n\nCall home')).toEqual({
      ambiguous: [
        { id: 3, name: 'Absent' },
        { id: 4, name: 'Absent' },
      ],
    });
  });
});
