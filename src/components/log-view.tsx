import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { PageRoute } from '../app/route-table.ts';
import { useDeferredQuery } from '../queries/use-deferred-query.ts';
import { LogPages, useLogFilters } from './log-pages.tsx';
import { PageHeading } from './page-heading.tsx';
import { ProblemMessage } from './problem-message.tsx';
import { ResponsiveTable, type TableColumn } from './responsive-table.tsx';

/** One filter of a log: free text, a day, or one of a few values. */
export interface LogField<F extends string> {
  name: F;
  label: string;
  placeholder?: string;
  kind?: 'text' | 'day';
  /** A choice of values (value → label), with "Any" first. */
  options?: Readonly<Record<string, string>>;
}

/** Every log is read over a window of days: its last two filters. */
export const LOG_WINDOW_FIELDS: readonly LogField<'since' | 'until'>[] = [
  { name: 'since', label: 'From', kind: 'day' },
  { name: 'until', label: 'Until', kind: 'day' },
];

export interface LogViewProps<F extends string, Row, D extends { values: Row[]; older?: string | undefined }, K extends QueryKey> {
  /** The page the log is shown on: its heading comes first. */
  route: PageRoute;
  fields: readonly LogField<F>[];
  /** The page's query for a filter and a `before` cursor. */
  query: (filter: Record<F, string | undefined> & { before: string | undefined }) => UseQueryOptions<D, Error, D, K>;
  /** What the log is called in its labels ("journal", "access log") and what its rows are ("changes", "entries"). */
  name: string;
  rows: string;
  tableLabel: string;
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  rowTestId: string;
  /** What an empty log says ("No changes recorded"), before "for these filters" or "yet". */
  empty: string;
  /** More actions beside Apply and Clear (a download). */
  actions?: (filter: Record<F, string | undefined>) => ReactNode;
}

/** A log page's parts, its actions aside (they may need the page's hooks): written apart, its filter names still typed by its fields. */
export function logDefinition<F extends string, Row, D extends { values: Row[]; older?: string | undefined }, K extends QueryKey>(
  log: Omit<LogViewProps<F, Row, D, K>, 'actions'>,
) {
  return log;
}

/**
 * An administrator's log page (the change journal, the access log): its heading, filters in a form
 * applied to the URL, the newest entries in a table (cards on a phone), Older/Newest under it, and
 * loading, error and empty states that say which.
 */
export function LogView<F extends string, Row, D extends { values: Row[]; older?: string | undefined }, K extends QueryKey>(props: LogViewProps<F, Row, D, K>) {
  const names = props.fields.map((f) => f.name);
  const { filter, filtered, before, draft, setField, apply, clear, pageTo } = useLogFilters(names);
  const log = useDeferredQuery(props.query({ ...filter, before }));
  return (
    <Stack spacing={2}>
      <PageHeading route={props.route} />
      <Box component="form" onSubmit={apply} aria-label={`Filter the ${props.name}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {props.fields.map((field) => (
          <TextField
            key={field.name}
            size="small"
            label={field.label}
            value={draft[field.name]}
            onChange={(e) => setField(field.name, e.target.value)}
            {...(field.placeholder ? { placeholder: field.placeholder } : {})}
            {...(field.kind === 'day' ? { type: 'date', slotProps: { inputLabel: { shrink: true } } } : {})}
            select={Boolean(field.options)}
            sx={{ flex: field.kind === 'day' ? '0 1 9.5rem' : field.options ? '1 1 12rem' : '1 1 9rem' }}
          >
            {field.options
              ? [
                  <MenuItem key="" value="">
                    Any
                  </MenuItem>,
                  ...Object.entries(field.options).map(([value, label]) => (
                    <MenuItem key={value} value={value}>
                      {label}
                    </MenuItem>
                  )),
                ]
              : null}
          </TextField>
        ))}
        <Button type="submit" variant="contained">
          Apply
        </Button>
        <Button onClick={clear}>Clear</Button>
        {props.actions?.(filter)}
      </Box>
      {log.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>Loading the {props.name}…</Typography>
        </Stack>
      ) : log.isError ? (
        <ProblemMessage error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.values.length === 0 ? (
        <Typography role="status">{`${props.empty}${filtered ? ' for these filters' : ' yet'}.`}</Typography>
      ) : (
        <Paper variant="outlined">
          <ResponsiveTable
            rows={log.data.values}
            rowKey={props.rowKey}
            label={props.tableLabel}
            cardsBelow="md"
            rowProps={() => ({ 'data-testid': props.rowTestId })}
            columns={props.columns}
          />
        </Paper>
      )}
      {log.data ? (
        <LogPages
          label={`${props.name[0]!.toUpperCase()}${props.name.slice(1)} pages`}
          noun={props.rows}
          before={before}
          older={log.data.older}
          shown={log.data.values.length}
          onPage={pageTo}
        />
      ) : null}
    </Stack>
  );
}
