import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLAIN_TEXT } from './plain-text.ts';
import { RelativeTime } from './relative-time.tsx';

export interface ListedComment {
  id: number;
  createdOn: string;
  details: string;
  usedToLowerAlert: boolean;
}

export interface CommentListProps<C extends ListedComment> {
  comments: readonly C[];
  /** Who wrote a comment (the caller knows how its authors are named). */
  author: (comment: C) => ReactNode;
  /** "Now" for the relative times; the current time when left out. */
  now?: Date;
  'aria-label'?: string;
}

/** A notation's comments, oldest first: author, when, whether it lowered the alert, the text. */
export function CommentList<C extends ListedComment>({ comments, author, now, 'aria-label': ariaLabel }: CommentListProps<C>) {
  if (comments.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No comments yet.
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} aria-label={ariaLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {comments.map((comment) => (
        <Box component="li" key={comment.id}>
          <Typography variant="body2" color="textSecondary" component="p">
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {author(comment)}
            </Box>{' '}
            · <RelativeTime dateTime={comment.createdOn} now={now} />
            {comment.usedToLowerAlert && ' · lowered the alert'}
          </Typography>
          <Typography variant="body2" component="p" sx={PLAIN_TEXT}>
            {comment.details}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
