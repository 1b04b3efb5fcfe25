import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/errors.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { peopleQueries } from '../../queries/people.ts';
import type { DayRange } from '../../lib/days.ts';

export interface StudentHeaderProps {
  student: string;
  range: DayRange;
  /** Null while the counts are not known yet. */
  counts: { openAlerts: number; notations: number; complete: boolean } | null;
}

/**
 * The student's name (the people extension), identifier and email, and what the range holds.
 * Without the extension (a real upstream answers 404) the identifier stands in for the name.
 */
export const StudentHeader = memo(function StudentHeader({ student, range, counts }: StudentHeaderProps) {
  const api = useApi();
  const person = useQuery(peopleQueries.detail(api, student));
  const name = person.data ? `${person.data.firstName} ${person.data.lastName}` : student;
  const partial = counts && !counts.complete ? ' (so far)' : '';
  return (
    <Box component="header">
      <Typography variant="h4" component="h1">
        {name}
      </Typography>
      <Typography color="text.secondary" data-testid="student-identity">
        {student}
        {person.data?.email && ` · ${person.data.email}`}
        {person.data && person.data.role !== 'Student' && ` · ${person.data.role}`}
      </Typography>
      {person.isError && !isNotFound(person.error) && (
        <Box sx={{ mt: 1 }}>
          <ProblemMessage error={person.error} onRetry={() => void person.refetch()} />
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }} data-testid="student-counts">
        <Chip
          variant="outlined"
          color="warning"
          icon={<NotificationsActiveOutlined aria-hidden />}
          label={counts ? `${counts.openAlerts} open ${counts.openAlerts === 1 ? 'alert' : 'alerts'}${partial}` : 'Counting open alerts…'}
        />
        <Chip
          variant="outlined"
          icon={<NotesOutlined aria-hidden />}
          label={
            counts
              ? `${counts.notations} ${counts.notations === 1 ? 'notation' : 'notations'} from ${range.from} to ${range.to}${partial}`
              : 'Counting notations…'
          }
        />
      </Stack>
    </Box>
  );
});
