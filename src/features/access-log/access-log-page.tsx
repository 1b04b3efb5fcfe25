import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { accessLogCsvHref, type AccessLogEntry } from '../../api/access-log.ts';
import { PAGES } from '../../app/route-table.ts';
import { LogPages, useLogFilters } from '../../components/log-pages.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table.tsx';
import { accessLogQueries } from '../../queries/access-log.ts';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';

const FILTERS = ['person', 'student', 'since', 'until'] as const;

const EVENTS: Record<AccessLogEntry['event'], string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'session-end': 'Session ended',
  read: 'Read records',
  export: 'Exported',
  grant: 'Access granted',
};

/** The first students of an entry, each a link to their record, and how many more. */
function Students({ students }: { students: string[] }) {
  if (students.length === 0) return <>—</>;
  const shown = students.slice(0, 5);
  return (
    <>
      {shown.map((id, i) => (
        <span key={id}>
          {i > 0 ? ', ' : ''}
          <Link component={RouterLink} to={PAGES.student.href({ identifier: id })}>
            {id}
          </Link>
        </span>
      ))}
      {students.length > shown.length ? ` and ${students.length - shown.length} more` : ''}
    </>
  );
}

const COLUMNS: readonly TableColumn<AccessLogEntry>[] = [
  { header: 'When', nowrap: true, cell: (entry) => <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> },
  { header: 'Who', cell: (entry) => entry.person ?? '—' },
  { header: 'What', cell: (entry) => `${EVENTS[entry.event]}${entry.operation ? ` (${entry.operation})` : ''}${entry.detail ? `: ${entry.detail}` : ''}` },
  { header: 'Students', cell: (entry) => <Students students={entry.students} /> },
  { header: 'Reason', cell: (entry) => entry.reason ?? '—' },
  { header: 'Request', cell: (entry) => entry.requestId ?? '—', sx: { fontFamily: 'monospace' } },
];

export function AccessLogPage() {
  const { filter, filtered, before, draft, setField, apply, clear, pageTo } = useLogFilters(FILTERS);
  const log = useDeferredQuery(accessLogQueries.list({ ...filter, before }));

  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.accessLog} />
      <Box component="form" onSubmit={apply} aria-label="Filter the access log" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          label="Person"
          placeholder="E0001"
          value={draft.person}
          onChange={(e) => setField('person', e.target.value)}
          sx={{ flex: '1 1 9rem' }}
        />
        <TextField
          size="small"
          label="Student"
          placeholder="S000001"
          value={draft.student}
          onChange={(e) => setField('student', e.target.value)}
          sx={{ flex: '1 1 9rem' }}
        />
        <TextField
          size="small"
          type="date"
          label="From"
          value={draft.since}
          onChange={(e) => setField('since', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '0 1 9.5rem' }}
        />
        <TextField
          size="small"
          type="date"
          label="Until"
          value={draft.until}
          onChange={(e) => setField('until', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '0 1 9.5rem' }}
        />
        <Button type="submit" variant="contained">
          Apply
        </Button>
        <Button onClick={clear}>Clear</Button>
        {/* A plain download: the gateway logs the export before it gives the file. */}
        <Button href={accessLogCsvHref(filter)} download>
          Download CSV
        </Button>
      </Box>
      {log.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>Loading the access log…</Typography>
        </Stack>
      ) : log.isError ? (
        <ProblemMessage error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.values.length === 0 ? (
        <Typography role="status">No access recorded{filtered ? ' for these filters' : ' yet'}.</Typography>
      ) : (
        <Paper variant="outlined">
          <ResponsiveTable
            rows={log.data.values}
            rowKey={(entry) => String(entry.id)}
            label="Accesses"
            cardsBelow="md"
            rowProps={() => ({ 'data-testid': 'access-entry' })}
            columns={COLUMNS}
          />
        </Paper>
      )}
      {log.data ? (
        <LogPages label="Access log pages" noun="entries" before={before} older={log.data.older} shown={log.data.values.length} onPage={pageTo} />
      ) : null}
    </Stack>
  );
}
