import { describe, expect, it } from 'vitest';
import type { OutcomeGroup, Outcomes } from '../../api/schemas/index.ts';
import { triageHref } from '../../components/outcome-words.ts';
import { outcomesCsv } from './outcomes-csv.ts';

const group = (alerts: number, extra: Partial<OutcomeGroup> = {}): OutcomeGroup => ({
  alerts,
  lowered: 0,
  open: alerts,
  openAgeBuckets: { '0-3': alerts, '4-7': 0, '8-14': 0, '15-30': 0, '>30': 0 },
  medianHoursToFirstComment: null,
  p90HoursToFirstComment: null,
  medianHoursToLowering: null,
  p90HoursToLowering: null,
  closedWithoutContact: 0,
  answered: 0,
  burden: null,
  flagged: alerts > 0,
  ...extra,
});

describe('the outcomes CSV', () => {
  it('has one row per group with exact hours, and defuses a formula in a name', () => {
    const data: Outcomes = {
      from: '2026-01-01',
      to: '2026-03-31',
      responseDays: 3,
      burdenThreshold: 4,
      triggersAvailable: true,
      ambiguousTriggerAlerts: 0,
      overall: group(2, { answered: 1, burden: 2, medianHoursToFirstComment: 1.25 }),
      categories: [{ id: 3, name: '=cmd', ...group(2) }],
      triggers: [{ id: 9, name: 'Low grade', ...group(0) }],
      raisers: [{ identifier: 'E0001', ...group(2) }],
      weeks: [{ week: '2025-12-29', ...group(2) }],
    };
    const lines = outcomesCsv(data).trimEnd().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe('overall,,2026-01-01 to 2026-03-31,2,0,2,2,0,0,0,0,1.25,,,,0,1,2');
    expect(lines[2]!.startsWith("category,3,'=cmd,2,")).toBe(true);
    expect(lines.slice(3).map((l) => l.split(',')[0])).toEqual(['trigger', 'raiser', 'week']);
  });
});

describe('triage links', () => {
  it('carry the window, the status and the group as the triage page reads them', () => {
    const href = new URL(triageHref({ from: '2026-01-01', to: '2026-03-31' }, { status: 'Open', category: 4, creator: 'E0002' }), 'http://x');
    expect(href.pathname).toBe('/alerts');
    expect(Object.fromEntries(href.searchParams)).toEqual({ status: 'Open', from: '2026-01-01', to: '2026-03-31', categories: '4', creator: 'E0002' });
  });
});
