import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAGES } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import type { JournalEntry } from '../../api/journal.ts';
import { LogPages, useLogFilters } from '../../components/log-pages.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table.tsx';
import { journalQueries } from '../../queries/journal.ts';

const OPERATIONS: Record<string, string> = {
  'category.edit': 'Category edited',
  'trigger.update': 'Trigger updated or applied',
  'network.replace': 'Success network replaced',
  'update.create': 'Update posted',
  'alert.create': 'Alert raised',
  'comment.create': 'Comment added',
  'journal.purge': 'Old entries deleted (retention)',
};

const FILTERS = ['target', 'operation', 'actor', 'since', 'until'] as const;

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'nobody' : value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The lines a person reads: what changed from what to what, and what else the write said. */
export function describeChanges(summary: JournalEntry['summary']): string[] {
  if (!summary) return [];
  const { before, after, asked, beforeUnknown, afterUnknown, ...rest } = summary;
  const lines: string[] = [];
  if (typeof rest.deleted === 'number' && typeof rest.olderThan === 'string') {
    const others = Object.entries((rest.others ?? {}) as Record<string, unknown>).map(
      ([log, count]) => `${log === 'accessLog' ? 'access log' : log}: ${show(count)}`,
    );
    return [
      `Deleted ${rest.deleted} ${rest.deleted === 1 ? 'entry' : 'entries'} older than ${new Date(rest.olderThan).toLocaleString()}${others.length ? ` (also ${others.join(', ')})` : ''}`,
    ];
  }
  if (asked !== undefined) {
    lines.push(
      asked && typeof asked === 'object' && !Array.isArray(asked)
        ? `Asked: ${Object.entries(asked as Record<string, unknown>)
            .map(([key, value]) => `${key} ${show(value)}`)
            .join(', ')}`
        : `Asked: ${show(asked)}`,
    );
  }
  if (beforeUnknown === true) lines.push('Before: unknown (the service did not let the gateway read it)');
  if (afterUnknown === true) lines.push('After: unknown (the service did not let the gateway read it)');
  if (Array.isArray(before) || Array.isArray(after)) {
    const was = new Set((Array.isArray(before) ? before : []).map(String));
    const now = new Set((Array.isArray(after) ? after : []).map(String));
    const added = [...now].filter((m) => !was.has(m));
    const removed = [...was].filter((m) => !now.has(m));
    lines.push(`Before: ${show([...was])}`, `After: ${show([...now])}`);
    if (added.length) lines.push(`Added: ${added.join(', ')}`);
    if (removed.length) lines.push(`Removed: ${removed.join(', ')}`);
  } else if (before && after && typeof before === 'object' && typeof after === 'object') {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    const changed = Object.keys({ ...b, ...a }).filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
    if (changed.length === 0) lines.push('Settings unchanged');
    for (const key of changed) lines.push(`${key}: ${show(b[key])} → ${show(a[key])}`);
  } else if (before !== undefined) {
    lines.push(`Before: ${show(before)}`);
  }
  for (const [key, value] of Object.entries(rest)) {
    lines.push(key === 'appliedTo' ? `Applied to ${Array.isArray(value) ? value.length : 0} student(s): ${show(value)}` : `${key}: ${show(value)}`);
  }
  return lines;
}

const JOURNAL_COLUMNS: readonly TableColumn<JournalEntry>[] = [
  { header: 'When', nowrap: true, cell: (entry) => <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> },
  { header: 'Who', cell: (entry) => entry.actor ?? 'The gateway' },
  { header: 'What', cell: (entry) => OPERATIONS[entry.operation] ?? `${entry.method} ${entry.path}` },
  { header: 'Target', cell: (entry) => entry.target, sx: { fontFamily: 'monospace' } },
  {
    header: 'Result',
    cell: (entry) => (entry.status === null ? 'Result not recorded' : entry.status < 400 ? `Done (${entry.status})` : `Refused (${entry.status})`),
  },
  {
    header: 'Changes',
    cell: (entry) =>
      describeChanges(entry.summary).map((line) => (
        <Typography key={line} variant="body2" component="span" sx={{ display: 'block' }}>
          {line}
        </Typography>
      )),
  },
];

export function JournalPage() {
  const { filter, filtered, before, draft, setField, apply, clear, pageTo } = useLogFilters(FILTERS);
  const journal = useDeferredQuery(journalQueries.list({ ...filter, before }));

  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.journal} />
      <Box component="form" onSubmit={apply} aria-label="Filter the journal" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          label="Target"
          placeholder="category/3"
          value={draft.target}
          onChange={(e) => setField('target', e.target.value)}
          sx={{ flex: '1 1 9rem' }}
        />
        <TextField
          select
          size="small"
          label="Operation"
          value={draft.operation}
          onChange={(e) => setField('operation', e.target.value)}
          sx={{ flex: '1 1 12rem' }}
        >
          <MenuItem value="">Any</MenuItem>
          {Object.entries(OPERATIONS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Changed by"
          placeholder="E0001"
          value={draft.actor}
          onChange={(e) => setField('actor', e.target.value)}
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
      </Box>
      {journal.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>Loading the journal…</Typography>
        </Stack>
      ) : journal.isError ? (
        <ProblemMessage error={journal.error} onRetry={() => void journal.refetch()} />
      ) : journal.data.values.length === 0 ? (
        <Typography role="status">No changes recorded{filtered ? ' for these filters' : ' yet'}.</Typography>
      ) : (
        <Paper variant="outlined">
          <ResponsiveTable
            rows={journal.data.values}
            rowKey={(entry) => `${entry.id ?? entry.at}-${entry.requestId}`}
            label="Changes"
            cardsBelow="md"
            rowProps={() => ({ 'data-testid': 'journal-entry' })}
            columns={JOURNAL_COLUMNS}
          />
        </Paper>
      )}
      {journal.data ? <LogPages label="Journal pages" before={before} older={journal.data.older} shown={journal.data.values.length} onPage={pageTo} /> : null}
    </Stack>
  );
}
