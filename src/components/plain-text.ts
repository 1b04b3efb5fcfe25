/** `sx` for plain text with its line breaks (decisions §8: text fields are never HTML). */
export const PLAIN_TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
