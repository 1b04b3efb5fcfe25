import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './timeline-filters.ts';
import {
  categoriesOf,
  filterTimeline,
  fromAlert,
  fromDataInsight,
  fromEncouragement,
  fromUpdate,
  humanize,
  mergeTimeline,
  type Resolvers,
} from './timeline-items.ts';

describe('timeline items', () => {
  const resolve: Resolvers = {
    person: (link) => link.href.split('/').pop() ?? null,
    encouragementType: (link) => link.href.split('/').pop() ?? null,
  };
  const link = (href: string) => ({ href });
  const comment = { id: 1, createdBy: link('/people/E1'), createdOn: '2026-01-02T00:00:00.000Z', details: 'Called home', usedToLowerAlert: false };
  const update = fromUpdate(
    {
      id: 5,
      audienceType: 'All',
      canStudentView: true,
      categories: { values: [{ id: 3, name: 'Math' }] },
      comments: { values: [comment] },
      createdBy: link('/people/E7'),
      createdOn: '2026-01-01T10:00:00.000Z',
      details: 'Struggling with\nfractions',
    },
    resolve,
  );
  const alert = fromAlert(
    {
      id: 4,
      audienceType: 'All',
      canStudentView: false,
      categories: { values: [{ id: 7, name: 'Attendance' }] },
      comments: { values: [] },
      createdBy: link('/people/E8'),
      createdOn: '2026-01-01T10:00:00.000Z',
      details: 'Missed class',
      status: 'Open',
    },
    resolve,
  );
  const insight = fromDataInsight(
    { id: 9, comments: { values: [] }, createdOn: '2025-12-01T00:00:00.000Z', dataInsightType: 'UnexcusedAbsence', details: 'Absent' },
    resolve,
  );
  const encouragement = fromEncouragement(
    { id: 2, audienceType: 'All', createdBy: link('/people/E1'), createdOn: '2026-02-01T00:00:00.000Z', details: 'Great work', type: link('/types/4') },
    resolve,
  );
  const range = { from: '2025-01-01', to: '2026-12-31' };

  it('merges newest first, then by id', () => {
    expect(mergeTimeline([[insight], [alert, update], [encouragement]]).map((i) => i.key)).toEqual(['encouragement-2', 'update-5', 'alert-4', 'dataInsight-9']);
  });

  it('reads authors, comments and types from their links', () => {
    expect(update.author).toBe('E7');
    expect(update.comments?.[0]?.author).toBe('E1');
    expect(encouragement.encouragementTypeId).toBe('4');
    expect(encouragement.comments).toBeNull();
    expect(humanize('UnexcusedAbsence')).toBe('Unexcused absence');
  });

  it('filters by kind, category, text (details, categories, comments, extra) and range', () => {
    const all = mergeTimeline([[update, alert, insight, encouragement]]);
    const keys = (filters: Partial<typeof NO_FILTERS>, r = range, extra?: (k: string) => string | undefined) =>
      filterTimeline(all, { ...NO_FILTERS, ...filters }, r, extra ? { extraText: (i) => extra(i.key) } : {}).map((i) => i.key);
    expect(keys({ kinds: ['alert', 'dataInsight'] })).toEqual(['alert-4', 'dataInsight-9']);
    expect(keys({ categories: [3] })).toEqual(['update-5']);
    expect(keys({ q: 'FRACTIONS' })).toEqual(['update-5']);
    expect(keys({ q: 'called home' })).toEqual(['update-5']);
    expect(keys({ q: 'attendance' })).toEqual(['alert-4']);
    expect(keys({ q: 'unexcused' })).toEqual(['dataInsight-9']);
    expect(keys({ q: 'mentoring' }, range, (k) => (k === 'encouragement-2' ? 'Mentoring' : undefined))).toEqual(['encouragement-2']);
    expect(keys({}, { from: '2026-01-01', to: '2026-01-01' })).toEqual(['update-5', 'alert-4']);
  });

  it('lists the categories the items carry', () => {
    expect(categoriesOf([update, alert]).map((c) => c.name)).toEqual(['Attendance', 'Math']);
  });
});
