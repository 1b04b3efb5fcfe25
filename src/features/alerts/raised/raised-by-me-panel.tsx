import { useMemo } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../app/route-table.ts';
import { ProblemMessage } from '../../../components/problem-message.tsx';
import { DateTimeText } from '../../../components/relative-time.tsx';
import { linkColumn, ResponsiveTable, type TableColumn } from '../../../components/responsive-table.tsx';
import type { DayRange } from '../../../lib/dates.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { useApi } from '../../../queries/api-context.tsx';
import { raisedCommentsQuery } from '../../../queries/raised-by-me.ts';
import { durationWords, raisedOutcomes, type RaisedOutcome } from './raised-outcomes.ts';

/**
 * `/alerts?raisedBy=me` (#32 item 5): the alerts the signed-in person raised in the range, what
 * came of each — who commented, the outcome, how long the first response took — with those still
 * waiting past ALERT_RESPONSE_DAYS first.
 */
export function RaisedByMePanel({
  alerts,
  range,
  responseDays,
  names,
  now,
  onOpen,
}: {
  alerts: readonly TriageAlert[];
  range: DayRange;
  responseDays: number;
  /** Names of the people the queue knows (creators), for the commenters. */
  names: ReadonlyMap<string, string>;
  /** The page's "now" (held still while it is open). */
  now: number;
  onOpen: (id: number) => void;
}) {
  const api = useApi();
  const students = useMemo(() => alerts.map((a) => a.student.identifier), [alerts]);
  const comments = useQuery(raisedCommentsQuery(api, students, range));
  const rows = useMemo(
    () =>
      raisedOutcomes(
        alerts.map((a) => ({
          id: a.id,
          studentId: a.student.identifier,
          studentName: `${a.student.firstName} ${a.student.lastName}`.trim(),
          raisedBy: a.createdBy.identifier,
          createdOn: a.createdOn,
          status: a.status,
          details: a.details,
          comments: comments.data?.get(a.id),
        })),
        now,
        responseDays,
      ),
    [alerts, comments.data, now, responseDays],
  );
  const waiting = rows.filter((r) => r.overdue).length;
  const name = (id: string) => names.get(id) ?? id;
  const columns: TableColumn<RaisedOutcome>[] = [
    linkColumn('Student', (r) => ({ to: paths.student(r.alert.studentId), text: r.alert.studentName })),
    { header: 'Raised', nowrap: true, cell: (r) => <DateTimeText dateTime={r.alert.createdOn} /> },
    {
      header: 'Status',
      cell: (r) =>
        r.overdue ? (
          <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 600 }}>
            Open, no response after {responseDays} days
          </Typography>
        ) : (
          r.alert.status
        ),
    },
    { header: 'Commented', cell: (r) => (r.alert.comments === undefined ? '…' : r.commenters.length ? r.commenters.map(name).join(', ') : 'Nobody yet') },
    {
      header: 'Outcome',
      cell: (r) => (r.outcome ? `${name(r.outcome.createdBy)}: ${r.outcome.details}` : r.alert.status === 'Lowered' ? 'Lowered without a comment' : '—'),
    },
    { header: 'First response', nowrap: true, cell: (r) => (r.firstResponseMs === undefined ? '—' : durationWords(r.firstResponseMs)) },
    {
      header: 'Alert',
      cell: (r) => (
        <Link component="button" type="button" variant="body2" onClick={() => onOpen(r.alert.id)}>
          Open alert {r.alert.id}
        </Link>
      ),
    },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="raised-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1}>
        <Typography id="raised-heading" variant="h6" component="h2">
          Raised by me
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="raised-summary">
          {alerts.length === 0
            ? 'You raised no alerts in this range.'
            : `${alerts.length} ${alerts.length === 1 ? 'alert' : 'alerts'} you raised${comments.isSuccess ? `; ${waiting} still ${waiting === 1 ? 'waits' : 'wait'} for a response after ${responseDays} days` : ''}.`}
        </Typography>
        {comments.isError && <ProblemMessage error={comments.error} onRetry={() => void comments.refetch()} />}
        {comments.isPending && alerts.length > 0 && <Skeleton variant="text" aria-label="Loading who commented" />}
        {alerts.length > 0 && (
          <ResponsiveTable
            rows={rows}
            columns={columns}
            rowKey={(r) => r.alert.id}
            labelledBy="raised-heading"
            cardsBelow="md"
            rowProps={() => ({ 'data-testid': 'raised-row' })}
          />
        )}
      </Stack>
    </Paper>
  );
}
