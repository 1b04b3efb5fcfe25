import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApi } from '../../app/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { alertQueries } from './alerts.queries.ts';

const DAY_MS = 86_400_000;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The start page: the newest alerts of the last 30 days, open ones first in mind. */
export function RecentAlertsPage() {
  // One start per visit (UTC day), so the key stays stable while the page is open.
  const createdOnStart = useMemo(() => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 30 * DAY_MS).toISOString(), []);
  const alerts = useQuery(alertQueries.list(useApi(), { createdOnStart, pageSize: 50, expand: ['student', 'categories'] as const }));

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Recent alerts
      </Typography>
      <Typography color="text.secondary">The 50 newest alerts raised in the last 30 days.</Typography>
      {alerts.isPending && <LinearProgress aria-label="Loading alerts" />}
      {alerts.isError && <ProblemMessage error={alerts.error} onRetry={() => void alerts.refetch()} />}
      {alerts.data && alerts.data.invalidCount > 0 && (
        <Alert severity="warning">
          {alerts.data.invalidCount} {alerts.data.invalidCount === 1 ? 'alert' : 'alerts'} could not be shown: the service sent data the
          dashboard could not read.
        </Alert>
      )}
      {alerts.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Recent alerts">
            <TableHead>
              <TableRow>
                <TableCell>Raised</TableCell>
                <TableCell>Student</TableCell>
                <TableCell>Categories</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {alerts.data.values.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No alerts were raised in the last 30 days.</TableCell>
                </TableRow>
              )}
              {alerts.data.values.map((alert) => (
                <TableRow key={alert.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateFormat.format(new Date(alert.createdOn))}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {alert.student.firstName} {alert.student.lastName}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {alert.student.identifier}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
                      {alert.categories.values.map((c) => (
                        <Chip key={c.id} label={c.name} size="small" variant="outlined" />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Chip label={alert.status} size="small" color={alert.status === 'Open' ? 'warning' : 'default'} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 420 }}>
                    <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                      {alert.details}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
