import { useId, useLayoutEffect, useRef, useState, type ElementType } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PLAIN_TEXT } from './plain-text.ts';

/** Lines of a long note shown before "Show more". */
export const CLAMPED_LINES = 4;

// Where the text cannot be measured (no layout: a test's DOM), a note this long, or of more lines,
// is taken as longer than CLAMPED_LINES.
const LONG_CHARACTERS = 400;

const looksLong = (text: string) => text.length > LONG_CHARACTERS || text.split('\n').length > CLAMPED_LINES;

/**
 * A plain-text note (line breaks kept) on at most CLAMPED_LINES lines, with "Show more" when it is
 * longer and "Show less" once opened (#31 item 10). The whole text stays in the document, so a
 * screen reader and the browser's find read all of it; only its height is cut.
 */
export function LongText({
  text,
  component = 'p',
  attributes,
}: {
  text: string;
  component?: ElementType;
  /** More attributes for the text's element (`elementtiming`, which MUI's props do not type). */
  attributes?: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const [long, setLong] = useState(() => looksLong(text));
  const ref = useRef<HTMLElement>(null);
  const id = useId();

  // Whether the clamp cuts anything, measured while clamped, and again when the width changes. In
  // the ResizeObserver's callback, not in the effect itself: the browser calls it once layout is
  // done, before painting, so reading the heights there costs nothing, where reading them in the
  // effect forced a layout for every note of a timeline (a quarter of a second of a slow laptop's
  // main thread on a long one, #34).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    const measure = () => {
      if (element.clientHeight === 0) setLong(looksLong(text));
      else setLong(element.scrollHeight > element.clientHeight + 1);
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, open]);

  const clamped = !open;
  return (
    <>
      <Typography
        ref={ref}
        component={component}
        id={id}
        {...attributes}
        sx={{
          ...PLAIN_TEXT,
          m: 0,
          ...(clamped ? { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: CLAMPED_LINES, overflow: 'hidden' } : {}),
        }}
      >
        {text}
      </Typography>
      {(long || open) && (
        <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} sx={{ mt: 0.5, ml: -0.5 }}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}
