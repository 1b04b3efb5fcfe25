import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { formatDate, formatDateTime, relativeWords } from '../lib/dates.ts';

export { relativeWords };

export interface RelativeTimeProps {
  /** An RFC 3339 date-time, as the API sends it. */
  dateTime: string;
  /** "Now", for tests and for lists that render many times at once; default the clock. */
  now?: Date;
}

/**
 * "3 days ago", with the exact local date and time (the app's one format, lib/dates.ts) in a
 * tooltip. The element is focusable so that the tooltip also opens from the keyboard; the exact
 * time describes it (the visible words stay its name).
 */
export function RelativeTime({ dateTime, now }: RelativeTimeProps) {
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime())) return <span>{dateTime}</span>;
  return (
    <Tooltip title={formatDateTime(date)} describeChild>
      <Box
        component="time"
        dateTime={date.toISOString()}
        tabIndex={0}
        sx={{ borderRadius: 0.5, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        {relativeWords(date, now ?? new Date())}
      </Box>
    </Tooltip>
  );
}

/** A moment or a day written out in the app's one format, machine-readable in `<time datetime>`. */
export function DateTimeText({ dateTime, dateOnly = false }: { dateTime: string; dateOnly?: boolean }) {
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime())) return <span>{dateTime}</span>;
  return <time dateTime={dateOnly ? dateTime : date.toISOString()}>{dateOnly ? formatDate(dateTime) : formatDateTime(date)}</time>;
}
