import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { PAGES } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import { useSearchParams } from 'react-router';
import type { Administration } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { InlineForm } from '../../components/inline-form.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { linkColumn, ResponsiveTable, type TableColumn } from '../../components/responsive-table.tsx';
import { cohortQueries } from '../../queries/cohort.ts';
import { scoreQueries } from '../../queries/scores.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatCount, KNOWN_STATUSES, plural, positiveInt, statusColor } from './score-format.ts';
import { assessmentChoices, orderAdministrations, ORDERS, readOrder } from './administration-order.ts';

const PAGE_SIZES = [10, 25, 50];
const DEFAULT_PAGE_SIZE = 25;

function Respondents({ id }: { id: number }) {
  const api = useApi();
  const count = useQuery(cohortQueries.respondentCount(api, id));
  if (count.isPending)
    return (
      <Typography component="span" color="textSecondary">
        …
      </Typography>
    );
  if (count.isError)
    return (
      <Typography component="span" color="textSecondary">
        not available
      </Typography>
    );
  return <>{formatCount(count.data)}</>;
}

const ADMINISTRATION_COLUMNS: readonly TableColumn<Administration>[] = [
  linkColumn('Title', (a) => ({ to: PAGES.cohort.href({ administrationId: a.id }), text: a.title })),
  { header: 'Status', cell: (a) => <Chip size="small" label={a.status} color={statusColor(a.status)} variant="outlined" /> },
  { header: 'Start', cell: (a) => formatDate(a.startDate), nowrap: true },
  { header: 'End', cell: (a) => formatDate(a.endDate), nowrap: true },
  { header: 'Respondents', align: 'right', cell: (a) => <Respondents id={a.id} /> },
];

