import { PAGES } from '../../app/route-table.ts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Administration } from '../../api/schemas/index.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import type { CohortProgress } from '../../queries/cohort.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatCount, plural, statusColor } from './score-format.ts';

/** The administration's title, state, dates and (once the cohort is in) its respondents. */
export function CohortHeading({ administration, respondents }: { administration: UseQueryResult<Administration>; respondents: number | undefined }) {
  return (
    <Box>
      <Link component={RouterLink} to={PAGES.scores.href({})} variant="body2">
        ← Administrations
      </Link>
      <Typography variant="h4" component="h1" sx={{ mt: 0.5 }}>
        {administration.data ? administration.data.title : <Skeleton width={320} />}
      </Typography>
      {administration.data && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Chip size="small" variant="outlined" label={administration.data.status} color={statusColor(administration.data.status)} />
          <Typography color="textSecondary">
            {formatDate(administration.data.startDate)} – {formatDate(administration.data.endDate)}
            {respondents !== undefined && ` · ${plural(respondents, 'respondent')}`}
          </Typography>
        </Stack>
      )}
      {administration.isError && <ProblemMessage error={administration.error} onRetry={() => void administration.refetch()} />}
    </Box>
  );
}

/** How far the cohort's load has come (it can take a while without the results extension). */
export function CohortLoading({ progress }: { progress: CohortProgress | undefined }) {
  return (
    <Box>
      <LinearProgress
        variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
        value={progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0}
        aria-label="Loading respondents"
      />
      <Typography variant="body2" color="textSecondary" role="status" data-testid="cohort-progress" sx={{ mt: 0.5 }}>
        {progress ? `Loaded ${formatCount(progress.loaded)} of ${formatCount(progress.total)} respondents` : 'Loading respondents…'}
        {progress?.source === 'fallback' && ' (one request per respondent: the service has no cohort download)'}
      </Typography>
    </Box>
  );
}
