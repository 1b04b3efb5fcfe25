import { describe, expect, it } from 'vitest';
import { parseDateBound, toIso } from './dates.ts';

describe('parseDateBound', () => {
  it('reads a bare date as the first or last millisecond of that UTC day', () => {
    expect(toIso(parseDateBound('2026-03-01', 'start')!)).toBe('2026-03-01T00:00:00.000Z');
    expect(toIso(parseDateBound('2026-03-01', 'end')!)).toBe('2026-03-01T23:59:59.999Z');
  });

  it('reads date-times with Z or an offset exactly, whatever the bound', () => {
    expect(toIso(parseDateBound('2026-03-01T08:00:00Z', 'end')!)).toBe('2026-03-01T08:00:00.000Z');
    expect(toIso(parseDateBound('2026-03-01T08:00:00+02:00', 'start')!)).toBe('2026-03-01T06:00:00.000Z');
    expect(toIso(parseDateBound('2026-03-01T08:00:00.123456-05:30', 'start')!)).toBe('2026-03-01T13:30:00.123Z');
  });

  it.each(['', 'yesterday', '2026-02-30', '2026-13-01', '2026-03-01T08:00:00', '2026-03-01T25:00:00Z', '2026-03-01 08:00Z', '1e10'])(
    'refuses %j',
    (text) => {
      expect(parseDateBound(text, 'start')).toBeNull();
    },
  );
});
