import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useDocumentOffset } from '../../components/use-document-offset.ts';
import { measuredOr, windowListSx, WindowRow } from '../../components/window-list.tsx';
import { whenIdle } from '../../lib/after-paint.ts';
import type { TimelineItem } from './timeline-items.ts';
import { TimelineRow } from './timeline-row.tsx';
import { newsOf, type NewSince } from './new-since.tsx';
import { TimelineClaimsProvider } from './timeline-claims.tsx';

/** A row's height before it is measured (and when it cannot be, as in jsdom). */
export const ESTIMATED_ROW_HEIGHT = 180;
/** Rows rendered beyond each edge of the window. */
const OVERSCAN = 6;
/**
 * Until the page has been idle twice: the first rows' commit, which the first paint of the
 * timeline waits for, mounts only what is on screen and one row more; the rest of the overscan
 * follows in a commit of its own (not with the requests and loads waiting for the first paint).
 */
const FIRST_OVERSCAN = 1;
const OVERSCAN_WAIT_MS = 1000;

function useOverscan(): number {
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  useEffect(() => {
    let live = true;
    void whenIdle(OVERSCAN_WAIT_MS)
      .then(() => whenIdle(OVERSCAN_WAIT_MS))
      .then(() => {
        if (live) setOverscan(OVERSCAN);
      });
    return () => {
      live = false;
    };
  }, []);
  return overscan;
}

function windowRect() {
  return typeof window === 'undefined' ? { width: 0, height: 0 } : { width: window.innerWidth, height: window.innerHeight };
}

export interface TimelineListProps {
  items: readonly TimelineItem[];
  student: string;
  now: Date;
  /** Names the list for assistive technology. */
  label: string;
  /** Marks the rows written by others since the person's previous visit. */
  newSince?: NewSince | null;
}

/**
 * The timeline as a window-scrolled virtual list: only the rows on screen (plus a few) are in
 * the DOM, each measured as it renders (rows differ in height; comments open and close).
 */
export function TimelineList({ items, student, now, label, newSince = null }: TimelineListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  // Which rows have their comments open: kept here, as rows unmount when they scroll away.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (key: string) =>
      setOpen((previous) => {
        const next = new Set(previous);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );

  // Read once: the window's size in each render was a layout forced in the middle of it.
  const [initialRect] = useState(windowRect);
  const overscan = useOverscan();
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan,
    scrollMargin,
    initialRect,
    getItemKey: (index) => items[index]?.key ?? index,
    measureElement: measuredOr(ESTIMATED_ROW_HEIGHT),
  });

  const rows = virtualizer.getVirtualItems();
  return (
    <TimelineClaimsProvider items={items}>
      <Box component="ul" ref={listRef} role="list" aria-label={label} sx={windowListSx(virtualizer.getTotalSize())}>
        {rows.map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <WindowRow
              key={row.key}
              row={row}
              count={items.length}
              scrollMargin={virtualizer.options.scrollMargin}
              measure={virtualizer.measureElement}
              data={{ 'data-testid': 'timeline-row', 'data-kind': item.kind, 'data-id': item.id }}
            >
              <TimelineRow
                item={item}
                student={student}
                commentsOpen={open.has(item.key)}
                onToggleComments={toggle}
                now={now}
                news={newSince ? newsOf(item, newSince) : undefined}
              />
            </WindowRow>
          );
        })}
      </Box>
    </TimelineClaimsProvider>
  );
}
