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
import { ageInDays, formatDate } from '../../lib/dates.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const daysAgo = (iso: string, nowMs: number) => {
  const days = ageInDays(Date.parse(iso), nowMs);
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
};

/** The facts beside the reasons, in words: alerts, last contact, what is new, low scores. */
export function factsOf(row: MyStudent, nowMs: number, contactSince: string): string[] {
  const facts: string[] = [];
  if (row.openAlerts === 0) facts.push('No open alerts');
  else facts.push(`${plural(row.openAlerts, 'open alert', 'open alerts')}, oldest raised ${daysAgo(row.oldestOpenAlertOn!, nowMs)}`);
  facts.push(row.lastContactOn ? `Last contact ${daysAgo(row.lastContactOn, nowMs)}` : `No contact since ${formatDate(contactSince)}`);
  if (row.lastVisit === null) facts.push('Not opened by you yet');
  else if (row.newSinceVisit > 0) facts.push(`${plural(row.newSinceVisit, 'new note', 'new notes')} since your last visit`);
  else facts.push('Nothing new since your last visit');
  if (row.lowFactors.length > 0) facts.push(`Low scores: ${row.lowFactors.map((f) => `${f.factor} ${Math.round(f.score)}`).join(', ')}`);
  return facts;
}

/** One student of the home: a card on every screen (the phone's layout is the desk's, wrapped). */
export const MyStudentRow = memo(function MyStudentRow({ row, nowMs, contactSince }: { row: MyStudent; nowMs: number; contactSince: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="my-student" data-student={row.student}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.student(row.student)} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
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
