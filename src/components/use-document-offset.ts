import { useLayoutEffect, useState, type RefObject } from 'react';

/** The list's distance from the top of the document: the virtualizer's `scrollMargin`. */
export function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setOffset((previous) => (previous === next ? previous : next));
    };
    measure();
    // Whatever above the list grows or shrinks (a composer, a notice) moves it.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return offset;
}
