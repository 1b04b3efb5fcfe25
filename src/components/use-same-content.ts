import { useState } from 'react';

/**
 * `value` as first seen for as long as its `signature` stays the same: a parsed or derived array
 * that is new on every render keeps its identity, so memoised children skip re-rendering.
 */
export function useSameContent<T>(value: T, signature: string): T {
  const [kept, setKept] = useState({ value, signature });
  if (kept.signature !== signature) {
    // React's "adjust state while rendering": the next render sees the new value at once.
    setKept({ value, signature });
    return value;
  }
  return kept.value;
}
