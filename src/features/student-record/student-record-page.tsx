import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { studentRecordHref, type RecordNotation, type RecordNotationKind, type StudentRecord } from '../../api/student-record.ts';
import { PAGES, paths } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { PLAIN_TEXT } from '../../components/plain-text.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table.tsx';
import { useIsAdmin } from '../../queries/permissions.ts';
import { studentRecordQueries } from '../../queries/student-record.ts';
import { formatDateTime } from '../../lib/dates.ts';

/**
 * One student's record (#30 item 4), for an administrator answering an inspection or an access
 * request: the JSON the gateway gathers (`GET /admin/students/{id}/record`), laid out to be read
 * and printed. Printing leaves out the app's navigation and these buttons, keeps each notation and
 * table row on one page, and prints in black on white whatever the screen's scheme.
 */

const PRINT_STYLES = {
  '@media print': {
    'header.MuiAppBar-root, nav, .MuiDrawer-root, .MuiDrawer-docked, main > .MuiToolbar-root, [data-print-hide]': { display: 'none !important' },
    // The navigation's column beside the page.
    '#root div:has(> .MuiDrawer-docked), #root div:has(> .MuiDrawer-root)': { display: 'none !important' },
    'html, body, main, #root > div': { background: '#fff !important' },
    main: { padding: '0 !important', margin: '0 !important' },
    '[data-record] *': { color: '#000 !important', background: 'transparent !important', boxShadow: 'none !important' },
    '[data-record] article, [data-record] tr, [data-record] li': { breakInside: 'avoid' },
    '[data-record] h2, [data-record] h3': { breakAfter: 'avoid' },
  },
};

const KIND: Record<RecordNotationKind, string> = { update: 'Update', dataInsight: 'Data insight', alert: 'Alert', encouragement: 'Encouragement' };
/** The app's one format for a moment (#31 item 9). */
const when = formatDateTime;
const nameOf = (p: { identifier: string; firstName: string | null; lastName: string | null }) =>
  p.firstName || p.lastName ? `${[p.firstName, p.lastName].filter(Boolean).join(' ')} (${p.identifier})` : p.identifier;

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ '& + &': { mt: 4 } }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
        {count !== undefined ? ` (${count})` : ''}
      </Typography>
      {children}
    </Box>
  );
}

