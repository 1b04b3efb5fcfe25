import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `fallback` at first and `children` once the frame that first showed it has been
 * painted: for a part below what a page is for (a chart under the numbers) whose code is large,
 * so that its download starts after the page's own content is on screen rather than alongside it.
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; the timeout after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted ? children : fallback;
}
