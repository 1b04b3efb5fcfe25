import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

/** What a queue row shows, the same in the grid (desk) and in the cards (phone). */

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function PersonCell({ name, identifier }: { name: string; identifier: string }) {
  return (
    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {name}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        {identifier}
      </Typography>
    </Box>
  );
}

export function StatusCell({ status }: { status: string }) {
  // The word says it; the colour only repeats it.
  return <Chip size="small" label={status} variant={status === 'Open' ? 'filled' : 'outlined'} color={status === 'Open' ? 'warning' : 'default'} />;
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
