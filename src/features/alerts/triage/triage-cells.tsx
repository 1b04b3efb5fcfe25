import type { ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';

/** What a queue row shows, the same in the grid (desk) and in the cards (phone). */

export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/*
 * The cells are plain elements with class names; their look is one set of rules (CELL_STYLES) on the
 * grid's or the cards' root. A styled component per cell serialises and hashes its styles on every
 * render, and a filter change mounts a screenful of rows: a few hundred of them per click.
 */
const PERSON = 'triage-person';
const IDENTIFIER = 'triage-identifier';
const STATUS = 'triage-status';
const CLAMP = 'triage-clamp';
const STATUS_WITH_CLAIM = 'triage-status-claim';

export function PersonCell({ name, identifier }: { name: string; identifier: string }) {
  return (
    <span className={PERSON}>
      {name} <span className={IDENTIFIER}>{identifier}</span>
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

/** Long text on at most `lines` lines; the whole of it in the tooltip (`title`) and to a screen reader. */
export function ClampedText({ text, lines }: { text: string; lines: number }) {
  return (
    <span className={CLAMP} title={text} style={{ WebkitLineClamp: lines }}>
      {text}
    </span>
  );
}

const palette = (theme: Theme) => (theme.vars ?? theme).palette;

/** The cells' look, for the `sx` of the element that holds them (the grid, the cards' list). */
export const CELL_STYLES = {
  [`& .${PERSON}`]: { overflow: 'hidden', textOverflow: 'ellipsis' },
  [`& .${IDENTIFIER}`]: { typography: 'body2', color: 'text.secondary' },
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
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    lineHeight: 1.35,
  },
} as const;
