import type { ReactNode } from 'react';
import { useAfterFirstPaint } from './use-after-paint.ts';

/**
 * Renders `fallback` at first and `children` once the frame that first showed it has been
 * painted: for a part below what a page is for (a chart under the numbers) whose code is large,
 * so that its download starts after the page's own content is on screen rather than alongside it.
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useAfterFirstPaint() ? children : fallback;
}
