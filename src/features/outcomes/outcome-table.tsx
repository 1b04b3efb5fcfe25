import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { OutcomeGroup } from '../../api/schemas/index.ts';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table.tsx';
import { formatBurden, formatHours, percent } from '../../components/outcome-words.ts';

/** How a group's alerts are found in triage: the link behind its counts. */
export type TriageLinkOf<T> = (row: T, status: 'Open' | 'Lowered' | 'all') => string;

const count = (n: number, href: string, what: string) =>
  n === 0 ? (
    '0'
  ) : (
    <Link component={RouterLink} to={href} aria-label={`${n} ${what}: open them in triage`}>
      {n}
    </Link>
  );

/**
 * One table of groups (categories, triggers or raisers), the flagged ones first as the gateway
 * sends them: each count links to its alerts in triage. Cards on a phone.
 */
export function OutcomeTable<T extends OutcomeGroup>({
  rows,
  label,
  name,
  rowKey,
  triage,
  actions,
  empty,
  testId,
}: {
  rows: readonly T[];
  label: string;
  name: { header: string; cell: (row: T) => ReactNode };
  rowKey: (row: T) => string | number;
  /** Null: the alerts behind these figures cannot be picked out in triage (a trigger's are found by its name). */
  triage: TriageLinkOf<T>;
  actions?: (row: T) => ReactNode;
  empty: string;
  testId: string;
}) {
  const columns: TableColumn<T>[] = [
    { header: name.header, cell: name.cell },
    {
      header: 'Burden',
      nowrap: true,
      cell: (r) => (r.flagged ? <Chip size="small" color="warning" variant="outlined" label={formatBurden(r)} title="Above the threshold" /> : formatBurden(r)),
    },
    { header: 'Alerts', align: 'right', cell: (r) => count(r.alerts, triage(r, 'all'), 'alerts') },
    { header: 'Answered in time', align: 'right', hideBelow: 'md', cell: (r) => `${r.answered} (${percent(r.answered, r.alerts)})` },
    { header: 'Open', align: 'right', cell: (r) => count(r.open, triage(r, 'Open'), 'open alerts') },
    { header: 'Lowered', align: 'right', hideBelow: 'md', cell: (r) => count(r.lowered, triage(r, 'Lowered'), 'lowered alerts') },
    { header: 'Closed without contact', align: 'right', hideBelow: 'lg', cell: (r) => r.closedWithoutContact },
    {
      header: 'First comment (median / 90th)',
      nowrap: true,
      hideBelow: 'lg',
      cell: (r) => `${formatHours(r.medianHoursToFirstComment)} / ${formatHours(r.p90HoursToFirstComment)}`,
    },
    {
      header: 'Lowering (median / 90th)',
      nowrap: true,
      hideBelow: 'lg',
      cell: (r) => `${formatHours(r.medianHoursToLowering)} / ${formatHours(r.p90HoursToLowering)}`,
    },
    ...(actions ? [{ header: 'Act', cell: actions }] : []),
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      label={label}
      cardsBelow="sm"
      empty={empty}
      rowProps={(r) => ({ 'data-testid': testId, 'data-flagged': String(r.flagged) })}
    />
  );
}
