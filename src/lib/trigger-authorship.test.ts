import { describe, expect, it } from 'vitest';
import { triggerNotationText } from '../features/admin-triggers/trigger-notations.ts';
import { triggerMadeFrom } from './trigger-authorship.ts';

const TRIGGERS = [{ name: 'Three unexcused absences' }, { name: 'Midterm grade below C' }, { name: 'Midterm grade below C-' }];

describe('a notation made by a trigger', () => {
  it('is known by the text the trigger action writes (name, blank line, advice), as the app previews it', () => {
    const details = triggerNotationText({ name: 'Three unexcused absences', additionalAdvice: 'Reach out within 48 hours.' });
    expect(triggerMadeFrom(details, TRIGGERS)).toEqual({ triggerName: 'Three unexcused absences', advice: 'Reach out within 48 hours.' });
    expect(triggerMadeFrom('Three unexcused absences', TRIGGERS)).toEqual({ triggerName: 'Three unexcused absences', advice: '' });
    expect(triggerMadeFrom('Three unexcused absences\r\n\r\nCall.', TRIGGERS)).toEqual({ triggerName: 'Three unexcused absences', advice: 'Call.' });
  });

  it('is known by the seeded form too (name — specifics, blank line, advice)', () => {
    expect(triggerMadeFrom('Midterm grade below C — D+ in CHEM 101.\n\nOffer tutoring.', TRIGGERS)).toEqual({
      triggerName: 'Midterm grade below C',
      advice: 'Offer tutoring.',
    });
  });

  it('prefers the longest name that matches', () => {
    expect(triggerMadeFrom('Midterm grade below C-\n\nOffer tutoring.', TRIGGERS)?.triggerName).toBe('Midterm grade below C-');
  });

  it('is not a person’s note that only starts with the same words, nor anything when the triggers are not known', () => {
    expect(triggerMadeFrom('Three unexcused absences this month; I called her mother.', TRIGGERS)).toBeNull();
    expect(triggerMadeFrom('Three unexcused absencesX\n\nadvice', TRIGGERS)).toBeNull();
    expect(triggerMadeFrom('Spoke with Ana about her schedule.\n\nFollow up Friday.', TRIGGERS)).toBeNull();
    expect(triggerMadeFrom('Three unexcused absences\n\nReach out.', undefined)).toBeNull();
    expect(triggerMadeFrom('Three unexcused absences\n\nReach out.', [])).toBeNull();
  });
});
