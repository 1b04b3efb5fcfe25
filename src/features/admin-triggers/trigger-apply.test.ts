import { describe, expect, it } from 'vitest';
import { triggerActionDetails } from '../../backend/routes/triggers.routes.ts';
import { applyInChunks, isFromTrigger, parseIdentifiers, planChunks, triggerNotationText } from '../../queries/trigger-admin.ts';

describe('pasted identifiers', () => {
  it('splits on any separator, keeps the first order, lists duplicates', () => {
    expect(parseIdentifiers(' S1, S2;S2\tS3\n"S4" S1 |S5 ')).toEqual({
      unique: ['S1', 'S2', 'S3', 'S4', 'S5'],
      duplicates: [
        { identifier: 'S1', count: 2 },
        { identifier: 'S2', count: 2 },
      ],
    });
    expect(parseIdentifiers(' \n ,; ')).toEqual({ unique: [], duplicates: [] });
  });
});

describe('the notation text', () => {
  it('is what the reference backend writes (name, blank line, advice when there is any)', () => {
    for (const [name, advice] of [
      ['Three absences', 'Call them.'],
      ['Midterm below C', ''],
      ['Only spaces', '   '],
    ] as const) {
      expect(triggerNotationText({ name, additionalAdvice: advice })).toBe(triggerActionDetails(name, advice));
      expect(isFromTrigger(triggerActionDetails(name, advice), { name, additionalAdvice: advice })).toBe(true);
    }
    expect(isFromTrigger('Three absences in MATH 121', { name: 'Three absences', additionalAdvice: 'x' })).toBe(false);
  });
});

describe('chunks', () => {
  it('at most 100 a request; a failed chunk is retried alone, a done one never again', async () => {
    const students = Array.from({ length: 250 }, (_, i) => `S${i}`);
    const plan = planChunks(students);
    expect(plan.chunks.map((c) => c.length)).toEqual([100, 100, 50]);
    const sent: string[] = [];
    let fail = true;
    const send = async (chunk: readonly string[]) => {
      sent.push(chunk[0]!);
      if (chunk[0] === 'S100' && fail) throw new Error('boom');
    };
    const first = await applyInChunks({ run: plan, send, onChange: () => undefined });
    expect(first.states.map((s) => s.status)).toEqual(['done', 'failed', 'done']);
    fail = false;
    const second = await applyInChunks({ run: first, send, only: [1], onChange: () => undefined });
    expect(second.states.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    expect(sent).toEqual(['S0', 'S100', 'S200', 'S100']);
  });
});