/** A person filter typed and applied on Enter or "Apply", so that the URL changes once. Keyed by the applied value: a new one (back, a link) starts a new draft. */
function PersonFilter({ value, onApply }: { value: string; onApply: (person: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <InlineForm spacing={1} stackOnPhone={false} onSubmit={() => onApply(draft.trim())}>
      <TextField size="small" label="Respondent identifier" placeholder="S000123" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <Button type="submit" variant="outlined">
        Apply
      </Button>
    </InlineForm>
  );
}

/**
 * `/scores`: the administrations (E17), newest first, paged on the server. Filters live in the
 * URL (`status`, `assessment`, `person`, `order`, `page`, `pageSize`). E17 filters by person only,
 * so with a status, an assessment or an order by respondents chosen the page reads every
 * administration (they are few) and filters and orders them here; the respondents and the
 * assessment of each are learned by reading it (administration-order.ts), and the page says so
 * while it does.
 */
export function AdministrationsPage() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const person = params.get('person')?.trim() ?? '';
  const order = readOrder(params.get('order'));
  const assessment = positiveInt(params.get('assessment'));
  const page = positiveInt(params.get('page')) ?? 1;
  const requestedSize = positiveInt(params.get('pageSize'));
  const pageSize = requestedSize && PAGE_SIZES.includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  const personIdentifier = person || undefined;
  // Every administration is read (they are few) when the page must filter or order them itself.
  const local = Boolean(status) || order !== 'newest' || assessment !== undefined;
  // Which assessment each is of takes two reads per administration: only once the filter is used or opened.
  const [assessmentsWanted, setAssessmentsWanted] = useState(false);

  const serverPage = useDeferredQuery({
    ...scoreQueries.administrations(api, { personIdentifier, page, pageSize }),
    enabled: !local,
    placeholderData: keepPreviousData,
  });
  const everything = useDeferredQuery({ ...cohortQueries.allAdministrations(api, personIdentifier), enabled: local || assessmentsWanted });
  const all = everything.data?.values ?? [];
  const learning = assessment !== undefined || assessmentsWanted;
  const assessmentOf = useQueries({
    queries: (learning ? all : []).map((a) => cohortQueries.assessment(api, a.id)),
    combine: (results) => ({
      known: new Map(results.flatMap((r, i) => (r.isSuccess ? [[all[i]!.id, r.data] as const] : []))),
      pending: results.filter((r) => r.isPending).length,
    }),
  });
  const counted = useQueries({
    queries: (order !== 'newest' ? all : []).map((a) => cohortQueries.respondentCount(api, a.id)),
    combine: (results) => ({
      known: new Map(results.flatMap((r, i) => (r.isSuccess ? [[all[i]!.id, r.data] as const] : []))),
      pending: results.filter((r) => r.isPending).length,
    }),
  });
  const choices = assessmentChoices(all, assessmentOf.known);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  let rows: Administration[] = [];
  let total = 0;
  let invalid = 0;
  const query = local ? everything : serverPage;
  if (local && everything.data) {
    const matching = orderAdministrations(
      all.filter((a) => (!status || a.status === status) && (assessment === undefined || assessmentOf.known.get(a.id) === assessment)),
      order,
      counted.known,
    );
    total = matching.length;
    rows = matching.slice((page - 1) * pageSize, page * pageSize);
    invalid = everything.data.invalidCount;
  } else if (!local && serverPage.data) {
    rows = serverPage.data.values;
    total = serverPage.data.totalValues;
    invalid = serverPage.data.invalidCount;
  }
  const reading = [
    learning && assessmentOf.pending > 0 ? `which assessment each administration is of (${all.length - assessmentOf.pending} of ${all.length} read)` : '',
    order !== 'newest' && counted.pending > 0 ? `how many responded to each (${all.length - counted.pending} of ${all.length} counted)` : '',
  ].filter(Boolean);
  const seenStatuses = new Set<string>([...KNOWN_STATUSES, ...(everything.data?.values ?? []).map((a) => a.status), ...rows.map((a) => a.status)]);
  if (status) seenStatuses.add(status);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.scores} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        {/* Four filters and the order: they wrap rather than cut their words. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: { xs: 'nowrap', sm: 'wrap' } }}>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="status-filter-label">Status</InputLabel>
            <Select
              labelId="status-filter-label"
              label="Status"
              value={status}
              onChange={(e) => update({ status: e.target.value || undefined, page: undefined })}
            >
              <MenuItem value="">Any status</MenuItem>
              {[...seenStatuses].map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: { sm: 340 } }}>
            <InputLabel id="assessment-filter-label">Assessment</InputLabel>
            <Select
              labelId="assessment-filter-label"
              label="Assessment"
              value={assessment !== undefined ? String(assessment) : ''}
              onOpen={() => setAssessmentsWanted(true)}
              onChange={(e) => update({ assessment: e.target.value || undefined, page: undefined })}
            >
              <MenuItem value="">Any assessment</MenuItem>
              {assessment !== undefined && !choices.some((c) => c.id === assessment) && <MenuItem value={String(assessment)}>Assessment {assessment}</MenuItem>}
              {choices.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.label}
                </MenuItem>
              ))}
              {(everything.isPending || assessmentOf.pending > 0) && (
                <MenuItem disabled value="-">
                  Reading the administrations’ assessments…
                </MenuItem>
              )}
            </Select>
          </FormControl>
          <PersonFilter key={person} value={person} onApply={(p) => update({ person: p || undefined, page: undefined })} />
          <FormControl size="small" sx={{ minWidth: { sm: 250 } }}>
            <InputLabel id="order-label">Order</InputLabel>
            <Select
              labelId="order-label"
              label="Order"
              value={order}
              onChange={(e) => update({ order: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })}
            >
              {ORDERS.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {(status || person || assessment !== undefined) && (
            <Button onClick={() => update({ status: undefined, person: undefined, assessment: undefined, page: undefined })} sx={{ whiteSpace: 'nowrap' }}>
              Clear filters
            </Button>
          )}
        </Stack>
      </Paper>
      {query.isFetching && <LinearProgress aria-label="Loading administrations" />}
      {/* E17 says neither: each administration is read (its results, its first respondent's scores) to learn it. */}
      {reading.length > 0 && (
        <Typography variant="body2" color="textSecondary" role="status" data-testid="administrations-reading">
          Reading {reading.join(' and ')}: the service does not list them with the administrations.
        </Typography>
      )}
      {query.isError && <ProblemMessage error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <Typography role="status" data-testid="administrations-summary" color="textSecondary">
          {plural(total, 'administration')}
          {status && ` with status ${status}`}
          {assessment !== undefined && ` of ${choices.find((c) => c.id === assessment)?.label ?? `assessment ${assessment}`}`}
          {order !== 'newest' && `, ${ORDERS.find((o) => o.value === order)!.label.toLowerCase()}`}
          {person && ` with ${person} as a respondent`}
          {invalid > 0 && ` · ${plural(invalid, 'administration')} could not be read and ${invalid === 1 ? 'is' : 'are'} left out`}
        </Typography>
      )}
      {query.isSuccess && rows.length === 0 && reading.length === 0 && (
        <Alert severity="info">
          {page > lastPage && total > 0 ? `Page ${page} is past the last page (${lastPage}).` : 'No administrations match these filters.'}
        </Alert>
      )}
      {rows.length > 0 && (
        <Paper variant="outlined">
          <ResponsiveTable
            rows={rows}
            rowKey={(a) => a.id}
            label="Administrations"
            cardsBelow="sm"
            rowProps={() => ({ 'data-testid': 'administration-row' })}
            columns={ADMINISTRATION_COLUMNS}
          />
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, lastPage) - 1}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, p) => update({ page: p === 0 ? undefined : String(p + 1) })}
            onRowsPerPageChange={(e) => update({ pageSize: e.target.value === String(DEFAULT_PAGE_SIZE) ? undefined : e.target.value, page: undefined })}
          />
        </Paper>
      )}
    </Stack>
  );
}
