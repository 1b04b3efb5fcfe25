import { styled } from '@mui/material/styles';

/** What a queue row shows, the same in the grid (desk) and in the cards (phone). */

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

// Styled once, one class each: a style object per cell is serialised again on every render of the
// grid's rows (a filter change renders a screenful of them).
const Person = styled('span')({ overflow: 'hidden', textOverflow: 'ellipsis' });
const Identifier = styled('span')(({ theme }) => ({ ...theme.typography.body2, color: (theme.vars ?? theme).palette.text.secondary }));

export function PersonCell({ name, identifier }: { name: string; identifier: string }) {
  return (
    <Person>
      {name} <Identifier>{identifier}</Identifier>
    </Person>
  );
}

// A small chip's look (MUI's Chip, size small: filled warning for Open, outlined otherwise) in one
// static class: a Chip per row costs its style resolution on every render of the rows.
const Status = styled('span')(({ theme }) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: 24,
    padding: '0 8px',
    borderRadius: 12,
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    lineHeight: 1,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    color: palette.text.primary,
    border: `1px solid ${theme.vars ? theme.vars.palette.Chip.defaultBorder : theme.palette.divider}`,
    '&[data-status="Open"]': { backgroundColor: palette.warning.main, color: palette.warning.contrastText, borderColor: 'transparent' },
  };
});

export function StatusCell({ status }: { status: string }) {
  // The word says it; the colour only repeats it.
  return <Status data-status={status}>{status}</Status>;
}

// One class for every cell (styled once), not a style object per cell: a page of the grid has hundreds.
const Clamp = styled('span')({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  lineHeight: 1.35,
});

/** Long text on at most `lines` lines; the whole of it in the tooltip (`title`) and to a screen reader. */
export function ClampedText({ text, lines }: { text: string; lines: number }) {
  return (
    <Clamp title={text} style={{ WebkitLineClamp: lines }}>
      {text}
    </Clamp>
  );
}
