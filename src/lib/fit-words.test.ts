import { describe, expect, it } from 'vitest';
import { fitWords } from './fit-words.ts';

// Every character 1 px wide: a line of width 10 holds ten characters.
const measure = (s: string) => s.length;

describe('text cut to its lines at a word boundary', () => {
  it('keeps text that fits as it is', () => {
    expect(fitWords('one two three', 10, 2, measure)).toBe('one two three');
    expect(fitWords('one\n\ntwo', 10, 1, measure)).toBe('one\n\ntwo');
  });

  it('cuts after the last whole word that leaves room for the ellipsis, never inside a word', () => {
    // "Eduardo is" | "freezing…": the ellipsis fits after "freezing"; after "in" it would need a third line.
    expect(fitWords('Eduardo is freezing in exams', 10, 2, measure)).toBe('Eduardo is freezing…');
    // "Eduardo is" | "freezes in" is full: "in" makes way for the ellipsis rather than "freezes" losing its end.
    expect(fitWords('Eduardo is freezes in exams', 10, 2, measure)).toBe('Eduardo is freezes…');
    expect(fitWords('aaaa bbbb cccc dddd eeee', 10, 2, measure)).toBe('aaaa bbbb cccc dddd…');
    expect(fitWords('aaaa bbbb cccc ddddd eeee', 10, 2, measure)).toBe('aaaa bbbb cccc…');
  });

  it('counts a word longer than a line as the lines it takes', () => {
    expect(fitWords('abcdefghijklmnopqrstuvwxy z', 10, 2, measure)).toBe('…');
    expect(fitWords('ab abcdefghij', 10, 2, measure)).toBe('ab abcdefghij');
    expect(fitWords('ab abcdefghijklmnop', 10, 2, measure)).toBe('ab…');
  });
});
