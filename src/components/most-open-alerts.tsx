import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '../app/route-table.ts';
import { ageInDays, formatDay, formatDayRange, startOfUtcDaysAgo } from '../lib/dates.ts';
import { mostOpenAlertsQuery } from '../queries/alert-queue.ts';
import { useApi } from '../queries/api-context.tsx';
import { useDeferredQuery } from '../queries/use-deferred-query.ts';
import { FollowButton } from './follow-button.tsx';
import { ProblemMessage } from './problem-message.tsx';

const RANKING_DAYS = 90;

function age(iso: string): string {
  const days = ageInDays(Date.parse(iso), Date.now());
  return days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}

/** The institution's students with the most open alerts in the last 90 days (as the person may see them): on /students, and on the home for RECORDS_GROUP. */
export function MostOpenAlerts() {
  const api = useApi();
  const [createdOnStart] = useState(() => new Date(startOfUtcDaysAgo(RANKING_DAYS, Date.now())).toISOString());
  const [today] = useState(() => formatDay(new Date()));
  const ranking = useDeferredQuery(mostOpenAlertsQuery(api, createdOnStart));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Students with the most open alerts
      </Typography>
      {/* The window in the words the student page uses ("11 open alerts … from A to B"), so two counts never read as one. */}
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }} data-testid="ranking-window">
        Open alerts raised {formatDayRange({ from: createdOnStart.slice(0, 10), to: today })} (the last {RANKING_DAYS} days).
      </Typography>
      {ranking.isPending && <LinearProgress aria-label="Loading open alerts" />}
      {ranking.isError && <ProblemMessage error={ranking.error} onRetry={() => void ranking.refetch()} />}
      {ranking.data && ranking.data.invalidCount > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {ranking.data.invalidCount} alerts could not be read and are not counted.
        </Alert>
      )}
      {ranking.data && ranking.data.ranking.length === 0 && <Typography>No open alerts in this period.</Typography>}
      {ranking.data && ranking.data.ranking.length > 0 && (
        <List dense aria-label="Students with the most open alerts">
          {ranking.data.ranking.slice(0, 12).map(({ student, openAlerts, oldestOpenedOn }) => (
            <ListItem
              key={student.identifier}
              disablePadding
              secondaryAction={<FollowButton compact student={student.identifier} name={`${student.firstName} ${student.lastName}`} />}
            >
              <ListItemButton component={Link} to={paths.student(student.identifier)}>
                <ListItemText
                  sx={{ minWidth: 0 }}
                  primary={`${student.firstName} ${student.lastName}`}
                  secondary={`${student.identifier} · oldest open for ${age(oldestOpenedOn)}`}
                />
                {/* Never shrunk into its words, and kept apart from the text beside it. */}
                <Chip color="warning" size="small" label={`${openAlerts} open ${openAlerts === 1 ? 'alert' : 'alerts'}`} sx={{ flexShrink: 0, ml: 2 }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
