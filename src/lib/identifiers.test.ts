import { describe, expect, it } from 'vitest';
import { parseIdentifiers } from './identifiers.ts';

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

  it('reads a bulk reassignment paste the same way', () => {
    expect(parseIdentifiers('S1, S2\nS3;S2  S4').unique).toEqual(['S1', 'S2', 'S3', 'S4']);
  });
});
