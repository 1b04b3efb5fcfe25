import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's typed values, kept in `localStorage` under `key` so that they survive a reload and a
 * failed save. Writes are debounced (`delayMs`, default 300 ms) and flushed when the component
 * unmounts or the page is hidden; the stored draft is read back on mount (and when `key`
 * changes). Only `clear()` removes it: call it when the save succeeds, or to discard.
 *
 * Whatever storage holds is untrusted: corrupt JSON, a value of another shape, or storage that
 * throws (private mode, quota) all fall back to `initial`. A stored object is merged over
 * `initial` field by field, keeping only fields of the same type; `parse` may check further.
 */
export interface DraftOptions<T> {
  delayMs?: number;
  /** Checks or repairs a stored value (already merged over `initial`); `undefined` rejects it. */
  parse?: (stored: T) => T | undefined;
}

export interface DraftControls {
  /** Removes the stored draft and puts the values back to `initial`. */
  clear: () => void;
  /** The values differ from `initial` (there is something to discard). */
  dirty: boolean;
  /** The values on screen were read back from storage. */
  restored: boolean;
  /** Writes the pending change now (before the form closes, so that whoever opens it sees the draft). */
  flush: () => void;
}

export type SetDraft<T> = (next: T | ((previous: T) => T)) => void;

interface State<T> {
  key: string;
  value: T;
  restored: boolean;
}

export const DRAFT_DELAY_MS = 300;

export function useDraft<T>(key: string, initial: T, options: DraftOptions<T> = {}): [T, SetDraft<T>, DraftControls] {
  const { delayMs = DRAFT_DELAY_MS } = options;
  // The first `initial` (callers pass fresh literals on every render).
  const [initialValue] = useState(initial);

  const [state, setState] = useState<State<T>>(() => load(key, initialValue, options.parse));
  let current = state;
  if (state.key !== key) {
    // Another form instance (student, notation): read its own draft (React's "adjust state while rendering").
    current = load(key, initialValue, options.parse);
    setState(current);
  }

  // What still has to be written, and the timer that will write it.
  const pending = useRef<{ key: string; value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const entry = pending.current;
    pending.current = null;
    if (entry) save(entry.key, entry.value, initialValue);
  }, [initialValue]);

  useEffect(() => {
    if (pending.current && pending.current.key !== current.key) flush();
    pending.current = { key: current.key, value: current.value };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, delayMs);
  }, [current.key, current.value, delayMs, flush]);

  // Unmount, and a reload or a closed tab (no unmount then): write what is pending now.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const set = useCallback<SetDraft<T>>((next) => {
    setState((previous) => ({
      ...previous,
      value: typeof next === 'function' ? (next as (previous: T) => T)(previous.value) : next,
    }));
  }, []);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = null;
    remove(current.key);
    setState({ key: current.key, value: initialValue, restored: false });
  }, [current.key, initialValue]);

  const dirty = serialize(current.value) !== serialize(initialValue);
  return [current.value, set, { clear, dirty, restored: current.restored, flush }];
}

function load<T>(key: string, initial: T, parse: ((stored: T) => T | undefined) | undefined): State<T> {
  const fallback: State<T> = { key, value: initial, restored: false };
  let text: string | null;
  try {
    text = window.localStorage.getItem(key);
  } catch {
    return fallback;
  }
  if (text === null) return fallback;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return fallback;
  }
  const merged = conform(stored, initial);
  if (merged === undefined) return fallback;
  const value = parse ? parse(merged) : merged;
  return value === undefined ? fallback : { key, value, restored: true };
}

function save<T>(key: string, value: T, initial: T): void {
  const text = serialize(value);
  // Nothing typed: no draft to keep.
  if (text === undefined || text === serialize(initial)) {
    remove(key);
    return;
  }
  try {
    window.localStorage.setItem(key, text);
  } catch {
    // Full or unavailable storage: the values stay on screen, only the reload safety is lost.
  }
}

/**
 * Removes a stored draft without its form: for a save that succeeds after the form unmounted
 * (the page was left while it ran), so that the posted text does not come back as a draft.
 */
export function removeDraft(key: string): void {
  remove(key);
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Unavailable storage holds nothing to remove.
  }
}

function serialize(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `stored` in the shape of `template`, or undefined when it cannot be. Objects merge field by field. */
function conform<T>(stored: unknown, template: T): T | undefined {
  if (isPlainObject(template)) {
    if (!isPlainObject(stored)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [name, fallback] of Object.entries(template)) {
      const field = Object.hasOwn(stored, name) ? conform(stored[name], fallback) : undefined;
      out[name] = field === undefined ? fallback : field;
    }
    return out as T;
  }
  if (Array.isArray(template)) return Array.isArray(stored) ? (stored as T) : undefined;
  if (template === null || template === undefined) return stored as T;
  return typeof stored === typeof template ? (stored as T) : undefined;
}
