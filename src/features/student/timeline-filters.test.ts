import { describe, expect, it } from 'vitest';
import { effectiveRange, hasActiveFilters, NO_FILTERS, parseTimelineFilters, writeTimelineFilters } from './timeline-filters.ts';

const parse = (search: string) => parseTimelineFilters(new URLSearchParams(search));

describe('parseTimelineFilters', () => {
  it('reads every filter of the example link', () => {
    const { filters, notices } = parse('kinds=alert,update&categories=3,7&from=2025-06-01&to=2026-06-01&q=math');
    expect(notices).toEqual([]);
    expect(filters).toEqual({ kinds: ['update', 'alert'], categories: [3, 7], from: '2025-06-01', to: '2026-06-01', q: 'math' });
  });

  it('accepts other spellings of a kind and drops duplicates', () => {
    expect(parse('kinds=DATA-INSIGHT,Alert,alert').filters.kinds).toEqual(['dataInsight', 'alert']);
    // All four is no filter at all.
    expect(parse('kinds=update,dataInsight,alert,encouragement').filters.kinds).toEqual([]);
  });

  it('ignores what it does not understand, with a notice each, and never throws', () => {
    const { filters, notices } = parse('kinds=alert,bogus&categories=3,x,-1&from=2025-13-01&to=soon&q=');
    expect(filters).toEqual({ kinds: ['alert'], categories: [3], from: null, to: null, q: '' });
    expect(notices).toHaveLength(4);
    expect(notices.join(' ')).toMatch(/bogus/);
    expect(notices.join(' ')).toMatch(/2025-13-01/);
  });

  it('drops a range whose start is after its end', () => {
    const { filters, notices } = parse('from=2026-06-01&to=2025-06-01');
    expect([filters.from, filters.to]).toEqual([null, null]);
    expect(notices[0]).toMatch(/after the end/);
  });
});

describe('writeTimelineFilters', () => {
  it('round-trips and keeps parameters it does not own', () => {
    const filters = { kinds: ['alert' as const], categories: [7, 3], from: '2025-06-01', to: '2026-06-01', q: 'math' };
    const params = writeTimelineFilters(new URLSearchParams('tab=x&kinds=bogus'), filters);
    expect(params.get('tab')).toBe('x');
    expect(params.get('categories')).toBe('3,7');
    expect(parseTimelineFilters(params).filters).toEqual({ ...filters, categories: [3, 7] });
    expect(writeTimelineFilters(params, NO_FILTERS).toString()).toBe('tab=x');
  });

  it('says when anything narrows the view', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, q: 'x' })).toBe(true);
  });
});

describe('effectiveRange', () => {
  const today = new Date(2026, 5, 1);
  it('defaults to the last 12 months', () => {
    expect(effectiveRange(NO_FILTERS, today)).toEqual({ from: '2025-06-01', to: '2026-06-01' });
  });
  it('fills the missing end', () => {
    expect(effectiveRange({ from: null, to: '2025-01-31' }, today)).toEqual({ from: '2024-01-31', to: '2025-01-31' });
    expect(effectiveRange({ from: '2026-09-01', to: null }, today)).toEqual({ from: '2026-09-01', to: '2026-09-01' });
  });
});
