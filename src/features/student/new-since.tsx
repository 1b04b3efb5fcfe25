import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import FiberNewOutlined from '@mui/icons-material/FiberNewOutlined';
import { formatDateTime } from '../../lib/dates.ts';
import type { TimelineItem } from './timeline-items.ts';

/** The person's previous visit of this student, and who they are (their own notes are never "new" to them). */
export interface NewSince {
  since: string;
  me: string;
}

/** What of one row others wrote after the previous visit. */
export function newsOf(item: TimelineItem, { since, me }: NewSince): { notation: boolean; comments: number } {
  const notation = item.createdOn > since && item.author !== me;
  const comments = (item.comments ?? []).filter((c) => c.createdOn > since && c.author !== me).length;
  return { notation, comments };
}

/** Notations and comments new since the previous visit, as the home counts them. */
export function countNew(items: readonly TimelineItem[], newSince: NewSince): number {
  let count = 0;
  for (const item of items) {
    const news = newsOf(item, newSince);
    count += (news.notation ? 1 : 0) + news.comments;
  }
  return count;
}

/** A row's marker: words, not only a colour (it is read out with the row). */
export function NewChip({ label }: { label: string }) {
  // The theme's info colour is too light under white text (axe): an outlined chip in the text's colour, the icon in info's.
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<FiberNewOutlined aria-hidden />}
      label={label}
      data-testid="new-since-visit"
      sx={{ borderColor: 'info.main', fontWeight: 600, '& .MuiChip-icon': { color: 'info.main' } }}
    />
  );
}

/**
 * Above the timeline: how much is new since the previous visit, and when that was. Shown with the
 * first rows and counted again as later lists arrive, so both wordings are the same length: a new
 * count does not wrap it onto another line and move the rows below.
 */
export function NewSinceNotice({ since, count }: { since: string; count: number }) {
  return (
    <Alert severity={count > 0 ? 'info' : 'success'} data-testid="new-since-notice" icon={<FiberNewOutlined aria-hidden />}>
      {count > 0
        ? `${count} new ${count === 1 ? 'note' : 'notes'} since your last visit on ${formatDateTime(since)}.`
        : `Nothing new since your last visit on ${formatDateTime(since)}.`}
    </Alert>
  );
}
