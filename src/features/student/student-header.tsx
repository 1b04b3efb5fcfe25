import { memo } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/errors.ts';
import { useApi } from '../../queries/api-context.tsx';
import { FollowButton } from '../../components/follow-button.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { peopleQueries } from '../../queries/people.ts';
import { formatDayRange, type DayRange } from '../../lib/dates.ts';
import { TIMELINE_KINDS, type TimelineKind } from './timeline-filters.ts';
import { kindsInWords, loadedKinds } from './partial-load.ts';

/** What the range holds, of what loaded. */
export interface StudentCounts {
  /** Null when the alerts failed to load: nothing is counted for data that is not there. */
  openAlerts: number | null;
  /** Items of the kinds that loaded. */
  notations: number;
  /** The kinds that failed to load. */
  failed: readonly TimelineKind[];
}

export interface StudentHeaderProps {
  student: string;
  range: DayRange;
  /** Null while the counts are not known yet. */
  counts: StudentCounts | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One sentence in the same words as the students list ("5 open alerts … from A to B"): the window
 * is always said, and a kind that failed is named instead of counted.
 */
function countsSentence(counts: StudentCounts | null, range: DayRange): string {
  const window = formatDayRange(range);
  if (counts === null) return `Counting open alerts and notations ${window}…`;
  if (counts.failed.length === TIMELINE_KINDS.length) return `Nothing could be counted ${window}: the timeline did not load.`;
  const notations =
    counts.failed.length === 0 ? plural(counts.notations, 'notation', 'notations') : `${counts.notations} ${kindsInWords(loadedKinds(counts.failed))}`;
  if (counts.openAlerts === null) return `${notations} ${window} (open alerts not counted: the alerts did not load)`;
  return `${plural(counts.openAlerts, 'open alert', 'open alerts')} and ${notations} ${window}`;
}

/**
 * The student's name (the people extension), identifier and email, and what the range holds.
 * Without the extension (a real upstream answers 404) the identifier stands in for the name.
 */
export const StudentHeader = memo(function StudentHeader({ student, range, counts }: StudentHeaderProps) {
  const api = useApi();
  const person = useQuery(peopleQueries.detail(api, student));
  const name = person.data ? `${person.data.firstName} ${person.data.lastName}` : student;
  return (
    <Box component="header">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          {name}
        </Typography>
        <FollowButton student={student} name={name} />
      </Stack>
      <Typography color="textSecondary" data-testid="student-identity" sx={{ overflowWrap: 'anywhere' }}>
        {student}
        {person.data?.email && ` · ${person.data.email}`}
        {person.data && person.data.role !== 'Student' && ` · ${person.data.role}`}
      </Typography>
      {person.isError && !isNotFound(person.error) && (
        <Box sx={{ mt: 1 }}>
          <ProblemMessage error={person.error} onRetry={() => void person.refetch()} />
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center' }} data-testid="student-counts">
        <NotificationsActiveOutlined aria-hidden fontSize="small" color={counts?.openAlerts ? 'warning' : 'action'} />
        <Typography variant="body2">{countsSentence(counts, range)}</Typography>
      </Stack>
    </Box>
  );
});
