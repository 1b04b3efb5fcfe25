import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { Person, Trigger } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage, describeError } from '../../components/problem-message.tsx';
import { ResponsiveTable } from '../../components/responsive-table.tsx';
import { isApiError, isNotFound } from '../../api/errors.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { triggerQueries, useUpdateTrigger } from '../../queries/triggers.ts';
import { peopleQueries } from '../../queries/people.ts';
import { usePermission } from '../../queries/permissions.ts';
import { applyInChunks, outcomeUnknown, planChunks, studentsAlreadyApplied, type ApplyRun } from './apply-chunks.ts';
import { RECENT_DAYS, triggerApplyQueries } from './apply-queries.ts';
import type { Resolution } from './resolve-students.ts';
import { previewOf, type NotationPreview, type TriggerNotation } from './trigger-notations.ts';
import { parseIdentifiers, replaceIdentifiers } from '../../lib/identifiers.ts';
import { TriggerFrame } from './trigger-frame.tsx';
import { AUDIENCE_WORDS, isTriggerId, studentViewWord } from './trigger-words.ts';

/** Above this many students, confirming means typing the count. */
export const TYPED_CONFIRM_ABOVE = 10;

/** Why a request failed, with the fields the service names (e.g. which identifiers it refused). */
function failureReason(error: unknown): string {
  if (isApiError(error) && error.problem?.errors?.length) {
    return `${describeError(error)} (${error.problem.errors.map((e) => `${e.name}: ${e.message}`).join('; ')})`;
  }
  return describeError(error);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function StudentSearch({ onPick }: { onPick: (person: Person) => void }) {
  const api = useApi();
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const search = useQuery({ ...peopleQueries.studentSearch(api, q), enabled: q.length >= 2 });
  const unavailable = search.isError && isNotFound(search.error);
  return (
    <>
      <Autocomplete<Person>
        options={search.data?.values ?? []}
        loading={search.isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(p) => `${p.firstName} ${p.lastName} (${p.identifier})`}
        inputValue={input}
        value={null}
        onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
        onChange={(_, person) => {
          if (person) {
            onPick(person);
            setInput('');
          }
        }}
        noOptionsText={q.length < 2 ? 'Type at least two letters' : 'No student matches'}
        renderInput={(props) => <TextField {...props} label="Add a student by name or identifier" size="small" />}
      />
      {unavailable && <Typography variant="body2">This service offers no name search: paste identifiers instead.</Typography>}
    </>
  );
}

function NotationCard({ preview }: { preview: NotationPreview }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="notation-preview">
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" label={preview.kind === 'alert' ? 'Alert (Open)' : 'Data insight (Api)'} color={preview.kind === 'alert' ? 'warning' : 'default'} />
        <Chip size="small" variant="outlined" label={preview.audienceType ? `Audience: ${AUDIENCE_WORDS[preview.audienceType]}` : 'Audience: not set on data insights'} />
        <Chip size="small" variant="outlined" label={preview.canStudentView === null ? 'Student visibility: not set on data insights' : studentViewWord(preview.canStudentView)} />
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

function PreviewTable({ students, preview, recent }: { students: readonly Person[]; preview: NotationPreview; recent: ReadonlyMap<string, TriggerNotation[]> | undefined }) {
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
                      Already received {plural(earlier.length, 'notation')} from this trigger in the last {RECENT_DAYS} days (latest {earlier[0]!.createdOn.slice(0, 10)})
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

function IdentifierProblems({
  resolutions,
  duplicates,
  onUseLikely,
}: {
  resolutions: ReadonlyMap<string, Resolution>;
  duplicates: { identifier: string; count: number }[];
  /** Puts the likely identifiers in place of the mistyped ones and checks again. */
  onUseLikely: (replacements: ReadonlyMap<string, string>) => void;
}) {
  const unknown = [...resolutions].filter(([, r]) => r.status === 'unknown' && !r.likely).map(([id]) => id);
  const likely = [...resolutions].flatMap(([id, r]) => (r.status === 'unknown' && r.likely ? [{ typed: id, person: r.likely }] : []));
  const notStudents = [...resolutions].flatMap(([id, r]) => (r.status === 'not-student' ? [`${id} (${r.person.firstName} ${r.person.lastName}, ${r.person.role})`] : []));
  const failed = [...resolutions].flatMap(([id, r]) => (r.status === 'error' ? [`${id}: ${describeError(r.error)}`] : []));
  if (unknown.length + likely.length + notStudents.length + failed.length + duplicates.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="identifier-problems">
      <Typography sx={{ fontWeight: 600 }}>Left out — nothing is sent for these:</Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
        {unknown.length > 0 && <li>Unknown (no such person): {unknown.join(', ')}</li>}
        {likely.length > 0 && (
          <li data-testid="likely-identifiers">
            In another case: {likely.map(({ typed, person }) => `${typed} — did you mean ${person.identifier} (${person.firstName} ${person.lastName})?`).join('; ')}{' '}
            <Button color="inherit" size="small" variant="outlined" onClick={() => onUseLikely(new Map(likely.map(({ typed, person }) => [typed, person.identifier])))}>
              Use {likely.length === 1 ? likely[0]!.person.identifier : `these ${likely.length}`}
            </Button>
          </li>
        )}
        {notStudents.length > 0 && <li>Not students: {notStudents.join('; ')}</li>}
        {failed.length > 0 && <li>Could not be checked: {failed.join('; ')}</li>}
        {duplicates.length > 0 && <li>Given more than once (sent once): {duplicates.map((d) => `${d.identifier} ×${d.count}`).join(', ')}</li>}
      </Box>
    </Alert>
  );
}

function RunPanel({
  run,
  onRetry,
}: {
  run: ApplyRun;
  onRetry: (only?: number[]) => void;
}) {
  const total = run.chunks.reduce((n, c) => n + c.length, 0);
  const sent = run.chunks.reduce((n, c, i) => n + (run.states[i]?.status === 'done' ? c.length : 0), 0);
  const already = run.states.reduce((n, s) => n + (s.status === 'done' ? (s.already ?? 0) : 0), 0);
  const failed = run.states.flatMap((s, i) => (s.status === 'failed' ? [i] : []));
  const unknown = run.chunks.reduce((n, c, i) => {
    const state = run.states[i];
    return n + (state?.status === 'failed' && outcomeUnknown(state.error) ? c.length : 0);
  }, 0);
  const running = run.states.some((s) => s.status === 'sending');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Progress">
      <Typography role="status" sx={{ fontWeight: 600 }} data-testid="apply-progress">
        {running ? 'Applying… ' : ''}
        {sent.toLocaleString()} of {plural(total, 'student')} done
        {already > 0 ? ` (${already.toLocaleString()} of them found already applied by an attempt whose answer was lost, not sent again)` : ''}
        {failed.length > 0 ? `; ${plural(failed.length, 'chunk')} failed` : ''}
        {unknown > 0 ? `, for ${plural(unknown, 'student')} of which the service may have applied it: Retry checks first` : ''}.
      </Typography>
      <LinearProgress variant="determinate" value={(100 * sent) / Math.max(1, total)} aria-label="Students applied" sx={{ my: 1 }} />
      <Box component="ol" sx={{ pl: 3, my: 0 }}>
        {run.chunks.map((chunk, i) => {
          const state = run.states[i]!;
          return (
            <li key={i} data-testid={`chunk-${i}`}>
              Students {chunk[0]}…{chunk[chunk.length - 1]} ({chunk.length}):{' '}
              {state.status === 'waiting' ? (
                'waiting'
              ) : state.status === 'sending' ? (
                state.checking ? 'checking what the last attempt did…' : 'sending…'
              ) : state.status === 'done' ? (
                state.already ? `done: ${state.already} already had it, ${chunk.length - state.already} sent now` : 'done'
              ) : (
                <strong>
                  failed — {failureReason(state.error)}
                  {outcomeUnknown(state.error) ? '. The service may have applied it; a retry checks first and sends only the rest' : ''}
                </strong>
              )}
              {state.status === 'failed' && !running && (
                <Button size="small" sx={{ ml: 1 }} onClick={() => onRetry([i])}>
                  Retry this chunk
                </Button>
              )}
            </li>
          );
        })}
      </Box>
      {failed.length > 1 && !running && (
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => onRetry(failed)}>
          Retry the {failed.length} failed chunks
        </Button>
      )}
    </Paper>
  );
}

function CreatedPanel({ trigger, students, since }: { trigger: Trigger; students: readonly string[]; since: number }) {
  const api = useApi();
  const created = useQuery(triggerApplyQueries.created(api, trigger, students, since));
  const kinds = trigger.elevateToAlert ? 'alert' : 'dataInsight';
  const [showAll, setShowAll] = useState(false);
  const list = created.data ?? [];
  const shown = showAll ? list : list.slice(0, 50);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="created-heading">
      <Typography variant="h6" component="h2" id="created-heading">
        Created
      </Typography>
      {created.isPending && <LinearProgress aria-label="Finding the created notations" />}
      {created.isError && <ProblemMessage error={created.error} onRetry={() => void created.refetch()} />}
      {created.data && (
        <>
          <Typography role="status" data-testid="created-count">
            {plural(list.length, trigger.elevateToAlert ? 'alert' : 'data insight')} created for {plural(students.length, 'student')} since the start.
          </Typography>
          <Box component="ul" sx={{ pl: 2.5 }}>
            {shown.map((n) => (
              <li key={`${n.kind}-${n.id}`}>
                <Link component={RouterLink} to={`/students/${encodeURIComponent(n.student)}?kinds=${kinds}`}>
                  {n.kind === 'alert' ? 'Alert' : 'Data insight'} #{n.id} for {n.student}
                </Link>
              </li>
            ))}
          </Box>
          {list.length > shown.length && (
            <Button size="small" onClick={() => setShowAll(true)}>
              Show all {list.length.toLocaleString()}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}

/**
 * `/admin/triggers/:id/apply?students=S1,S2`: choose students (search, pasted identifiers, or a
 * selection handed over in the URL), see exactly what each will get, confirm, then send in
 * chunks of at most 100 with progress; failed chunks retried alone (issue 12 item 9).
 */
export function ApplyTriggerPage() {
  const api = useApi();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const permission = usePermission('editTriggers');
  const trigger = useQuery({ ...triggerQueries.detail(api, id), enabled: isTriggerId(id) });
  const handedOver = useMemo(() => parseIdentifiers(params.get('students') ?? '').unique, [params]);
  const [text, setText] = useState(() => handedOver.join('\n'));
  const [checked, setChecked] = useState<string | null>(null);
  const parsed = useMemo(() => parseIdentifiers(checked ?? ''), [checked]);
  const resolve = useQuery({ ...triggerApplyQueries.resolve(api, parsed.unique), enabled: checked !== null && parsed.unique.length > 0 });
  const students = useMemo(
    () => (resolve.data ? parsed.unique.flatMap((identifier) => { const r = resolve.data.get(identifier); return r?.status === 'student' ? [r.person] : []; }) : []),
    [resolve.data, parsed.unique],
  );
  const studentIds = useMemo(() => students.map((s) => s.identifier), [students]);
  const recent = useQuery({
    ...triggerApplyQueries.recent(api, trigger.data, studentIds),
    enabled: trigger.data !== undefined && studentIds.length > 0,
  });
  const recentByStudent = useMemo(() => {
    const map = new Map<string, TriggerNotation[]>();
    for (const n of recent.data ?? []) map.set(n.student, [...(map.get(n.student) ?? []), n]);
    return map;
  }, [recent.data]);
  const [confirmText, setConfirmText] = useState('');
  const [run, setRun] = useState<ApplyRun | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const save = useUpdateTrigger();

  const dirty = text !== (checked ?? '');
  const needsTyped = students.length > TYPED_CONFIRM_ABOVE;
  const confirmed = !needsTyped || confirmText.trim() === String(students.length);
  const running = run?.states.some((s) => s.status === 'sending') ?? false;
  const finished = run !== null && !running && run.states.every((s) => s.status === 'done' || s.status === 'failed');

  /** `since`: when the run began, before which nothing it sent can have been created. */
  const go = async (base: ApplyRun, since: number, only?: number[]) => {
    if (!trigger.data || !permission.session) return;
    const identifier = permission.session.identifier;
    const triggerId = trigger.data.id;
    const applied = trigger.data;
    const result = await applyInChunks({
      run: base,
      ...(only ? { only } : {}),
      send: (chunk) => save.mutateAsync({ id: triggerId, body: { modifiedBy: { identifier }, studentIdentifiers: [...chunk] } }),
      // Before sending again what may have been applied: who got this trigger's notation since the run began.
      alreadyApplied: (chunk) => studentsAlreadyApplied(api, applied, chunk, since),
      onChange: setRun,
    });
    setRun(result);
  };

  const start = () => {
    if (!confirmed || students.length === 0) return;
    const plan = planChunks(studentIds);
    // A second earlier, for a clock that ticks between the browser and the service.
    const since = Date.now() - 1000;
    setStartedAt(since);
    setRun(plan);
    void go(plan, since);
  };

  const preview = trigger.data ? previewOf(trigger.data) : null;
  const withRecent = students.filter((s) => recentByStudent.has(s.identifier));

  return (
    <TriggerFrame
      id={id}
      trigger={trigger}
      permission={permission}
      back={{ to: `/admin/triggers/${id}`, label: 'Back to the trigger' }}
      title={(t) => `Apply ${t ? `“${t.name}”` : `trigger ${id}`}`}
    >
      {(data) =>
        preview && (
        <>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="choose-heading">
            <Typography variant="h6" component="h2" id="choose-heading" sx={{ mb: 1 }}>
              1. Choose students
            </Typography>
            {handedOver.length > 0 && (
              <Alert severity="info" sx={{ mb: 1.5 }}>
                {plural(handedOver.length, 'student')} handed over from another page. Add or remove identifiers below.
              </Alert>
            )}
            <Stack spacing={1.5}>
              <StudentSearch onPick={(person) => setText((t) => (parseIdentifiers(t).unique.includes(person.identifier) ? t : `${t.trim()}${t.trim() ? '\n' : ''}${person.identifier}`))} />
              <TextField
                label="Student identifiers"
                multiline
                minRows={3}
                maxRows={10}
                value={text}
                onChange={(e) => setText(e.target.value)}
                helperText={`Paste identifiers separated by anything (commas, spaces, new lines). ${plural(parseIdentifiers(text).unique.length, 'identifier')} so far.`}
                disabled={run !== null}
              />
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={() => { setChecked(text); setConfirmText(''); }} disabled={parseIdentifiers(text).unique.length === 0 || run !== null}>
                  Check and preview
                </Button>
                {run !== null && finished && (
                  <Button onClick={() => { setRun(null); setStartedAt(null); setChecked(null); setText(''); }}>Start over</Button>
                )}
              </Stack>
            </Stack>
          </Paper>

          {checked !== null && (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="preview-heading">
              <Typography variant="h6" component="h2" id="preview-heading" sx={{ mb: 1 }}>
                2. Preview
              </Typography>
              {dirty && run === null && <Alert severity="info" sx={{ mb: 1 }}>The identifiers changed: check them again to update the preview.</Alert>}
              {resolve.isPending && <LinearProgress aria-label="Checking the identifiers" />}
              {resolve.isError && <ProblemMessage error={resolve.error} onRetry={() => void resolve.refetch()} />}
              {resolve.data && (
                <Stack spacing={1.5}>
                  <IdentifierProblems
                    resolutions={resolve.data}
                    duplicates={parsed.duplicates}
                    onUseLikely={(replacements) => {
                      const fixed = replaceIdentifiers(text, replacements);
                      setText(fixed);
                      setChecked(fixed);
                      setConfirmText('');
                    }}
                  />
                  <Typography data-testid="preview-summary">
                    {students.length === 0 ? 'No student to apply the trigger to.' : `Each of these ${plural(students.length, 'student')} will get exactly this notation:`}
                  </Typography>
                  <NotationCard preview={preview} />
                  {recent.isPending && studentIds.length > 0 && <Typography variant="body2">Looking for notations from this trigger in the last {RECENT_DAYS} days…</Typography>}
                  {recent.isError && <ProblemMessage error={recent.error} onRetry={() => void recent.refetch()} />}
                  {withRecent.length > 0 && (
                    <Alert
                      severity="warning"
                      data-testid="recent-warning"
                      action={run === null ? <Button color="inherit" size="small" onClick={() => { const keep = students.filter((s) => !recentByStudent.has(s.identifier)).map((s) => s.identifier).join('\n'); setText(keep); setChecked(keep); setConfirmText(''); }}>Leave them out</Button> : undefined}
                    >
                      {plural(withRecent.length, 'student')} already received a notation from this trigger in the last {RECENT_DAYS} days: {withRecent.slice(0, 10).map((s) => s.identifier).join(', ')}
                      {withRecent.length > 10 ? ', …' : ''}. Applying again gives them another one.
                    </Alert>
                  )}
                  {students.length > 0 && <PreviewTable students={students} preview={preview} recent={recentByStudent} />}
                </Stack>
              )}
            </Paper>
          )}

          {checked !== null && students.length > 0 && !dirty && (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="confirm-heading">
              <Typography variant="h6" component="h2" id="confirm-heading" sx={{ mb: 1 }}>
                3. Apply
              </Typography>
              <Typography sx={{ mb: 1.5 }}>
                This creates {plural(students.length, preview.kind === 'alert' ? 'alert' : 'data insight')}, one per student, sent in {plural(planChunks(studentIds).chunks.length, 'request')} of at most 100 students. They cannot be taken back.
              </Typography>
              {needsTyped && run === null && (
                <TextField
                  size="small"
                  label={`Type ${students.length} to confirm`}
                  value={confirmText}
                  onChange={(e) => setConfirmText(e.target.value)}
                  sx={{ mb: 1.5, display: 'block' }}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                />
              )}
              {run === null && (
                <Button variant="contained" color="warning" disabled={!confirmed || !permission.allowed || recent.isPending} onClick={start}>
                  Apply to {plural(students.length, 'student')}
                </Button>
              )}
              {!permission.allowed && <Typography variant="body2">{permission.reason}</Typography>}
            </Paper>
          )}

          {run && startedAt !== null && <RunPanel run={run} onRetry={(only) => void go(run, startedAt, only)} />}
          {finished && startedAt !== null && run.states.some((s) => s.status === 'done') && (
            <CreatedPanel
              key={run.states.map((s) => s.status).join()}
              trigger={data}
              students={run.chunks.flatMap((c, i) => (run.states[i]?.status === 'done' ? c : []))}
              since={startedAt}
            />
          )}
        </>
        )
      }
    </TriggerFrame>
  );
}
