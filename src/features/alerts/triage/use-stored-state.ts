import { useCallback, useState } from 'react';

/**
 * State kept in localStorage: how a person arranges the queue for themselves (hidden columns,
 * density), which is theirs, not the link's. A value that is missing, unreadable or fails
 * `accept` gives `initial`; storage that refuses (private mode, quota) just forgets.
 */
export function useStoredState<T>(key: string, initial: T, accept: (value: unknown) => value is T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return initial;
      const parsed: unknown = JSON.parse(raw);
      return accept(parsed) ? parsed : initial;
    } catch {
      return initial;
    }
  });
  const store = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Not remembered: the choice still holds for this visit.
      }
    },
    [key],
  );
  return [value, store];
}

export const isBooleanRecord = (value: unknown): value is Record<string, boolean> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'boolean');
