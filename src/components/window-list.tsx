import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { measureElement, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';

/**
 * The pieces of a window-scrolled virtual list (the home's students, a student's timeline): rows
 * absolutely placed in a list as tall as all of them, each measured as it renders.
 */

/** Space between rows, inside each measured row (so the measurement includes it). */
const ROW_GAP_PX = 12;

/** The virtualizer's `measureElement`: no layout (jsdom, a hidden tab) measures 0, and then the estimate is kept rather than collapse the row. */
export function measuredOr(estimate: number) {
  return (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) => {
    const size = measureElement(element, entry, instance);
    return size > 0 ? size : estimate;
  };
}

/** The list: as tall as all its rows, whether they are in the DOM or not. */
export const windowListSx = (totalSize: number): SxProps<Theme> => ({ listStyle: 'none', m: 0, p: 0, position: 'relative', width: '100%', height: totalSize });

/** Every row's own styles: one class for all rows; each row's position goes in `style` (below). */
const windowRowSx: SxProps<Theme> = { position: 'absolute', top: 0, left: 0, width: '100%', pb: `${ROW_GAP_PX}px` };

/**
 * One row of the list, placed at its start and measured as it renders (`data-index` is how the
 * virtualizer knows which row it measures); `data` adds attributes of the caller's own.
 */
export function WindowRow({
  row,
  count,
  scrollMargin,
  measure,
  data,
  children,
}: {
  row: VirtualItem;
  /** How many rows the list has. */
  count: number;
  scrollMargin: number;
  /** The virtualizer's `measureElement`. */
  measure: (element: Element | null) => void;
  data?: Record<`data-${string}`, string | number>;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      ref={measure}
      data-index={row.index}
      {...data}
      aria-setsize={count}
      aria-posinset={row.index + 1}
      sx={windowRowSx}
      // In `sx`, every row position would make (and insert) a CSS class of its own as the list scrolls.
      style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
    >
      {children}
    </Box>
  );
}
