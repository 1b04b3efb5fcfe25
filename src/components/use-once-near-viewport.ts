import { useCallback, useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport, once (it stays true): a ref for the
 * element and the answer. Lets a page draw something heavy below the fold (a data grid) only when
 * a person scrolls towards it, not during the first seconds of a phone's load. Where there is no
 * IntersectionObserver (tests, old browsers) the element counts as near at once.
 */
export function useOnceNearViewport<T extends Element>(margin = '600px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  const ref = useCallback((value: T | null) => setElement(value), []);
  return [ref, near];
}
