import { describe, expect, it } from 'vitest';
import { CATEGORIES_PARAM, hasLegacySpelling, readList, writeList } from './url-state.ts';

describe('url-state lists', () => {
  it('reads the one spelling, categories=3,7', () => {
    expect(readList(new URLSearchParams('categories=3,7'), CATEGORIES_PARAM)).toEqual({ values: [3, 7], rejected: [] });
  });

  it('still reads the old spelling (category=3&category=7) and says it should be rewritten', () => {
    const old = new URLSearchParams('category=3&category=7&q=x');
    expect(readList(old, CATEGORIES_PARAM).values).toEqual([3, 7]);
    expect(hasLegacySpelling(old, [CATEGORIES_PARAM])).toBe(true);
    const rewritten = writeList(new URLSearchParams(old), CATEGORIES_PARAM, [3, 7]);
    expect(rewritten.toString()).toBe('q=x&categories=3%2C7');
    expect(hasLegacySpelling(rewritten, [CATEGORIES_PARAM])).toBe(false);
  });

  it('drops and names what is not an id, without throwing', () => {
    expect(readList(new URLSearchParams(`categories=x,-1,0,4,0x10,${'9'.repeat(40)},4`), CATEGORIES_PARAM)).toEqual({
      values: [4],
      rejected: ['x', '-1', '0', '0x10', '9'.repeat(40)],
    });
  });

  it('writes nothing for an empty list', () => {
    expect(writeList(new URLSearchParams('categories=1&category=2'), CATEGORIES_PARAM, []).toString()).toBe('');
  });
});
