import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAGES } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import type { JournalEntry } from '../../api/journal.ts';
import type { TableColumn } from '../../components/responsive-table.tsx';
import { LogView, type LogField } from '../../components/log-view.tsx';
import { journalQueries } from '../../queries/journal.ts';
import { DateTimeText } from '../../components/relative-time.tsx';
import { formatDateTime } from '../../lib/dates.ts';

const OPERATIONS: Record<string, string> = {
  'category.edit': 'Category edited',
  'trigger.update': 'Trigger updated or applied',
  'network.replace': 'Success network replaced',
  'update.create': 'Update posted',
  'alert.create': 'Alert raised',
  'comment.create': 'Comment added',
  'journal.purge': 'Old entries deleted (retention)',
};

type JournalFilterName = 'target' | 'operation' | 'actor' | 'since' | 'until';

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
      `Deleted ${rest.deleted} ${rest.deleted === 1 ? 'entry' : 'entries'} older than ${formatDateTime(rest.olderThan)}${others.length ? ` (also ${others.join(', ')})` : ''}`,
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
  { header: 'When', nowrap: true, cell: (entry) => <DateTimeText dateTime={entry.at} /> },
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

const JOURNAL_FIELDS: readonly LogField<JournalFilterName>[] = [
  { name: 'target', label: 'Target', placeholder: 'category/3' },
  { name: 'operation', label: 'Operation', options: OPERATIONS },
  { name: 'actor', label: 'Changed by', placeholder: 'E0001' },
  { name: 'since', label: 'From', kind: 'day' },
  { name: 'until', label: 'Until', kind: 'day' },
];

export function JournalPage() {
  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.journal} />
      <LogView
        fields={JOURNAL_FIELDS}
        query={(filter) => journalQueries.list(filter)}
        name="journal"
        rows="changes"
        tableLabel="Changes"
        columns={JOURNAL_COLUMNS}
        rowKey={(entry) => `${entry.id ?? entry.at}-${entry.requestId}`}
        rowTestId="journal-entry"
        empty={(filtered) => `No changes recorded${filtered ? ' for these filters' : ' yet'}.`}
      />
    </Stack>
  );
}
