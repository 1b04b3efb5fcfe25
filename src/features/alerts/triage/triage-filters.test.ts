import { describe, expect, it } from 'vitest';
import {
  clearedFilters,
  effectiveSort,
  effectiveTriageRange,
  hasActiveFilters,
  NO_TRIAGE_FILTERS,
  parseTriageFilters,
  writeTriageFilters,
  type TriageFilters,
} from './triage-filters.ts';

const parse = (search: string) => parseTriageFilters(new URLSearchParams(search));

describe('parseTriageFilters', () => {
  it('defaults to open alerts, one row per alert, no other filter', () => {
    expect(parse('')).toEqual({ filters: NO_TRIAGE_FILTERS, notices: [] });
  });

  it('reads every filter of a full link', () => {
    const { filters, notices } = parse(
      'status=all&category=7&category=3&creator=E0012&student=S000123&q=rent%20due&from=2026-05-01&to=2026-05-31&group=student&sort=-age',
    );
    expect(notices).toEqual([]);
    expect(filters).toEqual({
      status: 'all',
      categories: [3, 7],
      creator: 'E0012',
      student: 'S000123',
      q: 'rent due',
      from: '2026-05-01',
      to: '2026-05-31',
      view: 'student',
      sort: { field: 'age', direction: 'desc' },
    });
  });

  it('accepts other spellings: any case, comma lists, duplicates', () => {
    const { filters } = parse('status=LOWERED&category=3,7&category=3&group=Student&sort=CreatedOn');
    expect(filters.status).toBe('Lowered');
    expect(filters.categories).toEqual([3, 7]);
    expect(filters.view).toBe('student');
    expect(filters.sort).toEqual({ field: 'createdOn', direction: 'asc' });
  });

  it('drops what it does not understand, with a notice each, and never throws', () => {
    const { filters, notices } = parse('status=closed&category=x&category=-1&category=4&from=2026-02-30&to=soon&group=creator&sort=-bogus&creator=%01');
    expect(filters).toEqual({ ...NO_TRIAGE_FILTERS, categories: [4] });
    expect(notices).toHaveLength(7);
    const text = notices.join(' ');
    for (const word of ['closed', '“x”', '2026-02-30', 'soon', 'creator', 'bogus']) expect(text).toContain(word);
  });

  it('drops a range whose start is after its end', () => {
    const { filters, notices } = parse('from=2026-06-01&to=2026-05-01');
    expect([filters.from, filters.to]).toEqual([null, null]);
    expect(notices[0]).toMatch(/after the end/);
  });

  it('survives anything a URL can carry', () => {
    for (const search of ['status=%00', 'category=' + '9'.repeat(40), 'q=%F0%9F%98%80', 'sort=-', 'from=&to=', 'student=' + 'x'.repeat(500)]) {
      expect(() => parse(search)).not.toThrow();
    }
  });
});

describe('writeTriageFilters', () => {
  it('round-trips and keeps the parameters it does not own', () => {
    const filters: TriageFilters = {
      status: 'Lowered',
      categories: [7, 3],
      creator: 'E0012',
      student: null,
      q: 'rent',
      from: '2026-05-01',
      to: null,
      view: 'student',
      sort: { field: 'count', direction: 'desc' },
    };
    const params = writeTriageFilters(new URLSearchParams('alert=12&category=bogus'), filters);
    expect(params.get('alert')).toBe('12');
    expect(params.get('categories')).toBe('3,7');
    expect(params.has('category')).toBe(false);
    expect(params.get('sort')).toBe('-count');
    expect(parseTriageFilters(params).filters).toEqual({ ...filters, categories: [3, 7] });
  });

  it('leaves defaults out of the URL', () => {
    expect(writeTriageFilters(new URLSearchParams('status=all&group=student'), NO_TRIAGE_FILTERS).toString()).toBe('');
  });
});

describe('ranges, sorts and clearing', () => {
  const today = new Date(2026, 5, 15);
  it('defaults to the last 30 days, today included', () => {
    expect(effectiveTriageRange(NO_TRIAGE_FILTERS, today)).toEqual({ from: '2026-05-16', to: '2026-06-15' });
    expect(effectiveTriageRange({ from: null, to: '2026-03-01' }, today)).toEqual({ from: '2026-01-30', to: '2026-03-01' });
    expect(effectiveTriageRange({ from: '2026-07-01', to: null }, today)).toEqual({ from: '2026-07-01', to: '2026-07-01' });
  });

  it('falls back to the view default when the view cannot sort by the URL field', () => {
    expect(effectiveSort({ view: 'alert', sort: null })).toEqual({ field: 'createdOn', direction: 'desc' });
    expect(effectiveSort({ view: 'alert', sort: { field: 'count', direction: 'asc' } })).toEqual({ field: 'createdOn', direction: 'desc' });
    expect(effectiveSort({ view: 'student', sort: { field: 'count', direction: 'asc' } })).toEqual({ field: 'count', direction: 'asc' });
    expect(effectiveSort({ view: 'student', sort: { field: 'creator', direction: 'asc' } })).toEqual({ field: 'count', direction: 'desc' });
  });

  it('says when a filter narrows the queue and clears all but the view and sort', () => {
    expect(hasActiveFilters(NO_TRIAGE_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_TRIAGE_FILTERS, view: 'student' })).toBe(false);
    const busy: TriageFilters = { ...NO_TRIAGE_FILTERS, status: 'all', q: 'x', view: 'student', sort: { field: 'age', direction: 'asc' } };
    expect(hasActiveFilters(busy)).toBe(true);
    expect(clearedFilters(busy)).toEqual({ ...NO_TRIAGE_FILTERS, view: 'student', sort: { field: 'age', direction: 'asc' } });
  });
});
