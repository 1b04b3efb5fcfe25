import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { format } from 'date-fns/format';
import { formatDistance } from 'date-fns/formatDistance';

/** Within this of "now", either way (a clock a little ahead of the server's), a moment is "just now". */
const JUST_NOW_MS = 60_000;

/**
 * "3 days ago", "in 2 hours"; "just now" for the last minute, and for a moment up to a minute ahead
 * (a server's clock a little ahead of this one), never "in less than a minute".
 */
export function relativeWords(date: Date, now: Date): string {
  return Math.abs(date.getTime() - now.getTime()) < JUST_NOW_MS ? 'just now' : formatDistance(date, now, { addSuffix: true });
}

export interface RelativeTimeProps {
  /** An RFC 3339 date-time, as the API sends it. */
  dateTime: string;
  /** "Now", for tests and for lists that render many times at once; default the clock. */
  now?: Date;
}

/**
 * "3 days ago", with the exact local time in a tooltip. The element is focusable so that the
 * tooltip also opens from the keyboard; the exact time describes it (the visible words stay its name).
 */
export function RelativeTime({ dateTime, now }: RelativeTimeProps) {
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime())) return <span>{dateTime}</span>;
  const relative = relativeWords(date, now ?? new Date());
  const exact = format(date, 'PPPP, p');
  return (
    <Tooltip title={exact} describeChild>
      <Box
        component="time"
        dateTime={date.toISOString()}
        tabIndex={0}
        sx={{ borderRadius: 0.5, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        {relative}
      </Box>
    </Tooltip>
  );
}
