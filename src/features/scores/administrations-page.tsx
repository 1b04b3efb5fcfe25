import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGES } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Administration } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { InlineForm } from '../../components/inline-form.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table.tsx';
import { cohortQueries } from '../../queries/cohort.ts';
import { scoreQueries } from '../../queries/scores.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatCount, KNOWN_STATUSES, plural, positiveInt, statusColor } from './score-format.ts';

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
  {
    header: 'Title',
    cell: (a) => (
      <Link component={RouterLink} to={PAGES.cohort.href({ administrationId: a.id })}>
        {a.title}
      </Link>
    ),
  },
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
 * URL (`status`, `person`, `page`, `pageSize`). E17 filters by person; it has no status filter, so
 * with a status chosen the page reads every administration (they are few) and filters them here.
 */
export function AdministrationsPage() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const person = params.get('person')?.trim() ?? '';
  const page = positiveInt(params.get('page')) ?? 1;
  const requestedSize = positiveInt(params.get('pageSize'));
  const pageSize = requestedSize && PAGE_SIZES.includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  const personIdentifier = person || undefined;

  const serverPage = useDeferredQuery({
    ...scoreQueries.administrations(api, { personIdentifier, page, pageSize }),
    enabled: !status,
    placeholderData: keepPreviousData,
  });
  const everything = useDeferredQuery({ ...cohortQueries.allAdministrations(api, personIdentifier), enabled: Boolean(status) });

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
  const query = status ? everything : serverPage;
  if (status && everything.data) {
    const matching = everything.data.values.filter((a) => a.status === status);
    total = matching.length;
    rows = matching.slice((page - 1) * pageSize, page * pageSize);
    invalid = everything.data.invalidCount;
  } else if (!status && serverPage.data) {
    rows = serverPage.data.values;
    total = serverPage.data.totalValues;
    invalid = serverPage.data.invalidCount;
  }
  const seenStatuses = new Set<string>([...KNOWN_STATUSES, ...(everything.data?.values ?? []).map((a) => a.status), ...rows.map((a) => a.status)]);
  if (status) seenStatuses.add(status);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.scores} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
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
          <PersonFilter key={person} value={person} onApply={(p) => update({ person: p || undefined, page: undefined })} />
          {(status || person) && <Button onClick={() => update({ status: undefined, person: undefined, page: undefined })}>Clear filters</Button>}
        </Stack>
      </Paper>
      {query.isFetching && <LinearProgress aria-label="Loading administrations" />}
      {query.isError && <ProblemMessage error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <Typography role="status" data-testid="administrations-summary" color="textSecondary">
          {plural(total, 'administration')}
          {status && ` with status ${status}`}
          {person && ` with ${person} as a respondent`}
          {invalid > 0 && ` · ${plural(invalid, 'administration')} could not be read and ${invalid === 1 ? 'is' : 'are'} left out`}
        </Typography>
      )}
      {query.isSuccess && rows.length === 0 && (
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
