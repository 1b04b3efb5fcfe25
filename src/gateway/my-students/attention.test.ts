import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTENTION_RULES, byAttention, reasonsFor, type AttentionFacts, type AttentionRules, type Ranked } from './attention.ts';

/** The reasons the rules give, as the home words them. */
const reasonTexts = (facts: AttentionFacts, rules: AttentionRules = DEFAULT_ATTENTION_RULES) => reasonsFor(facts, rules).map((r) => r.text);

const quiet: AttentionFacts = { openAlerts: 0, oldestUncommentedAlertDays: null, newAlerts: 0, factorScores: [], lastContactDays: 3 };

describe('the attention rules', () => {
  it('gives no reason for a student with nothing open, nothing new and no low score', () => {
    expect(reasonsFor(quiet, DEFAULT_ATTENTION_RULES)).toEqual([]);
  });

  it('names each rule that fires, in words, and only those', () => {
    const facts: AttentionFacts = {
      openAlerts: 2,
      oldestUncommentedAlertDays: 9,
      newAlerts: 1,
      factorScores: [
        { factor: 'Resiliency', score: 12 },
        { factor: 'Academic Engagement', score: 60 },
      ],
      lastContactDays: 2,
    };
    expect(reasonTexts(facts)).toEqual(['2 open alerts', 'alert open 9 days, no comment', 'new alert since your last visit', 'bottom 25 % in Resiliency']);
  });

  it('holds each threshold at its edge', () => {
    const rules = { ...DEFAULT_ATTENTION_RULES, openAlerts: 2, silentAlertDays: 7, bottomPercent: 25, noContactDays: 30 };
    expect(reasonsFor({ ...quiet, openAlerts: 1, oldestUncommentedAlertDays: 6, lastContactDays: 29 }, rules)).toEqual([]);
    expect(reasonsFor({ ...quiet, openAlerts: 2, oldestUncommentedAlertDays: 7, lastContactDays: 30 }, rules).map((r) => r.rule)).toEqual([
      'open-alerts',
      'silent-alert',
      'no-contact',
    ]);
    expect(reasonTexts({ ...quiet, factorScores: [{ factor: 'Grit', score: 25 }] }, rules)).toEqual(['bottom 25 % in Grit']);
    expect(reasonsFor({ ...quiet, factorScores: [{ factor: 'Grit', score: 25.5 }] }, rules)).toEqual([]);
    // Off the 1–99 scale: never banded.
    expect(reasonsFor({ ...quiet, factorScores: [{ factor: 'Grit', score: 0 }] }, rules)).toEqual([]);
  });

  it('says plurals and several low factors in one reason, names sorted', () => {
    const facts = {
      ...quiet,
      openAlerts: 1,
      newAlerts: 3,
      factorScores: [
        { factor: 'Self-Efficacy', score: 5 },
        { factor: 'Grit', score: 20 },
      ],
      lastContactDays: null,
    };
    expect(reasonTexts(facts)).toEqual([
      '1 open alert',
      '3 new alerts since your last visit',
      'bottom 25 % in Grit, Self-Efficacy',
      'open alert, no contact on record',
    ]);
  });

  it('turns a rule off at 0', () => {
    const facts = { ...quiet, openAlerts: 3, oldestUncommentedAlertDays: 40, newAlerts: 2, factorScores: [{ factor: 'Grit', score: 3 }], lastContactDays: 90 };
    const off = { openAlerts: 0, silentAlertDays: 0, newAlerts: 0, bottomPercent: 0, noContactDays: 0 };
    expect(reasonsFor(facts, off)).toEqual([]);
    expect(reasonTexts(facts, { ...off, silentAlertDays: 10 })).toEqual(['alert open 40 days, no comment']);
  });
});

describe('the attention order', () => {
  const row = (name: string, reasons: number, openAlerts: number, oldestOpenAlertDays: number | null): Ranked => ({
    name,
    reasons: Array.from({ length: reasons }, () => ({ rule: 'open-alerts' as const, text: '' })),
    openAlerts,
    oldestOpenAlertDays,
  });
  it('puts more reasons first, then more open alerts, then the older alert, then the name', () => {
    const rows = [row('Ada', 1, 1, 2), row('Bo', 2, 1, 1), row('Cy', 1, 3, 1), row('Di', 1, 1, 20), row('Al', 1, 1, 20), row('Ed', 0, 0, null)];
    expect(rows.sort(byAttention).map((r) => r.name)).toEqual(['Bo', 'Cy', 'Al', 'Di', 'Ada', 'Ed']);
  });
});
