import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { MyStudent } from '../../api/my-students.ts';
import { paths } from '../../app/route-table.ts';
import { FollowButton } from '../../components/follow-button.tsx';
import { factsOf } from '../../api/my-students-facts.ts';

const PAINT_TIMING = { elementtiming: 'home-row' } as Record<string, string>;

/** One student of the home: a card on every screen (the phone's layout is the desk's, wrapped). */
export const MyStudentRow = memo(function MyStudentRow({ row, nowMs, contactSince }: { row: MyStudent; nowMs: number; contactSince: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="my-student" data-student={row.student}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* elementtiming: the browser reports when the name is painted (bench/home.bench.ts), here and in the server's picture. */}
        <Link component={RouterLink} to={paths.student(row.student)} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} {...PAINT_TIMING}>
          {row.name}
        </Link>
        <Typography variant="body2" color="textSecondary">
          {row.student}
        </Typography>
        {row.watching && <Chip size="small" color="primary" variant="outlined" label="Watching" />}
        <Box sx={{ flexGrow: 1 }} />
        <FollowButton compact student={row.student} name={row.name} />
      </Stack>
      <Box sx={{ mt: 0.5 }} aria-label={`Why ${row.name} is here`} role="group">
        {row.reasons.length > 0 ? (
          <Stack component="ul" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
            {row.reasons.map((reason) => (
              <Box component="li" key={reason.rule}>
                <Chip size="small" color="warning" label={reason.text} data-testid="attention-reason" sx={REASON_SX} />
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="textSecondary">
            No reason for attention
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ mt: 0.75 }}>
        {factsOf(row, nowMs, contactSince).join(' · ')}
      </Typography>
    </Paper>
  );
});

// A long reason ("bottom 25 % in Academic Engagement, Academic Self-Efficacy, …") wraps inside its chip instead of running off a phone's screen.
const REASON_SX = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;
