import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';
import { fitWords } from '../../../lib/fit-words.ts';

/** What a queue row shows, the same in the grid (desk) and in the cards (phone). */

export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/*
 * The cells are plain elements with class names; their look is one set of rules (CELL_STYLES) on the
 * grid's or the cards' root. A styled component per cell serialises and hashes its styles on every
 * render, and a filter change mounts a screenful of rows: a few hundred of them per click.
 */
const PERSON = 'triage-person';
const NAME = 'triage-name';
const IDENTIFIER = 'triage-identifier';
const STATUS = 'triage-status';
const CLAMP = 'triage-clamp';
const HIDDEN = 'triage-hidden';
const STATUS_WITH_CLAIM = 'triage-status-claim';

/** The name, then the identifier: a long name gives way (an ellipsis, the whole in `title`), the identifier is never cut. */
export function PersonCell({ name, identifier }: { name: string; identifier: string }) {
  return (
    <span className={PERSON} title={`${name} ${identifier}`}>
      <span className={NAME}>{name}</span> <span className={IDENTIFIER}>{identifier}</span>
    </span>
  );
}

export function StatusCell({ status, claim }: { status: string; claim?: ReactNode }) {
  // The word says it; the colour only repeats it.
  const word = (
    <span className={STATUS} data-status={status}>
      {status}
    </span>
  );
  return claim ? (
    <span className={STATUS_WITH_CLAIM}>
      {word}
      {claim}
    </span>
  ) : (
    word
  );
}

let canvas: CanvasRenderingContext2D | null | undefined;
let canvasFont = '';
/** Words' widths by font: a screenful of rows repeats most of its words. */
const widths = new Map<string, Map<string, number>>();
/** A string's width in `font` (one canvas for the page: no layout, unlike measuring elements). */
function measurer(font: string): ((s: string) => number) | null {
  canvas ??= typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
  const context = canvas;
  if (!context) return null;
  let known = widths.get(font);
  if (!known) widths.set(font, (known = new Map()));
  const cache = known;
  return (s) => {
    let width = cache.get(s);
    if (width === undefined) {
      // Setting a canvas's font parses it: only when it changes.
      if (canvasFont !== font) context.font = canvasFont = font;
      width = context.measureText(s).width;
      if (cache.size < 20_000) cache.set(s, width);
    }
    return width;
  };
}

/**
 * Long text on at most `lines` lines, cut after a whole word with "…" (fit-words.ts); the whole
 * of it in the tooltip (`title`) and to a screen reader. `width`: the box's width when the caller
 * knows it (a grid column's), so that a resized column fits its text again.
 */
export function ClampedText({ text, lines, width }: { text: string; lines: number; width?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [fitted, setFitted] = useState<{ text: string; shown: string } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const measure = measurer(style.font);
    // The box's own width (padding aside), less a pixel or two for the canvas's rounding.
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 2;
    const shown = measure && room > 0 ? fitWords(text, room, lines, measure) : text;
    // No render again when what shows already is what fits (most cells: the text whole).
    setFitted((old) => ((old?.text === text ? old.shown : text) === shown ? old : { text, shown }));
  }, [text, lines, width]);
  const shown = fitted?.text === text ? fitted.shown : text;
  return (
    <span ref={ref} className={CLAMP} title={text} style={{ WebkitLineClamp: lines }}>
      {shown === text ? (
        text
      ) : (
        <>
          <span aria-hidden="true">{shown}</span>
          <span className={HIDDEN}>{text}</span>
        </>
      )}
    </span>
  );
}

const palette = (theme: Theme) => (theme.vars ?? theme).palette;

/** The cells' look, for the `sx` of the element that holds them (the grid, the cards' list). */
export const CELL_STYLES = {
  [`& .${PERSON}`]: { display: 'inline-flex', alignItems: 'baseline', columnGap: '0.35em', maxWidth: '100%', minWidth: 0 },
  [`& .${NAME}`]: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  [`& .${HIDDEN}`]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  // A trigger's alert: the trigger, then who applied it, each on its line.
  '& .triage-creator': { display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.3 },
  '& .triage-creator > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  [`& .${IDENTIFIER}`]: { typography: 'body2', color: 'text.secondary', flexShrink: 0, whiteSpace: 'nowrap' },
  // A small chip's look (MUI's Chip, size small: filled warning for Open, outlined otherwise).
  [`& .${STATUS}`]: (theme: Theme) =>
    ({
      display: 'inline-flex',
      alignItems: 'center',
      boxSizing: 'border-box',
      height: 24,
      padding: '0 8px',
      borderRadius: '12px',
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1,
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
      color: palette(theme).text.primary,
      border: `1px solid ${theme.vars ? theme.vars.palette.Chip.defaultBorder : theme.palette.divider}`,
      '&[data-status="Open"]': { backgroundColor: palette(theme).warning.main, color: palette(theme).warning.contrastText, borderColor: 'transparent' },
    }) as const,
  // Beside the status on one line: a grid row has room for one (the whole claim is in the mark's title).
  [`& .${STATUS_WITH_CLAIM}`]: { display: 'inline-flex', flexDirection: 'row', alignItems: 'center', gap: '6px', minWidth: 0, maxWidth: '100%' },
  '& .triage-claim': { typography: 'caption', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
  [`& .${CLAMP}`]: {
    position: 'relative',
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    whiteSpace: 'normal',
    // Words break only when one alone is wider than the line.
    overflowWrap: 'break-word',
    lineHeight: 1.35,
  },
} as const;
