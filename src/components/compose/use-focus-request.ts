import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves focus once the element exists: after a failed save the message (or the field) to focus
 * renders only when the mutation's new state reaches React, and a reset form registers its fields
 * again on its next render. A new request replaces the last one.
 */
export type Focusable = { focus: () => void };
export function useFocusRequest(): (target: () => Focusable | null | undefined) => void {
  const target = useRef<(() => Focusable | null | undefined) | null>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const element = target.current?.();
    if (element) {
      element.focus();
      target.current = null;
    }
  });
  return useCallback((get) => {
    target.current = get;
    rerender((n) => n + 1);
  }, []);
}
