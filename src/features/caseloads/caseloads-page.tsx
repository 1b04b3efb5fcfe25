import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { PAGES, paths } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isNotFound } from '../../api/errors.ts';
import type { Person } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { PersonName } from '../../components/person-name.tsx';
import { PersonPicker } from '../../components/person-picker.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { parseIdentifiers } from '../../lib/identifiers.ts';
import { caseloadQueries } from '../../queries/caseloads.ts';
import { usePermission } from '../../queries/permissions.ts';
import { BulkReassignPanel } from './bulk-reassign-panel.tsx';
import { RecentBatches } from './recent-batches.tsx';
import { CaseloadCards } from './caseload-cards.tsx';

const STAFF_ROLES = ['Advisor', 'Faculty', 'Staff', 'Coach'];

const columns: GridColDef<Person>[] = [
  {
    field: 'name',
    headerName: 'Student',
    flex: 1,
    minWidth: 180,
    valueGetter: (_value, row) => `${row.lastName}, ${row.firstName}`,
    renderCell: ({ row, value }) => (
      <Link component={RouterLink} to={paths.student(row.identifier)}>
        {String(value)}
      </Link>
    ),
  },
  { field: 'identifier', headerName: 'Identifier', width: 120 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 200 },
];

type StudentSource = { kind: 'handed' | 'caseload' | 'selected' | 'pasted'; students: string[] };

const SOURCE_TEXT: Record<StudentSource['kind'], string> = {
  handed: 'handed over from another page',
  caseload: 'the whole caseload',
  selected: 'selected in the caseload',
  pasted: 'pasted',
};

/**
 * `/caseloads`: a staff member's caseload (the students whose networks include them) and bulk
 * reassignment over it, over pasted identifiers, or over a selection another page hands over as
 * `?students=S1,S2`. `?staff=` names the staff member, so the view can be shared.
 */
