import { createElement, lazy, memo, Suspense, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PriorityHighOutlined from '@mui/icons-material/PriorityHighOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { CommentList } from '../../components/comment-list.tsx';
import { LongText } from '../../components/long-text.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { LowerAlertButton } from '../../components/compose/lower-alert-button.tsx';
import { TimelineClaim } from './timeline-claims.tsx';
import { audienceWord, insightTypeWord, type TimelineItem } from './timeline-items.ts';
import { encouragementIcon, KIND_LOOK, KindChip } from './timeline-visuals.tsx';
import { NewChip } from './new-since.tsx';
import { useEncouragementType, usePersonName } from './use-student-timeline.ts';

// The comment form (react-hook-form, its draft and write) loads when a row's comments are first
// opened, not with the timeline's first rows.
const CommentBox = lazy(async () => ({ default: (await import('../../components/compose/comment-box.tsx')).CommentBox }));

function PersonName({ identifier }: { identifier: string | null }) {
  const { name } = usePersonName(identifier);
  return <>{name ?? 'an unknown person'}</>;
}

function EncouragementTypeLabel({ id }: { id: string | null }) {
  const type = useEncouragementType(id);
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={createElement(encouragementIcon(type?.icon), { 'aria-hidden': true })}
      label={type ? type.name : 'Encouragement type unknown'}
      data-testid="encouragement-type"
    />
  );
}

function AlertStatus({ status }: { status: 'Open' | 'Lowered' }) {
  return status === 'Open' ? (
    <Chip size="small" color="warning" variant="outlined" icon={<PriorityHighOutlined aria-hidden />} label="Open" />
  ) : (
    <Chip size="small" variant="outlined" icon={<LockOpenOutlined aria-hidden />} label="Lowered" />
  );
}

/** Element Timing (an attribute React passes through, which MUI's props do not type). */
const PAINT_TIMING = { elementtiming: 'timeline-row' } as Record<string, string>;

export interface TimelineRowProps {
  item: TimelineItem;
  student: string;
  commentsOpen: boolean;
  onToggleComments: (key: string) => void;
  now: Date;
  /** What of this row is new since the person's previous visit. */
  news?: { notation: boolean; comments: number } | undefined;
}

/** One notation of the timeline: what kind, when, who, the text, its badges and its comments. */
export const TimelineRow = memo(function TimelineRow({ item, student, commentsOpen, onToggleComments, now, news }: TimelineRowProps) {
  const { color } = KIND_LOOK[item.kind];
  const commentsId = `comments-${item.key}`;
  const commentCount = item.comments?.length ?? 0;
  const canComment = item.kind === 'update' || item.kind === 'alert';
  const commentsButton = useRef<HTMLButtonElement>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2, borderLeftWidth: 4, borderLeftColor: `${color}.main` }} role="article">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <KindChip kind={item.kind} />
        {item.status && <AlertStatus status={item.status} />}
        {item.kind === 'encouragement' && <EncouragementTypeLabel id={item.encouragementTypeId} />}
        {item.dataInsightType && <Chip size="small" variant="outlined" label={insightTypeWord(item.dataInsightType)} />}
        {/* On a phone the byline has a line of its own: an author's name arriving after the first paint
            (longer than the identifier shown until then) wrapped it there, moving the whole card. */}
        <Typography variant="body2" color="textSecondary" component="p" sx={{ m: 0, flexBasis: { xs: '100%', sm: 'auto' } }}>
          {item.kind === 'dataInsight' ? (
            'From the data'
          ) : (
            <>
              by <PersonName identifier={item.author} />
            </>
          )}
          {' · '}
          <RelativeTime dateTime={item.createdOn} now={now} />
        </Typography>
      </Stack>

      {/* elementtiming: the browser reports when this text is painted (e2e/perf/timeline.perf.ts). */}
      <LongText text={item.details} attributes={PAINT_TIMING} />

      {(item.categories.length > 0 || item.audienceType || item.canStudentView) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
          {item.categories.map((category) => (
            <Chip key={category.id} size="small" label={category.name} />
          ))}
          {item.audienceType && <Chip size="small" variant="outlined" label={`Audience: ${audienceWord(item.audienceType)}`} />}
          {item.canStudentView && <Chip size="small" variant="outlined" icon={<VisibilityOutlined aria-hidden />} label="Visible to student" />}
        </Stack>
      )}

      {(item.comments !== null || item.status === 'Open') && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          {item.comments !== null && (
            <Button
              ref={commentsButton}
              size="small"
              aria-expanded={commentsOpen}
              aria-controls={commentsId}
              onClick={() => onToggleComments(item.key)}
              startIcon={<ChatBubbleOutlineOutlined aria-hidden />}
              endIcon={commentsOpen ? <ExpandLessOutlined aria-hidden /> : <ExpandMoreOutlined aria-hidden />}
            >
              {commentCount} {commentCount === 1 ? 'comment' : 'comments'}
            </Button>
          )}
          {news && news.comments > 0 && <NewChip label={`${news.comments} new ${news.comments === 1 ? 'comment' : 'comments'} since your last visit`} />}
          {/* What arrives after the row is painted (the last visit, the claims) goes last in the card, where it moves nothing already read. */}
          {news?.notation && <NewChip label="New since your last visit" />}
          {item.kind === 'alert' && item.status === 'Open' && <TimelineClaim alertId={item.id} />}
          {/* Mounted for every alert: it shows nothing once lowered, but keeps its dialog while that is open (the
              optimistic Lowered must not take the dialog, its pending write or a 409 message away). */}
          {item.kind === 'alert' && (
            <LowerAlertButton
              alertId={item.id}
              student={student}
              lowered={item.status !== 'Open'}
              // The button goes once the alert is lowered: focus moves to this alert's comments, where the lowering one now is.
              onLowered={() => commentsButton.current?.focus()}
            />
          )}
        </Stack>
      )}
      {news?.notation && item.comments === null && item.status !== 'Open' && (
        <Stack direction="row" sx={{ mt: 1 }}>
          <NewChip label="New since your last visit" />
        </Stack>
      )}

      {item.comments !== null && (
        // Always present (empty while collapsed), so that aria-controls points at something.
        <Box id={commentsId} hidden={!commentsOpen} sx={{ mt: 1 }}>
          {commentsOpen && (
            <>
              <Divider sx={{ mb: 1.5 }} />
              <CommentList comments={item.comments} now={now} author={(comment) => <PersonName identifier={comment.author} />} />
              {canComment && (
                <Box sx={{ mt: 1.5 }}>
                  <Suspense fallback={<LinearProgress aria-label="Loading the comment form" />}>
                    <CommentBox kind={item.kind === 'alert' ? 'alert' : 'update'} notationId={item.id} student={student} />
                  </Suspense>
                </Box>
              )}
            </>
          )}
        </Box>
      )}
    </Paper>
  );
});