function Notation({ notation }: { notation: RecordNotation }) {
  const facts = [
    when(notation.createdOn),
    notation.createdBy ? `by ${notation.createdBy}` : 'by the system',
    notation.audienceType ? `audience ${notation.audienceType}` : 'audience All',
    notation.status,
    notation.canStudentView === null ? null : notation.canStudentView ? 'the student can see it' : 'hidden from the student',
  ].filter(Boolean);
  return (
    <Box component="article" data-testid="record-notation" sx={{ borderTop: 1, borderColor: 'divider', py: 1.5 }}>
      <Typography variant="subtitle1" component="h3">
        {KIND[notation.kind]} {notation.id}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {facts.join(' · ')}
        {notation.categories.length > 0 ? ` · ${notation.categories.join(', ')}` : ''}
      </Typography>
      <Typography variant="body1" sx={{ ...PLAIN_TEXT, mt: 0.5 }}>
        {notation.details}
      </Typography>
      {notation.comments.length > 0 ? (
        <Box component="ul" aria-label={`Comments on ${KIND[notation.kind].toLowerCase()} ${notation.id}`} sx={{ m: 0, mt: 1, pl: 3 }}>
          {notation.comments.map((comment) => (
            <li key={comment.id}>
              <Typography variant="body2" color="textSecondary" component="span">
                {when(comment.createdOn)} · {comment.createdBy ?? 'unknown'}
                {comment.usedToLowerAlert ? ' · lowered the alert' : ''}:{' '}
              </Typography>
              <Typography variant="body2" component="span" sx={PLAIN_TEXT}>
                {comment.details}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

type JournalRow = StudentRecord['journal'][number];
type AccessRow = StudentRecord['accessLog'][number];
const JOURNAL_COLUMNS: readonly TableColumn<JournalRow>[] = [
  { header: 'When', nowrap: true, cell: (e) => when(e.at) },
  { header: 'Who', cell: (e) => e.actor ?? '—' },
  { header: 'What', cell: (e) => `${e.operation} (${e.target})` },
  { header: 'Result', cell: (e) => (e.status === null ? 'not recorded' : String(e.status)) },
];
const ACCESS_COLUMNS: readonly TableColumn<AccessRow>[] = [
  { header: 'When', nowrap: true, cell: (e) => when(e.at) },
  { header: 'Who', cell: (e) => e.person ?? '—' },
  { header: 'What', cell: (e) => `${e.event}${e.operation ? ` (${e.operation})` : ''}${e.detail ? `: ${e.detail}` : ''}` },
  { header: 'Reason', cell: (e) => e.reason ?? '—' },
];

function RecordView({ record }: { record: StudentRecord }) {
  const { student, audiences } = record;
  return (
    <Box data-record>
      {record.truncated.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Cut short at the gateway's bound: {record.truncated.join(', ')}. The file holds the first pages of each.
        </Alert>
      ) : null}
      <Section id="record-student" title="Student">
        <Typography variant="h6" component="p">
          {nameOf(student)}
        </Typography>
        <Typography variant="body2">{student.email ?? ''}</Typography>
        <Typography variant="body2" color="textSecondary">
          Gathered {when(record.generatedAt)} by {record.generatedBy}.
        </Typography>
      </Section>
      <Section id="record-audiences" title="What is included">
        <Typography variant="body2">Notes for these audiences: {audiences.included.join(', ')}.</Typography>
        <Typography variant="body2" data-testid="record-withheld">
          {audiences.withheld.Private === 0
            ? 'No Private note of anyone else was withheld.'
            : `${audiences.withheld.Private} Private ${audiences.withheld.Private === 1 ? 'note' : 'notes'} of others withheld. ${audiences.withheld.reason}`}
        </Typography>
      </Section>
      <Section id="record-notations" title="Notations" count={record.notations.length}>
        {record.notations.length === 0 ? <Typography variant="body2">None.</Typography> : null}
        {record.notations.map((n) => (
          <Notation key={`${n.kind}-${n.id}`} notation={n} />
        ))}
      </Section>
      <Section id="record-scores" title="Non-cognitive scores" count={record.scores.length}>
        {record.scores.length === 0 ? <Typography variant="body2">No administration lists this student.</Typography> : null}
        {record.scores.map((s) => (
          <Box key={s.administration.id} component="article" sx={{ mb: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {s.administration.title} ({s.administration.status}, {when(s.administration.startDate)} to {when(s.administration.endDate)})
            </Typography>
            {s.factors.length === 0 ? (
              <Typography variant="body2">No scores.</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {s.factors.map((f) => (
                  <li key={f.factor}>
                    <Typography variant="body2">
                      {f.factor}: {f.score}
                      {f.validityConcern ? ' (validity concern)' : ''}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Section>
      <Section id="record-network" title="Success network" count={record.successNetwork.length}>
        {record.successNetwork.length === 0 ? (
          <Typography variant="body2">Nobody.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {record.successNetwork.map((m) => (
              <li key={m.identifier}>
                <Typography variant="body2">
                  {nameOf(m)}
                  {m.role ? `, ${m.role}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Section id="record-journal" title="Changes about the student (journal)" count={record.journal.length}>
        <ResponsiveTable
          rows={record.journal}
          columns={JOURNAL_COLUMNS}
          rowKey={(e) => `${e.id ?? ''}-${e.at}-${e.requestId}`}
          labelledBy="record-journal"
          cardsBelow="sm"
          empty="No change recorded."
        />
      </Section>
      <Section id="record-access" title="Who read or exported the record (access log)" count={record.accessLog.length}>
        <ResponsiveTable
          rows={record.accessLog}
          columns={ACCESS_COLUMNS}
          rowKey={(e) => e.id}
          labelledBy="record-access"
          cardsBelow="sm"
          empty="No access recorded."
        />
      </Section>
    </Box>
  );
}

export function StudentRecordPage() {
  const student = useParams().identifier ?? '';
  const admin = useIsAdmin();
  const record = useQuery({ ...studentRecordQueries.get(student), enabled: admin });

  let body: ReactNode;
  if (!admin) body = <Alert severity="info">Only administrators can gather a student's record. Ask one if you need it for an inspection or a request.</Alert>;
  else if (record.isPending)
    body = (
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Gathering everything about {student}…
        </Typography>
        <LinearProgress aria-label="Gathering the record" />
      </Box>
    );
  else if (record.isError) body = <ProblemMessage error={record.error} onRetry={() => void record.refetch()} />;
  else body = <RecordView record={record.data} />;

  return (
    <Stack spacing={2}>
      <GlobalStyles styles={PRINT_STYLES} />
      <PageHeading route={PAGES.studentRecord} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-print-hide>
        <Button variant="contained" onClick={() => window.print()} disabled={!record.isSuccess}>
          Print
        </Button>
        {/* A plain link: the gateway logs the export before it gives the file. */}
        <Button variant="outlined" href={studentRecordHref(student)} download disabled={!admin}>
          Download JSON
        </Button>
        <Link component={RouterLink} to={paths.student(student)} variant="body2" sx={{ ml: 1 }}>
          Back to the student
        </Link>
      </Stack>
      {body}
    </Stack>
  );
}