export function CaseloadsPage() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const staff = params.get('staff')?.trim() ?? '';
  const handed = useMemo(() => parseIdentifiers(params.get('students') ?? '').unique, [params]);
  const permission = usePermission('editNetworks');
  // Below 600 px the grid's columns do not fit: cards, as the app's other tables do (README).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const caseload = useDeferredQuery({ ...caseloadQueries.of(api, staff), enabled: staff !== '' });
  const caseloadStudents = useMemo(() => (caseload.data?.values ?? []).filter((p) => p.role === 'Student'), [caseload.data]);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [pasted, setPasted] = useState('');
  const [chosen, setChosen] = useState<StudentSource | null>(null);

  const selectedIds =
    selection.type === 'include' ? [...selection.ids].map(String) : caseloadStudents.map((p) => p.identifier).filter((id) => !selection.ids.has(id));
  // Until the person chooses: what was handed over, else the whole caseload. Fixed once taken, so
  // that a refreshed caseload (after a run, it no longer holds the students moved) does not
  // swap the students of a batch under the person.
  if (chosen === null && handed.length > 0) setChosen({ kind: 'handed', students: handed });
  else if (chosen === null && caseloadStudents.length > 0) setChosen({ kind: 'caseload', students: caseloadStudents.map((p) => p.identifier) });
  const source = chosen;
  const pastedIds = parseIdentifiers(pasted).unique;

  const pickStaff = (identifier: string) => {
    const next = new URLSearchParams(params);
    next.set('staff', identifier);
    setParams(next);
    setSelection({ type: 'include', ids: new Set() });
    if (chosen?.kind === 'caseload' || chosen?.kind === 'selected') setChosen(null);
  };

  return (
    <Box>
      <PageHeading route={PAGES.caseloads} sx={{ mb: 2 }} />
      <Stack spacing={2}>
        <Paper variant="outlined" component="section" aria-labelledby="caseload-heading" sx={{ p: 2 }}>
          <Typography id="caseload-heading" variant="h6" component="h2" gutterBottom>
            Caseload
          </Typography>
          <Box sx={{ display: 'flex', mb: 2 }}>
            <PersonPicker label="Staff member" roles={STAFF_ROLES} buttonLabel="Show" refusal={() => null} onPick={pickStaff} />
          </Box>
          {!staff && <Typography color="textSecondary">Choose a staff member to see their caseload.</Typography>}
          {staff && (
            <Typography sx={{ mb: 1 }} data-testid="caseload-count">
              <PersonName identifier={staff} />
              {caseload.isSuccess &&
                `: ${caseloadStudents.length} ${caseloadStudents.length === 1 ? 'student' : 'students'}${
                  caseload.data.values.length > caseloadStudents.length
                    ? ` (and ${caseload.data.values.length - caseloadStudents.length} people who are not students)`
                    : ''
                }.`}
            </Typography>
          )}
          {staff && caseload.isPending && <LinearProgress aria-label="Loading the caseload" />}
          {caseload.isError &&
            (isNotFound(caseload.error) ? (
              <Alert severity="info" data-testid="caseload-unavailable">
                The service lists no caseload for {staff}: nobody has that identifier, or this service does not offer caseloads. Paste the students’ identifiers
                below to work with them.
              </Alert>
            ) : (
              <ProblemMessage error={caseload.error} onRetry={() => void caseload.refetch()} />
            ))}
          {caseload.isSuccess && caseloadStudents.length === 0 && (
            <Typography color="textSecondary">No student has this person in their success network.</Typography>
          )}
          {caseloadStudents.length > 0 && phone && <CaseloadCards students={caseloadStudents} selection={selection} onSelectionChange={setSelection} />}
          {caseloadStudents.length > 0 && !phone && (
            <Box sx={{ height: 440 }}>
              <DataGrid
                rows={caseloadStudents}
                columns={columns}
                getRowId={(row) => row.identifier}
                checkboxSelection
                disableRowSelectionOnClick
                rowSelectionModel={selection}
                onRowSelectionModelChange={setSelection}
                density="compact"
                aria-label="Students in this caseload"
                pageSizeOptions={[100]}
              />
            </Box>
          )}
        </Paper>

        <Paper variant="outlined" component="section" aria-labelledby="students-heading" sx={{ p: 2 }}>
          <Typography id="students-heading" variant="h6" component="h2" gutterBottom>
            Students to reassign
          </Typography>
          <Typography data-testid="bulk-students" sx={{ mb: 2 }}>
            {source
              ? `${source.students.length} ${source.students.length === 1 ? 'student' : 'students'}, ${SOURCE_TEXT[source.kind]}.`
              : 'No students chosen yet.'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            {handed.length > 0 && (
              <Button variant="outlined" onClick={() => setChosen({ kind: 'handed', students: handed })}>
                Use the {handed.length} handed over
              </Button>
            )}
            <Button
              variant="outlined"
              disabled={caseloadStudents.length === 0}
              onClick={() => setChosen({ kind: 'caseload', students: caseloadStudents.map((p) => p.identifier) })}
            >
              Use the whole caseload ({caseloadStudents.length})
            </Button>
            <Button variant="outlined" disabled={selectedIds.length === 0} onClick={() => setChosen({ kind: 'selected', students: selectedIds })}>
              Use the selected ({selectedIds.length})
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              label="Paste student identifiers"
              multiline
              minRows={2}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              helperText={pasted ? `${pastedIds.length} identifiers` : 'Separated by commas, spaces or new lines.'}
              sx={{ flex: '1 1 20rem' }}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            <Button variant="outlined" disabled={pastedIds.length === 0} onClick={() => setChosen({ kind: 'pasted', students: pastedIds })}>
              Use pasted
            </Button>
          </Box>
        </Paper>

        <BulkReassignPanel
          key={source ? `${source.kind}:${source.students.length}:${source.students[0] ?? ''}` : 'none'}
          students={source?.students ?? []}
          caseloadStaff={staff}
          permission={permission}
        />
        <RecentBatches />
      </Stack>
    </Box>
  );
}
