import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { PAGES } from '../../app/route-table.ts';
import { PersonName, usePeopleNames } from '../../components/person-name.tsx';
import { reasonText } from '../../lib/network-merge.ts';
import { PersonPicker } from '../../components/person-picker.tsx';
import { ProblemMessage, describeError } from '../../components/problem-message.tsx';
import { parsePairs, type BulkOperation, type BulkOperationKind } from '../../lib/bulk-reassign.ts';
import type { BulkOutcome, PreviewRow } from './bulk-reassign-run.ts';
import type { Permission } from '../../queries/permissions.ts';
import { useBulkReassign } from './use-bulk-reassign.ts';

const STAFF_ROLES = ['Advisor', 'Faculty', 'Staff', 'Coach'];

const OPERATIONS: { kind: BulkOperationKind; label: string }[] = [
  { kind: 'add', label: 'Add a person to these students' },
  { kind: 'replace', label: 'Replace a person with another' },
  { kind: 'remove', label: 'Remove a person from these students' },
  { kind: 'pairs', label: 'Pasted student,staff pairs (each staff member added to that student)' },
];

function ChosenPerson({ label, value, onChange, exclude }: { label: string; value: string; onChange: (id: string) => void; exclude?: string }) {
  if (value) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid={`chosen-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        <Typography>
          {label}: <PersonName identifier={value} />
        </Typography>
        <Button size="small" onClick={() => onChange('')} aria-label={`Change ${label.toLowerCase()}`}>
          Change
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex' }}>
      <PersonPicker
        label={label}
        roles={STAFF_ROLES}
        buttonLabel="Choose"
        refusal={(id) => (id === exclude ? 'Choose someone else than the person replaced.' : null)}
        onPick={onChange}
      />
    </Box>
  );
}

type NameOf = (identifier: string) => string;

const outcomeText = (outcome: BulkOutcome | undefined, nameOf: NameOf): string => {
  if (!outcome) return '';
  switch (outcome.status) {
    case 'saved':
      return 'Saved';
    case 'merged':
      return 'Saved, merged with a concurrent change';
    case 'conflict':
      return `Not saved: ${outcome.conflicts.map((reason) => reasonText(reason, nameOf)).join(' ')}`;
    case 'failed':
      return `Failed: ${describeError(outcome.error)}`;
  }
};

interface GridRow {
  id: string;
  student: string;
  before: string;
  after: string;
  result: string;
  undo: string;
}

const columns: GridColDef<GridRow>[] = [
  { field: 'student', headerName: 'Student', width: 220 },
  { field: 'before', headerName: 'Before', flex: 1, minWidth: 180 },
  { field: 'after', headerName: 'After', flex: 1, minWidth: 180 },
  { field: 'result', headerName: 'Result', flex: 1, minWidth: 160 },
  { field: 'undo', headerName: 'Undo', width: 140 },
];

/** A grid row in people's names (#31 item 8): the student's with their identifier, the members' alone, in priority order. */
function gridRow(row: PreviewRow, outcome: BulkOutcome | undefined, undo: BulkOutcome | undefined, nameOf: NameOf): GridRow {
  const list = (ids: string[]) => (ids.length ? ids.map(nameOf).join(', ') : '(nobody)');
  const undoText = undo ? (undo.status === 'saved' || undo.status === 'merged' ? 'Undone' : outcomeText(undo, nameOf)) : '';
  const student = nameOf(row.student) === row.student ? row.student : `${nameOf(row.student)} (${row.student})`;
  switch (row.status) {
    case 'change':
      return {
        id: row.student,
        student,
        before: list(row.before),
        after: list(row.after),
        result: outcomeText(outcome, nameOf) || 'Will change',
        undo: undoText,
      };
    case 'same':
      return { id: row.student, student, before: list(row.before), after: list(row.before), result: `Unchanged: ${row.note}`, undo: '' };
    case 'unknown':
      return { id: row.student, student, before: '', after: '', result: 'Unknown student: skipped', undo: '' };
    case 'error':
      return { id: row.student, student, before: '', after: '', result: `Could not read: ${describeError(row.error)}`, undo: '' };
  }
}

/**
 * Bulk reassignment: choose an operation, preview every student's network before → after (with
 * unknown identifiers named) and only then write, one guarded E16 per student, four at a time.
 */
export function BulkReassignPanel({ students, caseloadStaff, permission }: { students: readonly string[]; caseloadStaff: string; permission: Permission }) {
  const [kind, setKind] = useState<BulkOperationKind>('replace');
  // The person to replace or remove starts as the caseload's owner; the person to add starts
  // empty: the owner is already in every one of these students' networks (#31 item 11).
  const [x, setX] = useState(caseloadStaff);
  const [added, setAdded] = useState('');
  const [y, setY] = useState('');
  const [pairsText, setPairsText] = useState('');
  const [lastStaff, setLastStaff] = useState(caseloadStaff);
  if (lastStaff !== caseloadStaff) {
    setLastStaff(caseloadStaff);
    if (!x) setX(caseloadStaff);
  }
  const bulk = useBulkReassign();
  /** Another choice makes the last run's result stale: it goes with the change. */
  const changed = <T,>(set: (value: T) => void, value: T) => {
    set(value);
    bulk.reset();
  };
  const { state } = bulk;
  const pairs = useMemo(() => parsePairs(pairsText), [pairsText]);

  const operation: BulkOperation | null =
    kind === 'add' && added
      ? { kind: 'add', staff: added }
      : kind === 'remove' && x
        ? { kind: 'remove', staff: x }
        : kind === 'replace' && x && y && x !== y
          ? { kind: 'replace', from: x, to: y }
          : kind === 'pairs' && pairs.pairs.length > 0 && pairs.invalidLines.length === 0
            ? { kind: 'pairs', pairs: pairs.pairs }
            : null;
  const missingStudents = kind !== 'pairs' && students.length === 0;
  const busy = state.phase === 'previewing' || state.phase === 'running' || state.phase === 'undoing';

  const rows = useMemo(() => state.preview?.rows ?? [], [state.preview]);
  const counts = {
    change: rows.filter((r) => r.status === 'change').length,
    same: rows.filter((r) => r.status === 'same').length,
    unknown: rows.filter((r) => r.status === 'unknown'),
    error: rows.filter((r) => r.status === 'error'),
  };
  const outcomes = [...state.outcomes.entries()];
  const saved = outcomes.filter(([, o]) => o.status === 'saved' || o.status === 'merged').length;
  const failed = outcomes.filter(([, o]) => o.status === 'failed');
  const conflicts = outcomes.filter(([, o]) => o.status === 'conflict');
  const undone = [...state.undoOutcomes.values()].filter((o) => o.status === 'saved' || o.status === 'merged').length;
  const undoProblems = [...state.undoOutcomes.entries()].filter(([, o]) => o.status === 'failed' || o.status === 'conflict');
  const unknownStaff = state.preview?.unknownStaff ?? [];
  const people = useMemo(
    () => [
      ...new Set(
        rows.flatMap((row) => [
          row.student,
          ...(row.status === 'change' || row.status === 'same' ? row.before : []),
          ...(row.status === 'change' ? row.after : []),
        ]),
      ),
    ],
    [rows],
  );
  const nameOf = usePeopleNames(people);
  const gridRows = useMemo(
    () => (state.preview?.rows ?? []).map((row) => gridRow(row, state.outcomes.get(row.student), state.undoOutcomes.get(row.student), nameOf)),
    [state.preview, state.outcomes, state.undoOutcomes, nameOf],
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="bulk-heading" sx={{ p: 2 }}>
      <Typography id="bulk-heading" variant="h6" component="h2" gutterBottom>
        Reassign in bulk
      </Typography>
      {!permission.allowed && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only-reason">
          You can preview, but not save. {permission.reason}
        </Alert>
      )}
      <Stack spacing={2}>
        <FormControl>
          <FormLabel id="bulk-operation-label">Operation</FormLabel>
          <RadioGroup aria-labelledby="bulk-operation-label" value={kind} onChange={(e) => changed(setKind, e.target.value as BulkOperationKind)}>
            {OPERATIONS.map((op) => (
              <FormControlLabel key={op.kind} value={op.kind} control={<Radio />} label={op.label} disabled={busy} />
            ))}
          </RadioGroup>
        </FormControl>
        {kind === 'add' && <ChosenPerson label="Person to add" value={added} onChange={(id) => changed(setAdded, id)} />}
        {(kind === 'replace' || kind === 'remove') && (
          <ChosenPerson label={kind === 'replace' ? 'Person to replace' : 'Person to remove'} value={x} onChange={(id) => changed(setX, id)} />
        )}
        {kind === 'replace' && <ChosenPerson label="Replacement" value={y} exclude={x} onChange={(id) => changed(setY, id)} />}
        {kind === 'pairs' && (
          <TextField
            label="Pairs, one student,staff per line"
            multiline
            minRows={4}
            value={pairsText}
            onChange={(e) => changed(setPairsText, e.target.value)}
            error={pairs.invalidLines.length > 0}
            helperText={
              pairs.invalidLines.length > 0
                ? `Lines ${pairs.invalidLines.join(', ')} are not "student,staff".`
                : `${pairs.pairs.length} pairs for ${new Set(pairs.pairs.map((p) => p.student)).size} students.`
            }
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        )}
        {missingStudents && (
          <Typography color="textSecondary">
            Choose the students first: a caseload above, pasted identifiers, or a selection handed over from another page.
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={!operation || missingStudents || busy} onClick={() => operation && void bulk.preview(operation, students)}>
            Preview {kind === 'pairs' ? '' : `${students.length} students`}
          </Button>
          {state.phase === 'previewed' && (
            <Button variant="contained" disabled={!permission.allowed || counts.change === 0 || unknownStaff.length > 0} onClick={() => void bulk.run()}>
              Apply to {counts.change} {counts.change === 1 ? 'student' : 'students'}
            </Button>
          )}
          {state.phase === 'ran' && failed.length > 0 && (
            <Button variant="contained" onClick={() => void bulk.retryFailed()} disabled={!permission.allowed}>
              Retry failed ({failed.length})
            </Button>
          )}
          {state.phase === 'ran' && saved > 0 && (
            <Button variant="outlined" onClick={() => void bulk.undo()} disabled={!permission.allowed}>
              Undo this batch ({saved})
            </Button>
          )}
          {(state.phase === 'ran' || state.phase === 'undone') && <Button onClick={bulk.reset}>Start over</Button>}
        </Box>
        {state.error !== null && <ProblemMessage error={state.error} />}
        {busy && (
          <Box>
            <Typography variant="body2" data-testid="bulk-progress">
              {state.phase === 'previewing' ? 'Reading networks' : state.phase === 'undoing' ? 'Undoing' : 'Writing'}: {state.progress.done} of{' '}
              {state.progress.total}
            </Typography>
            <LinearProgress variant="determinate" value={state.progress.total ? (100 * state.progress.done) / state.progress.total : 0} aria-label="Progress" />
          </Box>
        )}
        {state.preview && (
          <Box data-testid="bulk-summary" aria-live="polite">
            <Typography sx={{ fontWeight: 600 }}>
              {state.phase === 'previewed' || state.phase === 'previewing'
                ? `Preview: ${counts.change} will change, ${counts.same} unchanged, ${counts.unknown.length} unknown${counts.error.length ? `, ${counts.error.length} could not be read` : ''}. Nothing is written yet.`
                : state.phase === 'undone' || state.phase === 'undoing'
                  ? `Undone ${undone} of ${saved}.${undoProblems.length ? ` ${undoProblems.length} could not be undone.` : ''}`
                  : `Saved ${saved} of ${counts.change}.${failed.length ? ` ${failed.length} failed.` : ''}${conflicts.length ? ` ${conflicts.length} need a person to choose.` : ''}`}
            </Typography>
            {(counts.unknown.length > 0 || unknownStaff.length > 0) && (
              <Alert severity="warning" sx={{ mt: 1 }} data-testid="bulk-unknown">
                {unknownStaff.length > 0 && <div>Unknown staff (nothing can be written until this is fixed): {unknownStaff.join(', ')}</div>}
                {counts.unknown.length > 0 && <div>Unknown students (skipped): {counts.unknown.map((r) => r.student).join(', ')}</div>}
              </Alert>
            )}
            {(failed.length > 0 || conflicts.length > 0 || undoProblems.length > 0) && (
              <Box component="ul" data-testid="bulk-problems" sx={{ mt: 1, pl: 3 }}>
                {[...failed, ...conflicts, ...undoProblems].map(([student, outcome]) => (
                  <li key={`${student}-${outcome.status}`}>
                    <Link component={RouterLink} to={PAGES.network.href({ identifier: student })}>
                      {nameOf(student)}
                    </Link>
                    : {outcomeText(outcome, nameOf)}
                  </li>
                ))}
              </Box>
            )}
          </Box>
        )}
        {gridRows.length > 0 && (
          <Box sx={{ height: 420 }}>
            <DataGrid
              rows={gridRows}
              columns={columns}
              density="compact"
              // Whole lists of names, wrapped: a network cut to "Ana Ruiz, Ben…" would hide who is in it.
              getRowHeight={() => 'auto'}
              sx={{ '& .MuiDataGrid-cell': { whiteSpace: 'normal', py: 0.75, lineHeight: 1.4, alignItems: 'flex-start' } }}
              disableRowSelectionOnClick
              aria-label="Students, before and after"
              pageSizeOptions={[100]}
            />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
