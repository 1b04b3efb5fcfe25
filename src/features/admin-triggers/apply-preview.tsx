import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { Person } from '../../api/schemas/index.ts';
import { ResponsiveTable } from '../../components/responsive-table.tsx';
import { RECENT_DAYS } from './apply-queries.ts';
import type { NotationPreview, TriggerNotation } from './trigger-notations.ts';
import { AUDIENCE_WORDS, plural, studentViewWord } from './trigger-words.ts';
import { formatDate } from '../../lib/dates.ts';

/** The notation each student will get, once, then per student with any they got from this trigger lately. */

export function NotationCard({ preview }: { preview: NotationPreview }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="notation-preview">
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" label={preview.kind === 'alert' ? 'Alert (Open)' : 'Data insight (Api)'} color={preview.kind === 'alert' ? 'warning' : 'default'} />
        <Chip
          size="small"
          variant="outlined"
          label={preview.audienceType ? `Audience: ${AUDIENCE_WORDS[preview.audienceType]}` : 'Audience: not set on data insights'}
        />
        <Chip
          size="small"
          variant="outlined"
          label={preview.canStudentView === null ? 'Student visibility: not set on data insights' : studentViewWord(preview.canStudentView)}
        />
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{preview.text}</Typography>
    </Paper>
  );
}

function previewCells(preview: NotationPreview) {
  return [
    preview.kind === 'alert' ? 'Alert' : 'Data insight',
    preview.audienceType ? AUDIENCE_WORDS[preview.audienceType] : '—',
    preview.canStudentView === null ? '—' : preview.canStudentView ? 'Yes' : 'No',
  ];
}

export function PreviewTable({
  students,
  preview,
  recent,
}: {
  students: readonly Person[];
  preview: NotationPreview;
  recent: ReadonlyMap<string, TriggerNotation[]> | undefined;
}) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [kind, audience, visible] = previewCells(preview);
  const rows = students.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);
  return (
    <>
      <ResponsiveTable
        rows={rows}
        rowKey={(student) => student.identifier}
        label="Preview per student"
        rowProps={(student) => ({ 'data-testid': `preview-${student.identifier}` })}
        columns={[
          {
            header: 'Student',
            cell: (student) => {
              const earlier = recent?.get(student.identifier) ?? [];
              return (
                <>
                  {student.firstName} {student.lastName}{' '}
                  <Typography component="span" variant="body2" color="textSecondary">
                    ({student.identifier})
                  </Typography>
                  {earlier.length > 0 && (
                    <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
                      Already received {plural(earlier.length, 'notation')} from this trigger in the last {RECENT_DAYS} days (latest{' '}
                      {formatDate(earlier[0]!.createdOn)})
                    </Typography>
                  )}
                </>
              );
            },
          },
          { header: 'Creates', cell: () => kind },
          { header: 'Audience', hideBelow: 'md', cell: () => audience },
          { header: 'Student can see', hideBelow: 'md', cell: () => visible },
          { header: 'Text', hideBelow: 'sm', cell: () => preview.text, sx: { whiteSpace: 'pre-wrap', maxWidth: 420 } },
        ]}
      />
      {students.length > 25 && (
        <TablePagination
          component="div"
          count={students.length}
          page={page}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[25, 100]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setRowsPerPage(Number(e.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}
