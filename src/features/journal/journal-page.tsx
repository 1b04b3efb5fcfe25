import { PAGES } from '../../app/route-table.ts';
import type { JournalEntry } from '../../api/journal.ts';
import type { TableColumn } from '../../components/responsive-table.tsx';
import { LOG_WINDOW_FIELDS, LogView, logDefinition } from '../../components/log-view.tsx';
import { JournalBatchUndo } from '../../components/batch-undo.tsx';
import { journalQueries } from '../../queries/journal.ts';
import { DateTimeText } from '../../components/relative-time.tsx';
import { JournalChanges, JournalTarget } from './journal-changes.tsx';
import { PersonName } from '../../components/person-name.tsx';
import { SavedViews } from '../../components/saved-views/saved-views.tsx';

const OPERATIONS: Record<string, string> = {
  'category.edit': 'Category edited',
  'trigger.update': 'Trigger updated or applied',
  'network.replace': 'Success network replaced',
  'update.create': 'Update posted',
  'alert.create': 'Alert raised',
  'comment.create': 'Comment added',
  'journal.purge': 'Old entries deleted (retention)',
};

const JOURNAL_COLUMNS: readonly TableColumn<JournalEntry>[] = [
  { header: 'When', nowrap: true, cell: (entry) => <DateTimeText dateTime={entry.at} /> },
  { header: 'Who', cell: (entry) => (entry.actor ? <PersonName identifier={entry.actor} /> : 'The gateway') },
  { header: 'What', cell: (entry) => OPERATIONS[entry.operation] ?? `${entry.method} ${entry.path}` },
  { header: 'Target', cell: (entry) => <JournalTarget target={entry.target} /> },
  {
    header: 'Result',
    cell: (entry) => (entry.status === null ? 'Result not recorded' : entry.status < 400 ? `Done (${entry.status})` : `Refused (${entry.status})`),
  },
  {
    header: 'Changes',
    cell: (entry) => (
      <>
        <JournalChanges entry={entry} />
        {typeof entry.summary?.batch === 'number' && <JournalBatchUndo batchId={entry.summary.batch} />}
      </>
    ),
  },
];

const JOURNAL_LOG = logDefinition({
  route: PAGES.journal,
  fields: [
    { name: 'target', label: 'Target', placeholder: 'category/3' },
    { name: 'operation', label: 'Operation', options: OPERATIONS },
    { name: 'actor', label: 'Changed by', placeholder: 'E0001' },
    ...LOG_WINDOW_FIELDS,
  ],
  query: journalQueries.list,
  name: 'journal',
  rows: 'changes',
  tableLabel: 'Changes',
  columns: JOURNAL_COLUMNS,
  rowKey: (entry) => `${entry.id ?? entry.at}-${entry.requestId}`,
  rowTestId: 'journal-entry',
  empty: 'No changes recorded',
});

export function JournalPage() {
  return <LogView {...JOURNAL_LOG} actions={() => <SavedViews page="journal" />} />;
}
