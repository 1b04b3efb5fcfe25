import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dayToDate,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  parseDateBound,
  parseDay,
  readDayRange,
  relativeWords,
  shiftDay,
  toIso,
} from './dates.ts';

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

  it.each(['', 'yesterday', '2026-02-30', '2026-13-01', '2026-03-01T08:00:00', '2026-03-01T25:00:00Z', '2026-03-01 08:00Z', '1e10'])('refuses %j', (text) => {
    expect(parseDateBound(text, 'start')).toBeNull();
  });
});

describe('days', () => {
  it('knows real days from look-alikes', () => {
    expect(parseDay(' 2024-02-29 ')).toBe('2024-02-29');
    expect(parseDay('2025-02-29')).toBeNull();
    expect(parseDay('2025-6-1')).toBeNull();
    expect(parseDay('soon')).toBeNull();
  });

  it('round-trips a day through a local date', () => {
    expect(formatDay(dayToDate('2026-03-29'))).toBe('2026-03-29');
    expect(formatDay(dayToDate('0099-12-31'))).toBe('0099-12-31');
    const local = dayToDate('2026-11-01');
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes()]).toEqual([2026, 10, 1, 0, 0]);
    expect(Number.isNaN(dayToDate('2026-1-1').getTime())).toBe(true);
    expect(() => formatDay(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('knows month lengths and leap years, and takes no day past a month’s end', () => {
    expect(parseDay('2000-02-29')).toBe('2000-02-29');
    expect(parseDay('1900-02-29')).toBeNull();
    expect(parseDay('2026-04-31')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('2026-00-10')).toBeNull();
    expect(parseDay('2026-12-00')).toBeNull();
    expect(parseDay('2026-12-31')).toBe('2026-12-31');
    expect(parseDay('２０２６-01-01')).toBeNull();
  });

  it('shifts across months and leap days', () => {
    expect(shiftDay('2026-03-01', -30)).toBe('2026-01-30');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    // Over a change of clocks (Europe and America both change in March and October/November).
    expect(shiftDay('2026-03-01', 60)).toBe('2026-04-30');
    expect(shiftDay('2026-11-30', -60)).toBe('2026-10-01');
  });

  it('reads a range from a URL, dropping what is not a day, with a notice each', () => {
    expect(readDayRange(new URLSearchParams('from=2026-05-01&to=2026-05-31'))).toEqual({ from: '2026-05-01', to: '2026-05-31', notices: [] });
    const bad = readDayRange(new URLSearchParams('from=2026-02-30&to=soon'));
    expect([bad.from, bad.to]).toEqual([null, null]);
    expect(bad.notices.join(' ')).toMatch(/“2026-02-30”.*“soon”/);
    const reversed = readDayRange(new URLSearchParams('from=2026-06-01&to=2026-05-01'));
    expect([reversed.from, reversed.to]).toEqual([null, null]);
    expect(reversed.notices[0]).toMatch(/after the end/);
  });
});

describe('one date and time format (#31 item 9)', () => {
  const medium = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  const mediumShort = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

  it('writes a date in the browser locale’s medium form, a bare day as that very day, an unreadable value as it came', () => {
    for (const iso of ['2025-08-15T12:00:00.000Z', '2026-01-02T00:30:00+02:00', '1999-12-31T23:59:59.999Z'])
      expect(formatDate(iso)).toBe(medium.format(new Date(iso)));
    // A day is not read as UTC midnight (which is the day before west of Greenwich).
    expect(formatDate('2026-11-27')).toBe(medium.format(new Date(2026, 10, 27)));
    expect(formatDate('soon')).toBe('soon');
  });

  it('writes a moment as that date with the short time, never the locale’s default toLocaleString', () => {
    const iso = '2026-11-27T15:59:29.000Z';
    expect(formatDateTime(iso)).toBe(mediumShort.format(new Date(iso)));
    expect(formatDateTime(Date.parse(iso))).toBe(formatDateTime(iso));
    expect(formatDateTime(iso)).not.toBe(new Date(iso).toLocaleString());
    expect(formatDateTime(iso).startsWith(formatDate(iso))).toBe(true);
    expect(formatDateTime('later')).toBe('later');
  });

  it('says a range of days in the same format', () => {
    expect(formatDayRange({ from: '2025-06-01', to: '2026-06-01' })).toBe(`from ${formatDate('2025-06-01')} to ${formatDate('2026-06-01')}`);
    expect(formatDayRange({ from: '2025-06-01', to: '2026-06-01' })).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('says how long ago in the locale’s words, without "about"', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const ago = (ms: number) => relativeWords(new Date(now.getTime() - ms), now);
    expect(ago(30_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * DAY_MS)).toBe('3 days ago');
    expect(ago(2 * 365 * DAY_MS + 40 * DAY_MS)).toBe('2 years ago');
    expect(relativeWords(new Date(now.getTime() + 2 * 3_600_000), now)).toBe('in 2 hours');
  });
});

describe('a date field in the locale’s figures (issue 31, item 9)', () => {
  it('takes the order and separators of the locale, never yyyy-mm-dd unless the locale writes it so', async () => {
    const { dayFieldFormat, formatDayField } = await import('./dates.ts');
    expect(dayFieldFormat('en-US')).toBe('MM/dd/yyyy');
    expect(dayFieldFormat('en-GB')).toBe('dd/MM/yyyy');
    expect(dayFieldFormat('de-DE')).toBe('dd.MM.yyyy');
    expect(dayFieldFormat('ja-JP')).toBe('yyyy/MM/dd');
    expect(formatDayField('2026-11-27', 'en-US')).toBe('11/27/2026');
    expect(formatDayField('2026-11-27', 'de-DE')).toBe('27.11.2026');
  });
});
