import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { accessLogCsvHref, type AccessLogEntry } from '../../api/access-log.ts';
import { PAGES } from '../../app/route-table.ts';
import type { TableColumn } from '../../components/responsive-table.tsx';
import { LOG_WINDOW_FIELDS, LogView, logDefinition } from '../../components/log-view.tsx';
import { SavedViews } from '../../components/saved-views/saved-views.tsx';
import { accessLogQueries } from '../../queries/access-log.ts';
import { useIsAdmin } from '../../queries/permissions.ts';
import { EndSessionsButton } from './end-sessions.tsx';
import { DateTimeText } from '../../components/relative-time.tsx';

const EVENTS: Record<AccessLogEntry['event'], string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'session-end': 'Session ended',
  read: 'Read records',
  export: 'Exported',
  grant: 'Access granted',
  'notice-accepted': 'Accepted the confidentiality notice',
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
  { header: 'When', nowrap: true, cell: (entry) => <DateTimeText dateTime={entry.at} /> },
  { header: 'Who', cell: (entry) => entry.person ?? '—' },
  { header: 'What', cell: (entry) => `${EVENTS[entry.event]}${entry.operation ? ` (${entry.operation})` : ''}${entry.detail ? `: ${entry.detail}` : ''}` },
  { header: 'Students', cell: (entry) => <Students students={entry.students} /> },
  { header: 'Reason', cell: (entry) => entry.reason ?? '—' },
  { header: 'Request', cell: (entry) => entry.requestId ?? '—', sx: { fontFamily: 'monospace' } },
];

const ACCESS_LOG = logDefinition({
  route: PAGES.accessLog,
  fields: [{ name: 'person', label: 'Person', placeholder: 'E0001' }, { name: 'student', label: 'Student', placeholder: 'S000001' }, ...LOG_WINDOW_FIELDS],
  query: accessLogQueries.list,
  name: 'access log',
  rows: 'entries',
  tableLabel: 'Accesses',
  columns: COLUMNS,
  rowKey: (entry) => String(entry.id),
  rowTestId: 'access-entry',
  empty: 'No access recorded',
});

export function AccessLogPage() {
  const isAdmin = useIsAdmin();
  return (
    <LogView
      {...ACCESS_LOG}
      // A plain download: the gateway logs the export before it gives the file.
      actions={(filter) => (
        <>
          <Button href={accessLogCsvHref(filter)} download>
            Download CSV
          </Button>
          {/* Filtered by one person: ending their sessions is one step from reading what they did. */}
          {isAdmin && filter.person ? <EndSessionsButton key={filter.person} person={filter.person} /> : null}
          <SavedViews page="access-log" />
        </>
      )}
    />
  );
}
