import { describe, expect, it } from 'vitest';
import { kindsInWords, loadedKinds } from './partial-load.ts';
import { insightTypeWord } from './timeline-items.ts';
import { DATA_INSIGHT_TYPES } from '../../api/schemas/notations.ts';

describe('kindsInWords', () => {
  it('names kinds in one sentence order, whatever order they come in', () => {
    expect(kindsInWords(['encouragement', 'update', 'alert', 'dataInsight'])).toBe('alerts, data insights, updates and encouragements');
    expect(kindsInWords(['dataInsight', 'alert'])).toBe('alerts and data insights');
    expect(kindsInWords(['update'])).toBe('updates');
    expect(kindsInWords([])).toBe('');
  });

  it('names what loaded when some kinds failed', () => {
    expect(kindsInWords(loadedKinds(['update']))).toBe('alerts, data insights and encouragements');
    expect(loadedKinds(['update', 'dataInsight', 'alert', 'encouragement'])).toEqual([]);
  });
});

describe('insightTypeWord', () => {
  it('gives every type of the contract a readable name', () => {
    expect(insightTypeWord('Api')).toBe('API');
    expect(insightTypeWord('UnexcusedAbsence')).toBe('Unexcused absence');
    expect(insightTypeWord('BaselineSurvey')).toBe('Baseline survey');
    for (const type of DATA_INSIGHT_TYPES) expect(insightTypeWord(type)).toMatch(/^[A-Z][A-Za-z ]+$/);
    expect(new Set(DATA_INSIGHT_TYPES.map(insightTypeWord)).size).toBe(DATA_INSIGHT_TYPES.length);
  });

  it('shows a type the contract does not name as the service sent it', () => {
    expect(insightTypeWord('SomethingNew')).toBe('SomethingNew');
    expect(insightTypeWord('toString')).toBe('toString');
  });
});
