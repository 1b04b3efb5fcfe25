// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { TriageGrid } from './triage-grid.tsx';
import { prepareRows, type TriageRow } from './triage-rows.ts';
import { NO_SELECTION } from './use-triage-selection.ts';

const BASE = 'http://x/api';
const person = (identifier: string, firstName: string, role: 'Student' | 'Staff') => ({
  href: `${BASE}/people/${identifier}`,
  identifier,
  firstName,
  lastName: 'Lee',
  email: `${identifier}@example.edu`,
  role,
  self: { href: `${BASE}/people/${identifier}` },
});
const alertOf = (id: number, status: 'Open' | 'Lowered'): TriageAlert => ({
  id,
  audienceType: 'All',
  canStudentView: false,
  categories: { href: `${BASE}/notations/alerts/${id}/categories`, totalValues: 0, values: [] },
  comments: { href: `${BASE}/notations/alerts/${id}/comments` },
  createdBy: person('E1', 'Ann', 'Staff'),
  createdOn: new Date(Date.UTC(2026, 4, id, 12)).toISOString(),
  details: `Alert ${id}`,
  status,
  student: person(`S${id}`, `Student${id}`, 'Student'),
  self: { href: `${BASE}/notations/alerts/${id}` },
});

const ROWS = prepareRows([alertOf(1, 'Open'), alertOf(2, 'Lowered'), alertOf(3, 'Open')]);

function Harness({ rows, onSelection }: { rows: readonly TriageRow[]; onSelection: (model: GridRowSelectionModel) => void }) {
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  return (
    <div style={{ height: 600, width: 1200 }}>
      <TriageGrid
        data={{ view: 'alert', rows }}
        now={Date.UTC(2026, 4, 31)}
        sort={{ field: 'createdOn', direction: 'desc' }}
        onSortChange={() => {}}
        columnVisibility={{}}
        onColumnVisibilityChange={() => {}}
        density="standard"
        onDensityChange={() => {}}
        selection={selection}
        onSelectionChange={(model) => {
          setSelection(model);
          onSelection(model);
        }}
        onOpen={() => {}}
        openId={null}
        resetKey="all"
      />
    </div>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TriageGrid', () => {
  it('drops a row that leaves the view, and it stays gone (a lowered alert leaving the Open view)', async () => {
    const { rerender } = render(<Harness rows={ROWS} onSelection={() => {}} />);
    await waitFor(() => expect(document.querySelector('.MuiTablePagination-displayedRows')).toHaveTextContent('1–3 of 3'));
    rerender(<Harness rows={ROWS.filter((row) => row.id !== 1)} onSelection={() => {}} />);
    await waitFor(() => expect(document.querySelector('.MuiTablePagination-displayedRows')).toHaveTextContent('1–2 of 2'));
    // The grid's own effects run after the paint: give them a moment, then look again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.querySelector('[role="row"][data-id="1"]')).toBeNull();
    expect(document.querySelector('.MuiTablePagination-displayedRows')).toHaveTextContent('1–2 of 2');
  });

  it('selects rows with their checkboxes, named and checked', async () => {
    const user = userEvent.setup();
    const onSelection = vi.fn<(model: GridRowSelectionModel) => void>();
    render(<Harness rows={ROWS} onSelection={onSelection} />);
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="row"][data-id="2"]');
      if (!found) throw new Error('row 2 not rendered');
      return found;
    });
    const box = within(row).getByRole('checkbox', { name: 'Select row' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(within(row).getByRole('checkbox', { name: 'Unselect row' })).toBeChecked());
    expect(onSelection).toHaveBeenLastCalledWith({ type: 'include', ids: new Set([2]) });
    // The header's checkbox says some are selected.
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute('data-indeterminate', 'true');
  });
});
